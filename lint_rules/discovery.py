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
    """The files under folder `top`, depth first, each folder's entries in sorted order (one
    `scandir` per folder: the entry says whether it is a folder or a link, no `stat` needed)."""
    # Globs match root-relative paths; compute the folder's once, then append names.
    top_rel = config.relpath(top).rstrip("/")
    if top_rel == ".":
        top_rel = ""
    yield from _walk_folder(top.rstrip(os.sep) or os.sep, top_rel, config, seen)


def _walk_folder(folder: str, rel: str, config: Config, seen: set[str]) -> Iterator[str]:
    base = f"{rel}/" if rel else ""
    listed: list[tuple[str, bool]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                try:
                    is_folder = entry.is_dir(follow_symlinks=False)  # a link is not followed
                    if not is_folder and entry.is_symlink() and entry.is_dir():
                        continue  # a linked folder: neither walked nor a file
                except OSError:
                    is_folder = False
                listed.append((entry.name, is_folder))
    except OSError:  # an unreadable folder is skipped, as os.walk does
        return
    listed.sort()
    folders = []
    for name, is_folder in listed:
        if is_folder:
            if not config.is_excluded_rel(f"{base}{name}/x"):
                folders.append(name)
            continue
        if not name.endswith(".py"):
            continue
        path = os.path.join(folder, name)
        if path in seen or not config.is_included_rel(base + name):
            continue
        seen.add(path)
        yield path
    for name in folders:
        yield from _walk_folder(os.path.join(folder, name), base + name, config, seen)
