"""Where the runtime import and the module logger go, as small module-level units (stdlib ast).

Only the statements next to the insertion points are handed to libcst (a big import block is
not), so a unit is: the import before the insertion point through the one after it, and the
last header statement for the logger.
"""

from __future__ import annotations

import ast
import sys

from codemods.plan.names import DROPPABLE_MODULES
from codemods.rewrite.units import Unit, header_statements, is_docstring, range_unit


def import_section(module: str, level: int) -> int:
    """usort's sections: 0 `__future__`, 1 stdlib, 2 third-party, 3 relative."""
    top = module.split(".")[0]
    if level:
        return 3
    if top == "__future__":
        return 0
    return 1 if top in sys.stdlib_module_names else 2


def import_order(module: str, level: int, is_from: bool) -> tuple[int, bool, str]:
    """usort's order: section (future, stdlib, third-party, relative), plain before from, name."""
    return (import_section(module, level), is_from, module.lower())


def sort_key(stmt: ast.Import | ast.ImportFrom) -> tuple[int, bool, str]:
    if isinstance(stmt, ast.Import):
        return import_order(stmt.names[0].name, 0, False)
    return import_order(stmt.module or "", stmt.level, True)


def _fully_dropped(stmt: ast.stmt, drop: frozenset[str]) -> bool:
    if isinstance(stmt, ast.Import):
        return all(a.name in DROPPABLE_MODULES and (a.asname or a.name) in drop for a in stmt.names)
    if isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and stmt.module in DROPPABLE_MODULES:
        return all((a.asname or a.name) in drop for a in stmt.names)
    return False


def header_units(
    tree: ast.Module,
    lines: list[str],
    runtime: str,
    add_import: bool,
    add_logger: bool,
    drop: frozenset[str],
) -> list[Unit] | None:
    """Units for the header edits; None: the statements there are not clean (use the module)."""
    body = tree.body
    if not body:
        return None
    start = 1 if is_docstring(body[0]) else 0
    run: list[ast.Import | ast.ImportFrom] = []
    for stmt in body[start:]:
        if not isinstance(stmt, (ast.Import, ast.ImportFrom)):
            break
        run.append(stmt)
    live = [s for s in run if not _fully_dropped(s, drop)]
    units: list[Unit | None] = []
    if add_import:
        unit = range_unit(lines, _import_span(body, start, run, live, runtime))
        if unit is not None:
            unit.add_import = True
        units.append(unit)
    if add_logger:
        header = header_statements(tree)
        if header:
            kept = [s for s in header if not _fully_dropped(s, drop)]
            first = body.index(kept[-1]) if kept else 0
            span = body[first : body.index(header[-1]) + 1]
        else:
            span = body[:1]
        unit = range_unit(lines, span)
        if unit is not None:
            unit.add_logger = True
        units.append(unit)
    if any(u is None for u in units):
        return None
    return [u for u in units if u is not None]


def _import_span(
    body: list[ast.stmt],
    start: int,
    run: list[ast.Import | ast.ImportFrom],
    live: list[ast.Import | ast.ImportFrom],
    runtime: str,
) -> list[ast.stmt]:
    existing = [
        s for s in run if isinstance(s, ast.ImportFrom) and s.level == 0 and s.module == runtime
    ]
    if existing:
        return [existing[0]]
    ours = import_order(runtime, 0, True)
    following = next((s for s in live if sort_key(s) > ours), None)
    after: ast.stmt
    if following is not None:
        after = following
        index = live.index(following)
        first = live[index - 1] if index else (body[0] if start else run[0])
    elif live:
        first = after = live[-1]
    elif run:
        first, after = body[0], run[-1]
    else:
        first = after = body[0]
    return body[body.index(first) : body.index(after) + 1]
