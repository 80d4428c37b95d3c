"""Where the runtime import and the module logger go, as small module-level units (stdlib ast).

Only the statements next to the insertion points are handed to libcst (a big import block is
not), so a unit is: the import before the insertion point through the one after it, and for the
logger the statements from the last import kept before its place through that place.

The logger goes after the import block, never in its middle: after the last import-like
statement (an import, an `if TYPE_CHECKING:` or other imports-only `if`, a `try` importing) that
comes before the first definition or other compound statement, simple statements in between
skipped (`Val = Any`, a deprecation warning between two imports), and before the first
statement that uses the logger at import time. `header.logger_index` reads a libcst module the
same way.
"""

from __future__ import annotations

import ast
import sys

from codemods.analyse.names import DROPPABLE_MODULES
from codemods.shared.units import Unit, is_docstring, range_unit


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


def import_like(stmt: ast.stmt) -> bool:
    """An import, or a block of imports: `if TYPE_CHECKING:`, an `if` holding only imports, a
    `try` whose body only imports (its fallbacks may define things)."""
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(stmt, ast.If):
        inner = stmt.body + stmt.orelse
        return "TYPE_CHECKING" in ast.dump(stmt.test) or all(
            isinstance(s, ast.Pass) or import_like(s) for s in inner
        )
    if isinstance(stmt, ast.Try):
        return any(import_like(s) for s in stmt.body) and all(
            isinstance(s, ast.Pass) or import_like(s) for s in stmt.body
        )
    return False


def logger_anchor(body: list[ast.stmt], first_use: int) -> int | None:
    """The index of the statement the module logger goes after (see the module docstring);
    None when no import comes first (it goes at the top, after a docstring). `first_use`: the
    first line that uses the logger at import time."""
    anchor = None
    for index, stmt in enumerate(body):
        if (stmt.end_lineno or stmt.lineno) >= first_use:
            break
        if import_like(stmt):
            anchor = index
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or any(
            isinstance(getattr(stmt, name, None), list) for name in ("body", "handlers", "cases")
        ):
            break  # a definition or another compound statement: the imports are over
    return anchor


def header_units(
    tree: ast.Module,
    lines: list[str],
    runtime: str,
    add_import: bool,
    add_logger: bool,
    drop: frozenset[str],
    first_use: int = 10**9,
) -> list[Unit] | None:
    """Units for the header edits; None: the statements there are not clean (use the module).
    `first_use`: the first line that uses the module logger at import time."""
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
        anchor = logger_anchor(body, first_use)
        if anchor is not None:
            kept = [
                i
                for i in range(anchor + 1)
                if import_like(body[i]) and not _fully_dropped(body[i], drop)
            ]
            span = body[kept[-1] if kept else 0 : anchor + 1]
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
