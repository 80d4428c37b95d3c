"""The safety guard: the new text compiles and its AST equals the old one except at the sites.

Allowed differences, and nothing else: a rewritten site (a call, or a comparison for a level gate,
found by its exact span) may become any expression; a removed site statement may disappear (or
leave `pass`); imports of `logging`/`warnings`/`sys` and of the runtime may lose names that the
new code no longer references (a recipe can make the module logger dead), and a `del` of such a name may lose it (or go); a module-level literal constant the
migration names (`Allowed.constants`) may go when the new code no longer references it; the
runtime import and the module logger may appear.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from codemods.analyse.names import DROPPABLE_MODULES, count_references
from codemods.shared.units import split_lines
from lint_rules.statements import stmt_start


def span(node: ast.expr) -> tuple[int, int, int, int]:
    """Where an expression starts and ends: a site is recognised by its whole extent, so an
    expression around it that starts at the same place is still compared."""
    return (node.lineno, node.col_offset, node.end_lineno or 0, node.end_col_offset or 0)


class GuardError(Exception):
    """The rewrite changed more than its sites; the file must stay untouched."""


@dataclass(frozen=True)
class Allowed:
    """The differences a migration is allowed to make, in terms of the OLD tree's positions."""

    # (lineno, col_offset, end_lineno, end_col_offset) of rewritten calls and comparisons
    sites: frozenset[tuple[int, int, int, int]]
    removed: frozenset[tuple[int, int]]  # (lineno, col_offset) of calls whose statement goes
    runtime: str
    runtime_names: frozenset[str]  # local names the migration imported from the runtime
    logger: str | None  # the module logger the migration created
    get_logger: str = "get_logger"  # the local name that logger is built with
    # module-level `NAME = <literal>` assignments the migration removed (their only reader went)
    constants: frozenset[str] = frozenset()


