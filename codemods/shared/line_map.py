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
    opcodes = _opcodes(old_lines, new_lines)
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
    return {
        line + 1
        for tag, i1, i2, _, _ in _opcodes(old.splitlines(), new.splitlines())
        if tag in ("replace", "delete")
        for line in range(i1, i2)
    }


Opcode = tuple[str, int, int, int, int]


def _opcodes(old: list[str], new: list[str]) -> list[Opcode]:
    """`difflib.SequenceMatcher`'s opcodes, found gap by gap between the lines that occur once
    in each text, in the same order (a patience diff): difflib alone is quadratic on a file of
    many similar lines (6,000 sites: 16 s of 19), these gaps are a few lines each."""
    ops: list[Opcode] = []
    i0 = j0 = 0
    for i, j in [*_anchors(old, new), (len(old), len(new))]:
        if i > i0 or j > j0:
            gap = difflib.SequenceMatcher(None, old[i0:i], new[j0:j], autojunk=False)
            ops += [(t, a + i0, b + i0, c + j0, d + j0) for t, a, b, c, d in gap.get_opcodes()]
        if i < len(old):
            ops.append(("equal", i, i + 1, j, j + 1))
        i0, j0 = i + 1, j + 1
    merged: list[Opcode] = []
    for op in ops:  # one run of equal lines, as difflib gives it
        if merged and op[0] == merged[-1][0] == "equal":
            tag, i1, _, j1, _ = merged[-1]
            merged[-1] = (tag, i1, op[2], j1, op[4])
        else:
            merged.append(op)
    return merged


def _anchors(old: list[str], new: list[str]) -> list[tuple[int, int]]:
    """The pairs (i, j) of lines found exactly once in `old` and in `new`, the longest run of
    them whose order both texts keep."""
    once_old = _once(old)
    once_new = _once(new)
    pairs = sorted((i, once_new[text]) for text, i in once_old.items() if text in once_new)
    tails: list[int] = []  # tails[k]: the index in `pairs` ending the best run of length k+1
    before: list[int] = [-1] * len(pairs)
    for index, (_, j) in enumerate(pairs):
        k = _find(tails, pairs, j)
        before[index] = tails[k - 1] if k else -1
        if k == len(tails):
            tails.append(index)
        else:
            tails[k] = index
    run: list[tuple[int, int]] = []
    at = tails[-1] if tails else -1
    while at >= 0:
        run.append(pairs[at])
        at = before[at]
    return run[::-1]


def _find(tails: list[int], pairs: list[tuple[int, int]], j: int) -> int:
    """The first k whose run ends on a line of `new` at or after `j` (binary search)."""
    low, high = 0, len(tails)
    while low < high:
        middle = (low + high) // 2
        if pairs[tails[middle]][1] < j:
            low = middle + 1
        else:
            high = middle
    return low


def _once(lines: list[str]) -> dict[str, int]:
    seen: dict[str, int] = {}
    for index, text in enumerate(lines):
        seen[text] = -1 if text in seen else index
    return {text: index for text, index in seen.items() if index >= 0}
