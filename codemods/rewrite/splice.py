"""Edits spliced into a module's text: disjoint character ranges replaced by new text. Used by
the site kinds' rewrite (`rewrite.attempt`) and by the recipes (`recipes.apply`)."""

from __future__ import annotations

from bisect import bisect_right

# (start, end, new text, whole lines): character offsets into the old text; `whole lines` marks
# a statement unit, whose removal also takes one surplus blank line with it.
TextEdit = tuple[int, int, str, bool]


def line_starts(lines: list[str]) -> list[int]:
    """The character offset of each line's start, and of the text's end."""
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    return starts


def splice(text: str, lines: list[str], starts: list[int], edits: list[TextEdit]) -> str:
    """Apply the edits (disjoint character ranges; edits at one place keep their order). A
    statement unit that vanished takes one surplus blank line with it: no doubled blank line, no
    blank line opening a block."""
    out: list[str] = []
    cursor = 0
    for start, end, new, whole_lines in sorted(edits, key=lambda edit: edit[:2]):
        out.append(text[cursor:start])
        cursor = end
        if not whole_lines:
            out.append(new)
            continue
        if new and not text[start:end].endswith(("\n", "\r")):
            new = new.rstrip("\r\n")  # the file's last line had no line ending
        if new:
            out.append(new)
            continue
        following = bisect_right(starts, end) - 1  # 0-based index of the line after the unit
        after = 0  # blank lines right after the unit
        while following + after < len(lines) and not lines[following + after].strip():
            after += 1
        if after:
            done = "".join(out)
            before = _last_line(done)
            if before is not None and before.rstrip().endswith(":"):
                cursor = starts[following + 1]  # no blank line opening a block
            elif before is None or not before.strip():
                # the blank lines before and after the gap meet: keep as many as the larger
                # run had (black's count), not their sum
                drop = min(after, _blank_run(done))
                cursor = starts[following + drop]
    out.append(text[cursor:])
    return "".join(out)


def _blank_run(text: str) -> int:
    """How many blank lines `text` (which ends with a line ending) ends with; a start of file
    counts as one (what it would have been followed by)."""
    lines = text.splitlines()
    count = 0
    while count < len(lines) and not lines[len(lines) - 1 - count].strip():
        count += 1
    return max(count, 1) if count == len(lines) else count


def _last_line(text: str) -> str | None:
    """The last line of `text` (which ends with a line ending), without it; None when empty."""
    if not text:
        return None
    body = text[:-2] if text.endswith("\r\n") else text[:-1]
    return body[max(body.rfind("\n"), body.rfind("\r")) + 1 :]
