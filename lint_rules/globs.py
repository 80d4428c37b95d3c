"""Glob patterns over '/'-separated relative paths: `**` spans folders, `*` stays in one."""

from __future__ import annotations

import re
from functools import lru_cache


def _glob_regex(pattern: str) -> str:
    """A pattern without '/' matches a name in any folder; a trailing '/' means "the folder and
    everything under it"; otherwise it is anchored at the root."""
    pat = pattern.strip()
    if pat.startswith("./"):
        pat = pat[2:]
    if "/" not in pat.rstrip("/"):
        pat = "**/" + pat
    elif pat.startswith("/"):
        pat = pat[1:]
    if pat.endswith("/"):
        pat += "**"
    out: list[str] = []
    i = 0
    while i < len(pat):
        if pat.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pat.startswith("**", i):
            out.append(".*")
            i += 2
        elif pat[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pat[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pat[i]))
            i += 1
    # A pattern naming a folder also covers what is inside it.
    return "".join(out) + "(?:/.*)?"


_ANY_FOLDER = "(?:.*/)?"


@lru_cache(maxsize=256)
def compile_globs(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regex for all `patterns` (None for none): a single match per path. The patterns that
    match in any folder share one `(?:.*/)?`, so the matcher tries each folder of a path once,
    not once per pattern (several times faster on the default excludes)."""
    if not patterns:
        return None
    regexes = [_glob_regex(p) for p in patterns]
    anywhere = [r[len(_ANY_FOLDER) :] for r in regexes if r.startswith(_ANY_FOLDER)]
    parts = [f"(?:{r})" for r in regexes if not r.startswith(_ANY_FOLDER)]
    if anywhere:
        parts.insert(0, _ANY_FOLDER + "(?:" + "|".join(anywhere) + ")")
    return re.compile("|".join(parts))


def matches_any(relpath: str, patterns: tuple[str, ...]) -> bool:
    """True if `relpath` (posix, relative) matches one of the glob `patterns`."""
    regex = compile_globs(patterns)
    return regex is not None and regex.fullmatch(relpath) is not None
