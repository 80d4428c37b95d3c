"""Path tests shared by the lint, the config and the codemod."""

from __future__ import annotations

import os


def is_within(path: str, folder: str) -> bool:
    """True when `path` is `folder` or lies inside it (both absolute and normalised: `abspath`
    or `realpath`, as the caller needs)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
