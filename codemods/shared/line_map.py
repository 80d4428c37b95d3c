"""Where the lines of a text went in its rewrite: a site's line after migration, and which lines
a later edit (a recipe) replaced."""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Callable

__all__ = ["line_map", "replaced_lines"]


def line_map(old: str, new: str) -> Callable[[int], int]:
    """Line number in `old` -> the line it became in `new` (a changed line: the first line of
    what replaced it)."""
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    blocks = [(i + 1, j + 1, max(j2 - j, 1)) for _, i, _, j, j2 in matcher.get_opcodes()]
    starts = [start for start, _, _ in blocks]

    def moved(line: int) -> int:
        at = max(bisect.bisect_right(starts, line) - 1, 0)
        start, target, size = blocks[at]
        return target + min(line - start, size - 1)

    return moved


def replaced_lines(old: str, new: str) -> set[int]:
    """The line numbers of `old` that `new` replaced or deleted."""
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    return {
        line + 1
        for tag, i1, i2, _, _ in matcher.get_opcodes()
        if tag in ("replace", "delete")
        for line in range(i1, i2)
    }
