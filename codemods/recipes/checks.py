"""What every recipe's output must keep, checked on the trees before and after its edits.

A recipe rewrites code its owner reads: a function it edits must still use every parameter it
used before (Core ML's `get_coreml_log_level(default_level)` once returned `logging.NOTSET` and
ignored the `default_level` both callers pass). `apply.py` refuses an output that loses one, and
the recipe tests run the same check on every recipe's real shape.
"""

from __future__ import annotations

import ast

Function = ast.FunctionDef | ast.AsyncFunctionDef


def functions(tree: ast.AST, prefix: str = "") -> dict[str, Function]:
    """Every function of `tree` by its dotted path (`Class.method`, `outer.inner`)."""
    found: dict[str, Function] = {}
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{prefix}{node.name}"
            if not isinstance(node, ast.ClassDef):
                found[name] = node
            found.update(functions(node, f"{name}."))
        elif isinstance(node, ast.stmt):
            found.update(functions(node, prefix))
    return found


def edited(old: ast.AST, new: ast.AST) -> list[tuple[str, Function, Function]]:
    """The functions present before and after whose code differs: (path, old, new)."""
    before, after = functions(old), functions(new)
    return [
        (name, before[name], after[name])
        for name in before
        if name in after and ast.dump(before[name]) != ast.dump(after[name])
    ]


def parameters(function: Function) -> list[str]:
    args = function.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    every += [a for a in (args.vararg, args.kwarg) if a is not None]
    return [a.arg for a in every]


def read_names(function: Function) -> set[str]:
    """The names the function's body reads (nested functions included)."""
    return {
        node.id
        for statement in function.body
        for node in ast.walk(statement)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def lost_parameters(old: ast.AST, new: ast.AST) -> list[str]:
    """`f(p)` for each parameter `p` an edited function `f` read before and reads no more."""
    lost = []
    for name, before, after in edited(old, new):
        used_before, used_after = read_names(before), read_names(after)
        lost += [
            f"{name}({p})"
            for p in parameters(after)
            if p in used_before and p not in used_after and p in parameters(before)
        ]
    return lost
