"""Where the lines of a text went in its rewrite: a site's line after migration, and which lines
a later edit (a recipe) replaced."""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Callable

__all__ = ["line_map", "replaced_lines"]


def line_map(old: str, new: str) -> Callable[[int], int]:
    """Line number in `old` -> the line it became in `new`. A line of a replaced block (a
    one-line call rewritten over three, an import dropped beside it) goes to the statement of
    the same rank among the new block's lines at its indentation (never a closing bracket), so
    a site names the line its rewritten call starts on."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    opcodes = matcher.get_opcodes()
    starts = [i + 1 for _, i, _, _, _ in opcodes]

    def moved(line: int) -> int:
        tag, i, i2, j, j2 = opcodes[max(bisect.bisect_right(starts, line) - 1, 0)]
        offset = line - 1 - i
        if tag != "replace" or offset >= i2 - i:
            return j + 1 + min(offset, max(j2 - j, 1) - 1)
        indent = _indent(old_lines[line - 1])
        rank = sum(1 for text in old_lines[i : line - 1] if _statement_at(text, indent))
        same = [k for k in range(j, j2) if _statement_at(new_lines[k], indent)]
        return same[min(rank, len(same) - 1)] + 1 if same else j + 1 + min(offset, j2 - j - 1)

    return moved


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def _statement_at(text: str, indent: int) -> bool:
    """A line that starts a statement at `indent` (not blank, not a closing bracket)."""
    stripped = text.strip()
    return bool(stripped) and _indent(text) == indent and stripped[0] not in ")]}"


def replaced_lines(old: str, new: str) -> set[int]:
    """The line numbers of `old` that `new` replaced or deleted."""
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    return {
        line + 1
        for tag, i1, i2, _, _ in matcher.get_opcodes()
        if tag in ("replace", "delete")
        for line in range(i1, i2)
    }
