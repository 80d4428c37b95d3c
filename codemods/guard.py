"""The safety guard: the new text compiles and its AST equals the old one except at the sites.

Allowed differences, and nothing else: a rewritten site call may become any call; a removed site
statement may disappear (or leave `pass`); imports of `logging`/`warnings`/`sys` and of the
runtime may lose names that the new code no longer references (a recipe can make the module
logger dead); the runtime import and the module logger may appear.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from codemods.plan.names import DROPPABLE_MODULES, count_references
from codemods.rewrite.units import split_lines
from lint_rules.statements import stmt_start


class GuardError(Exception):
    """The rewrite changed more than its sites; the file must stay untouched."""


@dataclass(frozen=True)
class Allowed:
    """The differences a migration is allowed to make, in terms of the OLD tree's positions."""

    sites: frozenset[tuple[int, int]]  # (lineno, col_offset) of rewritten calls
    removed: frozenset[tuple[int, int]]  # (lineno, col_offset) of calls whose statement goes
    runtime: str
    runtime_names: frozenset[str]  # local names the migration imported from the runtime
    logger: str | None  # the module logger the migration created
    get_logger: str = "get_logger"  # the local name that logger is built with


def check(old: ast.Module, old_text: str, new_text: str, path: str, allowed: Allowed) -> ast.Module:
    """Raise GuardError unless `new_text` is a safe migration of `old`; return the new tree."""
    try:
        new = ast.parse(new_text, filename=path)
        compile(new, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        raise GuardError(f"rewritten text does not compile: {exc}") from exc
    comparer = _Comparer(allowed, set(count_references(new)))
    comparer.old_lines, comparer.new_lines = split_lines(old_text), split_lines(new_text)
    try:
        same = comparer.same(old, new)
    except RecursionError as exc:
        raise GuardError("tree too deep to compare") from exc
    if not same:
        where = comparer.where
        raise GuardError(f"AST differs outside the rewritten sites (near line {where})")
    return new


class _Comparer:
    def __init__(self, allowed: Allowed, still_used: set[str]) -> None:
        self.allowed = allowed
        self.still_used = still_used
        self.where = 0
        self._logger_seen = False
        self.old_lines: list[str] = []
        self.new_lines: list[str] = []

    def same(self, old: object, new: object) -> bool:
        if type(old) is not type(new):
            return self._fail(old)
        if isinstance(old, ast.stmt) and isinstance(new, ast.stmt) and self._same_text(old, new):
            return True
        if isinstance(old, ast.AST):
            if isinstance(old, ast.Call) and (old.lineno, old.col_offset) in self.allowed.sites:
                return True
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
            keep = [a for a in stmt.names if not self._unused(a.name, a)]
            node: ast.Import | ast.ImportFrom = ast.Import(names=keep)
        else:
            module, level = stmt.module or "", stmt.level
            keep = list(stmt.names)
            if level == 0 and (module in DROPPABLE_MODULES or module == self.allowed.runtime):
                keep = [a for a in keep if not self._unused(module, a)]
            if side == "new" and level == 0 and module == self.allowed.runtime:
                keep = [a for a in keep if (a.asname or a.name) not in self.allowed.runtime_names]
            node = ast.ImportFrom(module=stmt.module, names=keep, level=level)
        if not keep:
            return None
        return ast.copy_location(node, stmt)

    def _unused(self, module: str, alias: ast.alias) -> bool:
        droppable = module in DROPPABLE_MODULES or module == self.allowed.runtime
        if not droppable or alias.name == "*":
            return False
        return (alias.asname or alias.name) not in self.still_used

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
    value = getattr(stmt, "value", None)
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(value, ast.Call)
        and (value.lineno, value.col_offset) in removed
    )
