"""What a program that configured nothing (no TORCH_LOGS, no logging set-up of its own) sees of a
site, before and after its rewrite: the note a class B rewrite carries into the report and its
commit message, as `before: <the line users saw>; after: <the line they will see>`.

A line is shown as a template: literal text as written, each computed part as `{its source}`
(`print("Epoch", i)` shows `Epoch {i}`), cut at `WIDTH` characters.
"""

from __future__ import annotations

import ast
import re

WIDTH = 100
SHOWN_LEVELS = ("warning", "error", "critical", "exception")  # Python's last resort: WARNING up
_LEVEL_NAMES = {"warn": "WARNING", "fatal": "CRITICAL", "exception": "ERROR"}


def template(node: ast.expr) -> str:
    """The text `node` shows: literals as written, computed parts as `{source}`."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else repr(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(
            template(v) if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"
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
    text = re.sub(r"\s{2,}", " ", text.replace("`", "'").replace("\n", "\\n"))
    return text if len(text) <= WIDTH else text[: WIDTH - 1] + "…"


def on(stream: str, text: str) -> str:
    return f"{stream} `{text}`" if text else f"an empty line on {stream}"


def hidden(level: str) -> str:
    """After: a record at `level` that nothing shows by default."""
    article = "an" if level == "info" else "a"
    return (
        f"nothing ({article} {level.upper()} record of {{component}}: TORCH_LOGS={{component}}"
        " shows it)"
    )


def as_record(level: str, text: str) -> str:
    """After: what a record at `level` with message `text` shows with nothing configured."""
    if level in SHOWN_LEVELS:
        return on("stderr", text)
    return hidden(level)


def note(before: str, after: str, why: str = "") -> str:
    """A class B note: the line users saw, the line they will see, and why if it is not plain."""
    return f"before: {before}; after: {after}" + (f"; {why}" if why else "")


def root_call_note(call: ast.Call, method: str) -> str:
    """A root-logger call moved to the module logger."""
    text = logged(call)
    if method in SHOWN_LEVELS or method in ("warn", "fatal", "critical"):
        level = _LEVEL_NAMES.get(method, method.upper())
        before = on("stderr", f"{level}:root:{text}")
        return note(before, as_record(method, text))
    if method == "log":
        return note(
            "the root logger's format (`LEVEL:root:message`) when the level shows",
            "the message alone when it shows (Python's last resort, WARNING and up)",
        )
    return note("nothing", hidden(method))


ROOT_HANDLER = (
    "the old call also gave the root logger a handler when it had none (Python's implicit "
    "basicConfig), so every later warning of any logger read `WARNING:<logger>:<message>` where "
    "now it reads `<message>`"
)
