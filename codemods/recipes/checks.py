"""What every recipe's output must keep, checked on the trees before and after its edits.

A recipe rewrites code its owner reads: a function it edits must still use every parameter it
used before (Core ML's `get_coreml_log_level(default_level)` once returned `logging.NOTSET` and
ignored the `default_level` both callers pass), and its docstring must not keep describing what
the edit removed (DebugPass's `override_logger` kept "written to that file besides stderr" once
its body no longer touched the root's handlers). `apply.py` refuses an output that loses a
parameter and lists a recipe whose edit left a docstring stale for review; the recipe tests run
the same checks on every recipe's real shape.
"""

from __future__ import annotations

import ast
import re

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


# What a docstring may say about a body, and what in a body says it: a recipe that removes the
# second leaves the first false (DebugPass's `override_logger` said "written to that file
# besides stderr" after its root handlers were gone).
_CONCEPTS: dict[str, tuple[str, frozenset[str]]] = {
    "stderr": (r"stderr|console", frozenset({"stderr", "StreamHandler", "root", "handlers"})),
    "stdout": (r"stdout|\bprints?\b", frozenset({"stdout", "print"})),
    "the root logger": (r"\broot\b", frozenset({"root"})),
    "handlers": (r"handler", frozenset({"addHandler", "removeHandler", "handlers"})),
    "basicConfig": (r"basicConfig", frozenset({"basicConfig"})),
    "setLevel": (r"setLevel", frozenset({"setLevel"})),
    "formatters": (r"formatter", frozenset({"Formatter", "formatter", "setFormatter"})),
}


def _identifiers(function: Function) -> set[str]:
    """Every name, attribute and keyword the function's body spells."""
    found: set[str] = set()
    for statement in function.body[1:] if ast.get_docstring(function) else function.body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name):
                found.add(node.id)
            elif isinstance(node, ast.Attribute):
                found.add(node.attr)
            elif isinstance(node, ast.keyword) and node.arg:
                found.add(node.arg)
    if any(name.endswith("Handler") for name in found):
        found.add("handlers")  # a handler class (`FileHandler`) is the body's handler
    return found


def stale_docstrings(old: ast.AST, new: ast.AST) -> list[str]:
    """For each edited function whose docstring the edit left as it was while removing from
    the body what the docstring mentions (a concept of `_CONCEPTS`, or an identifier the body
    no longer spells), what it still mentions: `override_logger(): stderr`."""
    stale = []
    for name, before, after in edited(old, new):
        doc = ast.get_docstring(after)
        if not doc or doc != ast.get_docstring(before):
            continue
        had, has = _identifiers(before), _identifiers(after)
        gone = had - has
        said = [
            concept
            for concept, (words, evidence) in _CONCEPTS.items()
            if re.search(words, doc, re.IGNORECASE) and evidence & gone and not evidence & has
        ]
        said += sorted(
            word for word in gone if len(word) > 3 and re.search(rf"\b{re.escape(word)}\b", doc)
        )
        if said:
            stale.append(f"{name}(): {', '.join(dict.fromkeys(said))}")
    return stale


def _class_of(value: ast.expr | None) -> str | None:
    """`C` for a value `C(...)` or `module.C(...)`: the class of an instance the module binds."""
    if isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return None


def _bindings(tree: ast.Module) -> dict[str, ast.stmt]:
    """The module's top-level bindings by name (the last one wins, as at run time)."""
    found: dict[str, ast.stmt] = {}
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[stmt.name] = stmt
        elif isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = stmt
    return found


def _subclasses(tree: ast.Module, base: str) -> set[str]:
    """`base` and the classes of the module deriving from it, directly or not."""
    found = {base}
    classes = [s for s in tree.body if isinstance(s, ast.ClassDef)]
    grew = True
    while grew:
        grew = False
        for cls in classes:
            bases = {_class_of(ast.Call(b, [], [])) for b in cls.bases}
            if cls.name not in found and bases & found:
                found.add(cls.name)
                grew = True
    return found


def retyped_bindings(old: ast.Module, new: ast.Module) -> list[str]:
    """Each module-level name that held an instance of a class `C` (`why = WhyNoPartition(...)`)
    and that the edit rebinds to something that is not a `C` (a function, another class's
    instance): code annotated with `C` (`why: WhyNoPartition | None`) would no longer type-check.
    A subclass of `C` defined in the module keeps the type."""
    changed = []
    after = _bindings(new)
    for name, stmt in _bindings(old).items():
        cls = _class_of(stmt.value) if isinstance(stmt, ast.Assign) else None
        if cls is None or name not in after or ast.dump(after[name]) == ast.dump(stmt):
            continue
        rebound = after[name]
        now = _class_of(rebound.value) if isinstance(rebound, ast.Assign) else None
        if now is None or now not in _subclasses(new, cls):
            what = type(rebound).__name__ if now is None else f"a {now}"
            changed.append(f"{name}: a {cls}, now {what}")
    return changed