def check(old: ast.Module, old_text: str, new_text: str, path: str, allowed: Allowed) -> ast.Module:
    """Raise GuardError unless `new_text` is a safe migration of `old`; return the new tree."""
    try:
        new = ast.parse(new_text, filename=path)
        compile(new, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        raise GuardError(f"rewritten text does not compile: {exc}") from exc
    comparer = _Comparer(allowed, set(count_references(new)), _droppable_imports(old))
    comparer.old_lines, comparer.new_lines = split_lines(old_text), split_lines(new_text)
    try:
        same = comparer.same(old, new)
    except RecursionError as exc:
        raise GuardError("tree too deep to compare") from exc
    if not same:
        where = comparer.where
        raise GuardError(f"AST differs outside the rewritten sites (near line {where})")
    return new


def _droppable_imports(tree: ast.Module) -> frozenset[str]:
    """The local names the module's imports of logging/warnings/sys bind."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(
                a.asname or a.name.split(".")[0]
                for a in node.names
                if a.name.split(".")[0] in DROPPABLE_MODULES
            )
        elif (
            isinstance(node, ast.ImportFrom) and not node.level and node.module in DROPPABLE_MODULES
        ):
            names.update(a.asname or a.name for a in node.names if a.name != "*")
    return frozenset(names)


class _Comparer:
    def __init__(self, allowed: Allowed, still_used: set[str], droppable: frozenset[str]) -> None:
        self.allowed = allowed
        self.still_used = still_used
        self.droppable = droppable
        self.where = 0
        self._logger_seen = False
        self.old_lines: list[str] = []
        self.new_lines: list[str] = []

    def same(self, old: object, new: object) -> bool:
        if isinstance(old, (ast.Call, ast.Compare)) and span(old) in self.allowed.sites:
            return isinstance(new, ast.expr)  # a rewritten site: any expression
        if type(old) is not type(new):
            return self._fail(old)
        if isinstance(old, ast.stmt) and isinstance(new, ast.stmt) and self._same_text(old, new):
            return True
        if isinstance(old, ast.AST):
            for name in old._fields:
                a, b = getattr(old, name, None), getattr(new, name, None)
                if isinstance(a, list) and isinstance(b, list) and _is_block(a, b):
                    a, b = self._block(a, "old"), self._block(b, "new")
                if not self.same(a, b):
                    return self._fail(old)
            return True
        if isinstance(old, list):
            assert isinstance(new, list)
            if len(old) != len(new):
                return False
            return all(self.same(a, b) for a, b in zip(old, new, strict=True))
        return old == new or self._fail(old)

    def _same_text(self, old: ast.stmt, new: ast.stmt) -> bool:
        """Same characters on the same columns -> same tree (cheap path for untouched code)."""
        if (old.col_offset, old.end_col_offset) != (new.col_offset, new.end_col_offset):
            return False
        first_old, first_new = stmt_start(old), stmt_start(new)
        span = (old.end_lineno or old.lineno) - first_old
        if span != (new.end_lineno or new.lineno) - first_new:
            return False
        return (
            self.old_lines[first_old - 1 : first_old + span]
            == self.new_lines[first_new - 1 : first_new + span]
        )

    def _fail(self, node: object) -> bool:
        if not self.where:
            self.where = getattr(node, "lineno", 0)
        return False

    def _block(self, stmts: list[ast.stmt], side: str) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for stmt in stmts:
            if side == "old" and _removed_site(stmt, self.allowed.removed):
                continue
            if side == "old" and isinstance(stmt, ast.Assign) and self._dead_constant(stmt):
                continue
            if side == "old" and isinstance(stmt, ast.Delete):
                kept_del = self._live_targets(stmt)
                if kept_del is None:
                    continue
                stmt = kept_del
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                kept = self._imports(stmt, side)
                if kept is None:
                    continue
                stmt = kept
            elif side == "new" and self._is_added_logger(stmt):
                continue
            out.append(stmt)
        if len(out) == 1 and isinstance(out[0], ast.Pass):
            return []
        return out

    def _imports(self, stmt: ast.Import | ast.ImportFrom, side: str) -> ast.stmt | None:
        if isinstance(stmt, ast.Import):
            keep = [a for a in stmt.names if not self._unused(a.name, a, side)]
            node: ast.Import | ast.ImportFrom = ast.Import(names=keep)
        else:
            module, level = stmt.module or "", stmt.level
            keep = list(stmt.names)
            if level == 0 and (module in DROPPABLE_MODULES or module == self.allowed.runtime):
                keep = [a for a in keep if not self._unused(module, a, side)]
            if side == "new" and level == 0 and module == self.allowed.runtime:
                keep = [a for a in keep if (a.asname or a.name) not in self.allowed.runtime_names]
            node = ast.ImportFrom(module=stmt.module, names=keep, level=level)
        if not keep:
            return None
        return ast.copy_location(node, stmt)

    def _gone(self, name: str) -> bool:
        return name not in self.still_used

    def _dead_constant(self, stmt: ast.Assign) -> bool:
        """A module-level literal constant the migration removed and nothing reads any more."""
        target = stmt.targets[0] if len(stmt.targets) == 1 else None
        return (
            isinstance(target, ast.Name)
            and target.id in self.allowed.constants
            and isinstance(stmt.value, ast.Constant)
            and self._gone(target.id)
        )

    def _live_targets(self, stmt: ast.Delete) -> ast.Delete | None:
        """`stmt` without the names of dropped imports (or constants) nothing reads any more;
        None when none is left."""
        dead = self.droppable | self.allowed.constants
        keep = [
            t
            for t in stmt.targets
            if not (isinstance(t, ast.Name) and t.id in dead and self._gone(t.id))
        ]
        if not keep:
            return None
        return stmt if len(keep) == len(stmt.targets) else ast.copy_location(ast.Delete(keep), stmt)

    def _unused(self, module: str, alias: ast.alias, side: str) -> bool:
        """A name of logging/warnings/sys the new module no longer uses; on the old side also
        one the runtime import now binds (`from warnings import warn` -> the runtime's `warn`)."""
        droppable = module in DROPPABLE_MODULES or module == self.allowed.runtime
        if not droppable or alias.name == "*":
            return False
        local = alias.asname or alias.name
        if side == "old" and local in self.allowed.runtime_names:
            return True
        return local not in self.still_used

    def _is_added_logger(self, stmt: ast.stmt) -> bool:
        if self._logger_seen or self.allowed.logger is None or not isinstance(stmt, ast.Assign):
            return False
        target = stmt.targets[0] if len(stmt.targets) == 1 else None
        value = stmt.value
        if (
            isinstance(target, ast.Name)
            and target.id == self.allowed.logger
            and isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == self.allowed.get_logger
            and not value.keywords
            and len(value.args) == 1
            and isinstance(value.args[0], ast.Name)
            and value.args[0].id == "__name__"
        ):
            self._logger_seen = True
            return True
        return False


def _is_block(a: list[object], b: object) -> bool:
    first: Iterable[object] = a or (b if isinstance(b, list) else [])
    return any(isinstance(x, ast.stmt) for x in first)


def _removed_site(stmt: ast.stmt, removed: frozenset[tuple[int, int]]) -> bool:
    """A removed call's statement, or the assignment of a removed (unused) logger."""
    value = getattr(stmt, "value", None)
    return (
        isinstance(stmt, ast.Expr | ast.Assign | ast.AnnAssign)
        and isinstance(value, ast.Call)
        and (value.lineno, value.col_offset) in removed
    )
