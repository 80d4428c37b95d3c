"""pytest plugin (filled in shortly)."""
