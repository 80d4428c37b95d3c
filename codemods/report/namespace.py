"""What a migrated module's namespace gains and loses: the public names `from module import *`
and `module.name` reach (its `__all__` when it has one, else every module-level name without a
leading underscore). The report lists each module whose namespace changes."""

from __future__ import annotations

import ast
from collections.abc import Iterator


def _bound(body: list[ast.stmt]) -> Iterator[str]:
    """The names module-level statements bind (inside `if`/`try`/`with` blocks too)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    yield alias.asname or alias.name.split(".")[0]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                yield from (n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.If | ast.While | ast.For | ast.With):
            yield from _bound(node.body)
            yield from _bound(getattr(node, "orelse", []))
        elif isinstance(node, ast.Try):
            yield from _bound(node.body)
            for handler in node.handlers:
                yield from _bound(handler.body)
            yield from _bound(node.orelse)
            yield from _bound(node.finalbody)


def _declared_all(tree: ast.Module) -> set[str] | None:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            try:
                return {str(name) for name in ast.literal_eval(node.value)}
            except (ValueError, TypeError, SyntaxError):
                return None
    return None


def public_names(text: str) -> set[str]:
    """The module's public names (its `__all__`, else every name without a leading `_`)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return set()
    declared = _declared_all(tree)
    if declared is not None:
        return declared
    return {name for name in _bound(tree.body) if not name.startswith("_")}


def namespace_change(old: str, new: str) -> tuple[list[str], list[str]]:
    """(names added, names removed) between the module's two texts."""
    before, after = public_names(old), public_names(new)
    return sorted(after - before), sorted(before - after)
