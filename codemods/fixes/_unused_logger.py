"""A module logger the module never logs on: `logger = logging.getLogger(__name__)` (or
`__file__`), read, if at all, only by module-level `logger.setLevel(...)` statements. Migrating
it would keep dead code alive under a new import; ETL001 and ETL006 delete it and its levels
instead, in the mechanical commit, since nothing a program prints changes (review r02a). Not in
a package's `__init__` (its level is its submodules' too), not a name `__all__` exports, not in
a file whose other rewrites log on the module logger (root calls and prints become its calls),
nor when a comment documents it or a level set on it (ETL006 leaves that to its owner)."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from lint_rules.detector import Analysis

# the kinds whose rewrites leave the module logger as unused as it was
_LEAVE_IT_UNUSED = frozenset({"ETL001", "ETL005", "ETL006"})


@dataclass(frozen=True)
class UnusedLogger:
    name: str
    made: ast.Call  # the `logging.getLogger(...)` call the module binds to `name`
    levels: tuple[ast.Call, ...]  # the `name.setLevel(...)` calls, each a statement


def unused_logger(analysis: Analysis, name: str | None = None) -> UnusedLogger | None:
    """The module's unused logger (the one bound to `name`, when given), or None."""
    if analysis.path.endswith("__init__.py"):
        return None
    if any(finding.code not in _LEAVE_IT_UNUSED for finding, _ in analysis.sites):
        return None
    facts = analysis.facts
    for stmt in analysis.tree.body:
        target, value = _binding(stmt)
        if target is None or not isinstance(value, ast.Call) or (name and target != name):
            continue
        if not _names_this_module(value, facts.qualname(value.func)):
            continue
        if target in _exported(analysis):
            continue
        levels = tuple(
            call
            for call in facts.by_method.get("setLevel", [])
            if isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id == target
            and id(call) in facts.module_level_calls
        )
        reads = sum(
            1
            for node in facts.nodes
            if type(node) is ast.Name and node.id == target and isinstance(node.ctx, ast.Load)
        )
        documented = facts.comment_of(stmt) or any(facts.comment_of(c) for c in levels)
        if reads == len(levels) and not documented:
            return UnusedLogger(target, value, levels)
    return None


def _names_this_module(call: ast.Call, qualname: str | None) -> bool:
    """`logging.getLogger(__name__)` or `(__file__)`: a logger no other module's is below, so
    its level matters to nothing but its own calls (an explicit name, or the root, may be the
    parent of other loggers)."""
    return (
        qualname == "logging.getLogger"
        and not call.keywords
        and len(call.args) == 1
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id in ("__name__", "__file__")
    )


def _binding(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    """(name, value) of a module-level `name = value` or `name: T = value`."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target: ast.expr = stmt.targets[0]
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target = stmt.target
    else:
        return None, None
    return (target.id, stmt.value) if isinstance(target, ast.Name) else (None, None)


def _exported(analysis: Analysis) -> set[str]:
    """The strings of a module-level `__all__ = [...]` (or a tuple)."""
    for stmt in analysis.tree.body:
        name, value = _binding(stmt)
        if name == "__all__" and isinstance(value, ast.List | ast.Tuple):
            return {
                e.value
                for e in value.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            }
    return set()
