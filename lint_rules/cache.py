"""Opt-in result cache (`--cache`): findings per file, keyed by the file's stat and by a
fingerprint of the lint itself (its code, the Python version and the configuration), so a
repeated run over a large tree only re-lints what changed."""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from dataclasses import fields
from typing import Generic, TypeVar

from lint_rules.config import Config

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable

CACHE_VERSION = 1
Stat = tuple[int, int, int]
R = TypeVar("R")  # what one file's entry holds


def fingerprint(config: Config) -> str:
    """Changes whenever a lint module, the interpreter or a config value changes."""
    here = os.path.dirname(os.path.abspath(__file__))
    parts: list[object] = [CACHE_VERSION, sys.version]
    for folder in (here, os.path.join(here, "rules")):
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                st = entry.stat()
                parts.append((entry.name, st.st_size, st.st_mtime_ns))
    parts += [(f.name, getattr(config, f.name)) for f in fields(config) if f.compare]
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:16]


def file_stat(path: str) -> Stat | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


class ResultCache(Generic[R]):
    """path -> (stat, result) for one fingerprint; unreadable or foreign files start empty.
    `kind` names the file: `lint` (findings, errors), `tests` (a test file's capturing tests)."""

    def __init__(self, folder: str, config: Config, kind: str = "lint") -> None:
        self.folder = folder
        self.file = os.path.join(folder, f"{kind}-{fingerprint(config)}.pickle")
        self.entries: dict[str, tuple[Stat, R]] = {}
        self.dirty = False
        try:
            with open(self.file, "rb") as handle:
                data = pickle.load(handle)
            if isinstance(data, dict) and data.get("version") == CACHE_VERSION:
                self.entries = data["entries"]
        except Exception:  # missing, truncated or from another version: start afresh
            self.entries = {}

    def get(self, path: str, stat: Stat | None) -> R | None:
        hit = self.entries.get(path)
        return hit[1] if hit is not None and stat is not None and hit[0] == stat else None

    def put(self, path: str, stat: Stat | None, result: R) -> None:
        if stat is not None:
            self.entries[path] = (stat, result)
            self.dirty = True

    def save(self) -> None:
        """Write atomically; a cache that cannot be written is silently skipped."""
        if not self.dirty:
            return
        try:
            os.makedirs(self.folder, exist_ok=True)
            ignore = os.path.join(self.folder, ".gitignore")
            if not os.path.exists(ignore):
                with open(ignore, "w", encoding="utf-8") as handle:
                    handle.write("# written by et-log-lint --cache\n*\n")
            tmp = f"{self.file}.{os.getpid()}.tmp"
            with open(tmp, "wb") as handle:
                pickle.dump({"version": CACHE_VERSION, "entries": self.entries}, handle, 4)
            os.replace(tmp, self.file)
        except OSError:
            pass


def cached_test_refs(
    folder: str, config: Config, paths: list[str], index: Callable[[str], list[R]]
) -> list[R]:
    """`index(path)` for each test file, from the `tests` cache beside the lint's results when
    the file is unchanged: a repeated run does not parse ExecuTorch's ~1,200 test files again.
    (Generic in what `index` returns, so this module needs nothing of `capturing_tests`.)"""
    cache: ResultCache[list[R]] = ResultCache(folder, config, kind="tests")
    refs: list[R] = []
    for path in paths:
        key, stat = os.path.abspath(path), file_stat(path)
        found = cache.get(key, stat)
        if found is None:
            found = index(path)
            cache.put(key, stat, found)
        refs += found
    cache.save()
    return refs
