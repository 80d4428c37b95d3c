"""Which files to lint: explicit files as given, folders walked with include/exclude globs."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from lint_rules.config import Config


def iter_python_files(paths: Iterable[str | os.PathLike[str]], config: Config) -> Iterator[str]:
    """Yield files to lint, each once, folders walked in sorted order. An explicitly named file
    is yielded unless an exclude glob matches it (so pre-commit honours excludes); a missing
    path is yielded as is, for the caller to report. Symlinked folders are not followed."""
    seen: set[str] = set()
    for raw in paths:
        path = os.fspath(raw)
        if os.path.isdir(path):
            yield from _walk(path, config, seen)
        elif path not in seen and not config.is_excluded(path):
            seen.add(path)
            yield path


def _walk(top: str, config: Config, seen: set[str]) -> Iterator[str]:
    # Globs match root-relative paths; compute the folder's once, then append names.
    top_rel = config.relpath(top).rstrip("/")
    if top_rel == ".":
        top_rel = ""
    prefix_len = len(top.rstrip(os.sep))
    for folder, dirs, files in os.walk(top):
        rel = (top_rel + folder[prefix_len:].replace(os.sep, "/")).lstrip("/")
        base = f"{rel}/" if rel else ""
        dirs[:] = sorted(
            d
            for d in dirs
            if not os.path.islink(os.path.join(folder, d))
            and not config.is_excluded_rel(f"{base}{d}/x")
        )
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            if path in seen or not config.is_included_rel(base + name):
                continue
            seen.add(path)
            yield path
