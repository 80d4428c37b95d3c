"""torch.backends entry point (filled in shortly; must never raise)."""


def register() -> None:
    """Placeholder that does nothing."""
