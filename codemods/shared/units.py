"""The smallest self-contained statement ranges ("units") libcst must see for structural edits.

Site calls are rewritten on their own text (an expression unit, see attempt.py); statements are
handed to libcst only where a statement goes (a removed configuration call), an import loses a
name, or the runtime import and module logger are added. A unit is a run of whole physical lines
holding one statement (with its decorators) and nothing else; it is parsed alone, wrapped in
``if 1:`` when indented.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from lint_rules.statements import StatementIndex, stmt_start

_LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
WRAPPER = "if 1:"


def split_lines(text: str) -> list[str]:
    """Physical lines with their endings, split exactly like Python's tokenizer (\\n, \\r\\n, \\r)."""
    return _LINE_RE.findall(text)


@dataclass
class Unit:
    """Lines ``start..end`` (1-based, inclusive) parsed alone; ``stmts`` are the statements they
    hold. ``add_import``/``add_logger``: the runtime import / module logger go into this unit."""

    start: int
    end: int
    indented: bool
    stmts: list[ast.stmt] = field(default_factory=list)
    add_import: bool = False
    add_logger: bool = False

    def wrapper(self, lines: list[str]) -> str:
        """The `if 1:` line that makes an indented unit parse, with the unit's line ending."""
        if not self.indented:
            return ""
        first = lines[self.start - 1]
        return WRAPPER + ("\r\n" if first.endswith("\r\n") else first[-1:] or "\n")

    def text(self, lines: list[str]) -> str:
        body = "".join(lines[self.start - 1 : self.end])
        if body and not body.endswith(("\n", "\r")):
            body += "\n"
        return self.wrapper(lines) + body


def is_clean(stmt: ast.stmt, lines: list[str]) -> bool:
    """True when the statement owns its lines: nothing before it, only a comment after it."""
    first = stmt_start(stmt)
    head = lines[first - 1]
    if first == stmt.lineno:
        prefix = head.encode("utf-8")[: stmt.col_offset]
        if prefix.strip(b" \t\f"):
            return False
    elif not head.lstrip(" \t\f").startswith("@"):
        return False
    tail = lines[(stmt.end_lineno or stmt.lineno) - 1].encode("utf-8")[stmt.end_col_offset :]
    tail = tail.strip()
    return not tail or tail.startswith(b"#")


def unit_for(index: StatementIndex, lines: list[str], node: ast.expr | ast.stmt) -> Unit | None:
    """The innermost clean statement around `node`; None means: use the whole module."""
    for stmt in reversed(index.chain(node.lineno, node.col_offset)):
        if is_clean(stmt, lines):
            start = stmt_start(stmt)
            indented = lines[start - 1][:1] in (" ", "\t", "\f")
            return Unit(start, stmt.end_lineno or stmt.lineno, indented, [stmt])
    return None


def is_docstring(stmt: ast.stmt) -> bool:
    value = getattr(stmt, "value", None)
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(value, ast.Constant)
        and isinstance(value.value, str)
    )


def range_unit(lines: list[str], stmts: list[ast.stmt]) -> Unit | None:
    """A unit over consecutive module-level statements; None when they do not own their lines."""
    if not all(is_clean(s, lines) for s in stmts):
        return None
    return Unit(stmt_start(stmts[0]), stmts[-1].end_lineno or stmts[0].lineno, False, list(stmts))


def merge_units(units: list[Unit]) -> list[Unit]:
    """Merge overlapping units into a sorted, disjoint list: a nested unit joins the one around
    it; overlapping module-level ranges are joined. Empty list: fall back to the whole module."""
    merged: list[Unit] = []
    for unit in sorted(units, key=lambda u: (u.start, -u.end)):
        if merged and unit.start <= merged[-1].end:
            last = merged[-1]
            last.add_import |= unit.add_import
            last.add_logger |= unit.add_logger
            if unit.end <= last.end:
                continue  # nested in `last`, whose statements already hold it
            if unit.indented or last.indented:
                return []
            last.end = unit.end
            last.stmts.extend(s for s in unit.stmts if s not in last.stmts)
            continue
        merged.append(unit)
    return merged
