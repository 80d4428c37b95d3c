"""File-level readings for tests/e2e/harness/review_classes.py: a level gate left reading `.level`
(class 4), untidy modules (class 7: two loggers, an inline `get_logger(__name__)`, an import or
constant left unused, the logger in the middle of the imports) and half-migrations (class 8),
each placed in the hunk it falls in (or counted on its own)."""

from __future__ import annotations

import ast

from harness.review_hunks import Hunk, Module


def _hunk_at(found: list[Hunk], line: int, path: str) -> Hunk:
    for hunk in found:
        if line in hunk.new:
            return hunk
    hunk = Hunk(path, range(0), range(line, line + 1))  # outside every hunk: its own finding
    found.append(hunk)
    return hunk


def _loggers(module: Module) -> dict[str, ast.stmt]:
    out = {}
    for stmt in module.tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, ast.Call):
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            name = module.qualname(stmt.value.func)
            argument = stmt.value.args[0] if stmt.value.args else None
            if (
                isinstance(target, ast.Name)
                and name.rsplit(".", 1)[-1] in ("get_logger", "getLogger")
                and isinstance(argument, ast.Name)
                and argument.id == "__name__"
            ):
                out[target.id] = stmt
    return out


def file_checks(path: str, old: Module, new: Module, found: list[Hunk]) -> None:
    """Add the file-level findings (classes 4, 7, 8) to `found`."""
    for node in ast.walk(new.tree):  # 4: gates reading a level
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            reads = [s for s in sides if isinstance(s, ast.Attribute) and s.attr == "level"]
            reads += [
                s
                for s in sides
                if isinstance(s, ast.Call)
                and isinstance(s.func, ast.Attribute)
                and s.func.attr == "getEffectiveLevel"
                and ("root" in ast.unparse(s) or "getLogger()" in ast.unparse(s))
            ]
            if reads:
                _hunk_at(found, node.lineno, path).classes["4"] = (
                    f"gate reads {ast.unparse(reads[0])}"
                )
    loggers = _loggers(new)
    if len(loggers) > 1:  # 7: one logger per module
        line = max(s.lineno for s in loggers.values())
        _hunk_at(found, line, path).classes["7"] = f"two module loggers: {', '.join(loggers)}"
    for call in new.calls:
        name = new.qualname(call.func)
        if (
            loggers
            and name.endswith(".get_logger")
            and not any(call is s.value for s in loggers.values())
        ):
            if ast.unparse(call).endswith("(__name__)"):
                _hunk_at(found, call.lineno, path).classes["7"] = "get_logger(__name__) inline"
    before, after = old.references(), new.references()
    for stmt in new.tree.body:  # 7: imports and constants the rewrite left unused
        names: list[str] = []
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names = [a.asname or a.name.split(".")[0] for a in stmt.names]
        elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant):
            names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
        for name in names:
            if before[name] and not after[name] and name != "__all__":
                _hunk_at(found, stmt.lineno, path).classes["7"] = f"{name} left unused"
    deleted = [n for n in ast.walk(new.tree) if isinstance(n, ast.Delete)]
    for stmt in deleted:
        for target in stmt.targets:
            if isinstance(target, ast.Name) and not after[target.id] and before[target.id]:
                _hunk_at(found, stmt.lineno, path).classes["7"] = (
                    f"`del {target.id}` of a name nothing uses"
                )
    body = new.tree.body
    for name, stmt in loggers.items():
        if _loggers(old).get(name) is not None:
            continue  # the module's own line, kept where its author put it
        at = body.index(stmt)
        stop = next(
            (
                i
                for i, s in enumerate(body)
                if isinstance(s, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            ),
            len(body),
        )
        later = [s for s in body[at:stop] if isinstance(s, (ast.Import, ast.ImportFrom))]
        used = (
            [
                s
                for s in body[at + 1 : body.index(later[-1])]
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(s))
            ]
            if later
            else []
        )
        if later and not used:
            _hunk_at(found, stmt.lineno, path).classes["7"] = (
                f"`{name} = ...` in the middle of the imports"
            )
    migrated = {t for t, s in loggers.items() if new.qualname(s.value.func).endswith(".get_logger")}  # type: ignore[attr-defined]
    migrated |= {
        t.id
        for s in body
        if isinstance(s, ast.Assign)
        and isinstance(s.value, ast.Call)
        and new.qualname(s.value.func).endswith(".get_logger")
        for t in s.targets
        if isinstance(t, ast.Name)
    }
    # 8: a migrated logger the module still gives an output of its own (a handler, propagation
    # off); a level of its own on a module logger is not one: it works in both logging modes
    for stmt in _import_time(body):
        target = None
        if (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr in ("addHandler", "removeHandler")
        ):
            target = stmt.value.func.value
        elif (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.targets[0], ast.Attribute)
            and stmt.targets[0].attr in ("propagate", "handlers")
        ):
            target = stmt.targets[0].value
        if isinstance(target, ast.Name) and target.id in migrated:
            _hunk_at(found, stmt.lineno, path).classes["8"] = (
                f"half-migrated: {ast.unparse(stmt)[:60]}"
            )


def _import_time(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements that run at import time (blocks included, function bodies not)."""
    out: list[ast.stmt] = []
    for stmt in body:
        out.append(stmt)
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for name in ("body", "orelse", "finalbody"):
                out += _import_time(getattr(stmt, name, []))
            for handler in getattr(stmt, "handlers", []):
                out += _import_time(handler.body)
    return out
