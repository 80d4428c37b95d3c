"""Fast AST traversal for the hot path."""

from __future__ import annotations

import ast

# Child fields per node class, without those that never hold a node: `ctx`, and the fields
# the grammar types as identifiers, strings, numbers or constants (a `Name` has none left).
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {type(None): ()}
_NOT_CHILDREN = frozenset(
    {"ctx", "kwd_attrs", "id", "attr", "arg", "name", "asname", "module", "level", "kind"}
    | {"type_comment", "is_async", "conversion", "simple", "tag"}
)
_CONSTANTS = (ast.Constant, ast.MatchSingleton)  # their `value` is a Python object


def _child_fields(cls: type) -> tuple[str, ...]:
    names = tuple(
        n
        for n in getattr(cls, "_fields", ())
        if n not in _NOT_CHILDREN
        and not (n == "names" and cls in (ast.Global, ast.Nonlocal))
        and not (n == "value" and cls in _CONSTANTS)
    )
    _CHILD_FIELDS[cls] = names
    return names


def walk_all(tree: ast.AST) -> list[ast.AST]:
    """Every node of `tree` (like `ast.walk`, about twice as fast)."""
    out: list[ast.AST] = []
    stack: list[ast.AST | None] = [tree]
    pop, push, extend, record = stack.pop, stack.append, stack.extend, out.append
    node_class = ast.AST
    child_fields = _CHILD_FIELDS
    while stack:
        node = pop()
        if node is None:  # dict keys of `**mapping`
            continue
        record(node)
        cls = type(node)
        fields = child_fields.get(cls)
        if fields is None:
            fields = _child_fields(cls)
        for name in fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                extend(value)
            elif isinstance(value, node_class):
                push(value)
    return out
