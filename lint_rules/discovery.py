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
    """The files under folder `top`, as os.walk would list them: depth first, a folder's files
    before its folders, each in sorted order; a link to a folder is neither followed nor a file.
    One `scandir` per folder (the entry says folder or link: no `stat` per folder), and a stack,
    not recursion, so a deep tree cannot exhaust Python's recursion limit."""
    # Globs match root-relative paths; compute the top's once, then append names.
    top_rel = config.relpath(top).rstrip("/")
    if top_rel == ".":
        top_rel = ""
    stack = [(top, top_rel)]
    while stack:
        folder, rel = stack.pop()
        base = f"{rel}/" if rel else ""
        folders = []
        for name, is_folder in _entries(folder):
            if is_folder:
                if not config.is_excluded_rel(f"{base}{name}/x"):
                    folders.append((os.path.join(folder, name), base + name))
                continue
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            if path in seen or not config.is_included_rel(base + name):
                continue
            seen.add(path)
            yield path
        stack.extend(reversed(folders))


def _entries(folder: str) -> list[tuple[str, bool]]:
    """(name, is a folder) of each entry of `folder`, sorted; links to folders left out; none
    when the folder cannot be read (skipped, as os.walk does)."""
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
    except OSError:
        return []
    listed.sort()
    return listed
