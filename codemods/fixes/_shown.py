"""What a program that configured nothing (no TORCH_LOGS, no logging set-up of its own) sees of a
site, before and after its rewrite: the note a class B rewrite carries into the report and its
commit message, as `before: <the line users saw>; after: <the line they will see>`.

A line is shown as a template: literal text as written, each computed part as `{its source}`
(`print("Epoch", i)` shows `Epoch {i}`), cut at `WIDTH` characters.
"""

from __future__ import annotations

import ast
import logging
import re
from dataclasses import dataclass

from lint_rules.facts import ModuleFacts

WIDTH = 100
# a line shown only through its module's own root set-up: it stops showing when that set-up
# goes, so its rewrite lands in the set-up's commit (codemods.write.worker)
OWN_SETUP = "through this module's own `basicConfig`/`setLevel`"
SHOWN_LEVELS = ("warning", "error", "critical", "exception")  # Python's last resort: WARNING up
_LEVEL_NAMES = {"warn": "WARNING", "fatal": "CRITICAL", "exception": "ERROR"}


def template(node: ast.expr) -> str:
    """The text `node` shows: literals as written, computed parts as `{source}`."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else repr(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(
            template(v) if isinstance(v, ast.Constant) else _field(v)
            for v in node.values
            if isinstance(v, (ast.Constant, ast.FormattedValue))
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return template(node.left) + template(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return template(node.left)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "format" and isinstance(node.func.value, ast.Constant):
            return template(node.func.value)
    return "{" + ast.unparse(node) + "}"


def _field(value: ast.FormattedValue) -> str:
    """An f-string's replacement field as written: `{idx:4}`, `{name!r}`."""
    conversion = f"!{chr(value.conversion)}" if value.conversion != -1 else ""
    spec = f":{template(value.format_spec)}" if value.format_spec else ""
    return "{" + ast.unparse(value.value) + conversion + spec + "}"


def printed(call: ast.Call) -> str:
    """The line a print (its positional arguments joined by `sep`) or a `write` shows."""
    sep = next((k.value for k in call.keywords if k.arg == "sep"), None)
    joint = sep.value if isinstance(sep, ast.Constant) and isinstance(sep.value, str) else " "
    return _cut(joint.join(template(a) for a in call.args).rstrip("\n"))


def logged(call: ast.Call) -> str:
    """The message a logging call shows (its first argument; `log`'s second)."""
    args = call.args[1:] if _method(call) == "log" else call.args
    return _cut(template(args[0]).rstrip("\n")) if args else ""


def _method(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _cut(text: str) -> str:
    text = text.replace("`", "'").replace("\n", "\\n")  # one line, in a code span
    return text if len(text) <= WIDTH else text[: WIDTH - 1] + "…"


def on(stream: str, text: str) -> str:
    return f"{stream} `{text}`" if text else f"an empty line on {stream}"


def hidden(level: str) -> str:
    """After: a record at `level` that nothing shows by default."""
    article = "an" if level == "info" else "a"
    switch = "+{component}" if level == "debug" else "{component}"
    return (
        f"nothing ({article} {level.upper()} record of {{component}}: TORCH_LOGS={switch} shows it)"
    )


def as_record(level: str, text: str) -> str:
    """After: what a record at `level` with message `text` shows with nothing configured (under
    a root handler a library or the application set up, that handler's format: the kind's
    `change` says so once)."""
    if level in SHOWN_LEVELS:
        return on("stderr", text)
    return hidden(level)


def note(before: str, after: str, why: str = "") -> str:
    """A class B note: the line users saw, the line they will see, and why if it is not plain."""
    return f"before: {before}; after: {after}" + (f"; {why}" if why else "")


@dataclass(frozen=True)
class RootSetup:
    """What a module's own import-time root configuration (`basicConfig`, root `setLevel`) did:
    the root's level and, with `basicConfig`, its format (None: Python's default)."""

    level: int
    format: str | None

    def shows(self, method: str) -> bool:
        level = logging.getLevelName(_LEVEL_NAMES.get(method, method.upper()))
        return isinstance(level, int) and level >= self.level

    def line(self, method: str, text: str, filename: str, lineno: int) -> str:
        """The line a root call showed through this configuration."""
        level = _LEVEL_NAMES.get(method, method.upper())
        fields = {"levelname": level, "name": "root", "message": text, "filename": filename}
        fields |= {"lineno": str(lineno), "asctime": "<time>", "module": filename[:-3]}
        fmt = self.format or "%(levelname)s:%(name)s:%(message)s"
        return _cut(
            re.sub(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdif]", lambda m: fields.get(m[1], m[0]), fmt)
        )


def root_setup(facts: ModuleFacts) -> RootSetup | None:
    """The module's own root configuration at import time (a module-level `basicConfig(level=)`
    or root `setLevel`), which showed its root-logger calls at that level and up."""
    found: RootSetup | None = None
    calls = [(c, "basicConfig") for c in facts.calls_to("logging.basicConfig")]
    calls += [
        (c, "setLevel") for c, r in facts.receivers_of("setLevel") if facts.is_root_receiver(r)
    ]
    for call, kind in sorted(calls, key=lambda pair: pair[0].lineno):
        if id(call) not in facts.module_level_calls:
            continue
        keywords = {k.arg: k.value for k in call.keywords}
        value = keywords.get("level") if kind == "basicConfig" else next(iter(call.args), None)
        level = _level(value, facts) if value is not None else logging.WARNING
        fmt = _string(keywords.get("format"), facts) if kind == "basicConfig" else None
        if found is not None and kind == "basicConfig":
            continue  # a second basicConfig does nothing once the root has a handler
        found = RootSetup(
            level if level is not None else logging.WARNING,
            fmt or (found.format if found else None),
        )
    return found


def _level(node: ast.expr, facts: ModuleFacts) -> int | None:
    name = facts.qualname(node) or ""
    if name.startswith("logging."):
        value = logging.getLevelName(name.rpartition(".")[2])
        return value if isinstance(value, int) else None
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, str)):
        value = logging.getLevelName(node.value) if isinstance(node.value, str) else node.value
        return value if isinstance(value, int) else None
    return None


