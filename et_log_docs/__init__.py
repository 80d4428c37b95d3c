"""The docs' generated sections, written for every package and script (`sections`)."""