def _string(node: ast.expr | None, facts: ModuleFacts) -> str | None:
    """A literal string, or a module-level constant's (`FORMAT = "..."`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and facts.tree is not None:
        for stmt in facts.tree.body:
            if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == node.id for t in stmt.targets
            ):
                return _string(stmt.value, facts)
    return None


def root_call_note(
    call: ast.Call,
    method: str,
    setup: RootSetup | None = None,
    filename: str = "",
    switch: str = "",
) -> str:
    """A root-logger call moved to the module logger: what it showed (through the module's own
    root configuration, `setup`, when it has one), and what it will show; `switch`: the caller's
    flag the call sits under (`self.verbose`)."""
    text = logged(call)
    if setup is not None and setup.shows(method):
        before = on("stderr", setup.line(method, text, filename, call.lineno))
        shown = (
            f"{before} ({OWN_SETUP}, when no library "
            "imported before it had configured the root: XNNPACK's partitioner, for one, does)"
        )
        if switch:
            shown += f", when `{switch}` is set"
        return note(shown, as_record(method, text))
    if method in SHOWN_LEVELS or method in ("warn", "fatal", "critical"):
        level = _LEVEL_NAMES.get(method, method.upper())
        before = on("stderr", f"{level}:root:{text}")
        return note(before, as_record(method, text))
    if method == "log":
        return note(
            "the root logger's format (`LEVEL:root:message`) when the level shows",
            "the message alone when it shows (Python's last resort, WARNING and up)",
        )
    level = method.upper()
    before = (
        f"nothing, unless a root handler showed {level} (an application's logging, or another "
        f"module's `basicConfig`: this series removes ExecuTorch's own), then `{level}:root:"
        f"{_cut(text)}` in that handler's format"
    )
    return note(before, hidden(method))


def under_override_logger(chain: list[ast.stmt]) -> bool:
    """True when the call whose statement chain is `chain` sits in a method its class runs
    inside `with override_logger(...)` (DebugPass: `call` wraps `callWithLoggerEnabled`, which
    calls `printFrames`): ExecuTorch's helper set the root to DEBUG around it."""
    cls = next((s for s in chain if isinstance(s, ast.ClassDef)), None)
    method = next((s for s in chain if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)), None)
    if cls is None or method is None:
        return False
    bodies = {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
    scoped: set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.With) and any(
            _calls(i.context_expr, "override_logger") for i in node.items
        ):
            scoped |= {n for stmt in node.body for n in _self_calls(stmt)}
    waiting = list(scoped)
    while waiting:  # and what those methods call on self, in turn
        for name in _self_calls(bodies[waiting.pop()]) if waiting[-1] in bodies else []:
            if name not in scoped:
                scoped.add(name)
                waiting.append(name)
    return method.name in scoped


def _calls(node: ast.expr, name: str) -> bool:
    func = node.func if isinstance(node, ast.Call) else None
    return (isinstance(func, ast.Name) and func.id == name) or (
        isinstance(func, ast.Attribute) and func.attr == name
    )


def _self_calls(node: ast.AST) -> set[str]:
    """Names of the methods `node` calls on `self`."""
    return {
        n.func.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "self"
    }


ROOT_HANDLER = (
    "the old call also gave the root logger a handler when it had none (Python's implicit "
    "basicConfig), so every later warning of any logger read `WARNING:<logger>:<message>` where "
    "now it reads `<message>` while nothing else gives the root a handler (another library's "
    "import-time `basicConfig`, such as XNNPACK's until its set-up commit, or the application's "
    "own: then `WARNING:<module's logger>:<message>`), and every logger given a level below WARNING (Core ML's "
    "partitioner at INFO, a `verbose` flag's DEBUG) printed its lower lines through that "
    "handler, where now they do not"
)
