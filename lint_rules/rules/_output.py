"""`print(...)` and `<stream>.write(...)` calls, shared by ETL003 (stderr) and ETL008 (stdout):
when the codemod can turn one into a logger call with exactly the same text, and why not."""

from __future__ import annotations

import ast
from collections.abc import Callable

from lint_rules.facts import has_star_args
from lint_rules.rules._print_text import text_level
from lint_rules.statements import FUNCTIONS

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable

# Review reasons, written once: the codemod's builders raise the same texts.
STAR_ARGS = "star-args in print(): review"
EMPTY_PRINT = "empty print(): review"
END_CHANGES_LINES = "print(end=...) changes the line structure: review"
SEP_UNKNOWN = "sep not known statically: review"
WRITE_ARGUMENTS = "unusual {}.write() arguments: review"
TEXT_UNKNOWN = "text not known statically: review"
NO_NEWLINE = "write without a trailing newline: review"
PRINT_KEYWORDS = frozenset({"file", "sep", "end", "flush"})


def print_target(call: ast.Call, qualname: Callable[[ast.expr], str | None]) -> str | None:
    """`sys.stderr` / `sys.stdout` for where a print writes (stdout when `file` is absent or
    None); None for any other file."""
    for keyword in call.keywords:
        if keyword.arg == "file":
            value = keyword.value
            if isinstance(value, ast.Constant) and value.value is None:
                return "sys.stdout"
            target = qualname(value)
            return target if target in ("sys.stderr", "sys.stdout") else None
    return "sys.stdout"


def print_problem(call: ast.Call) -> str | None:
    """Why a print cannot become one logger call with the same text; None when it can."""
    if has_star_args(call):
        return STAR_ARGS
    if not call.args:
        return EMPTY_PRINT
    keywords = {k.arg: k.value for k in call.keywords}
    unknown = sorted(str(k) for k in keywords if k not in PRINT_KEYWORDS)
    if unknown:
        return f"print({unknown[0]}=...): review"
    end = keywords.get("end")
    if end is not None and not (isinstance(end, ast.Constant) and end.value in ("\n", None)):
        return END_CHANGES_LINES
    sep = keywords.get("sep")
    if sep is not None and not (
        isinstance(sep, ast.Constant) and (sep.value is None or isinstance(sep.value, str))
    ):
        return SEP_UNKNOWN
    return None


def write_problem(call: ast.Call, stream: str) -> str | None:
    """Why `<stream>.write(text)` cannot become a logger call; None when it can."""
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return WRITE_ARGUMENTS.format(stream)
    ends = ends_with_newline(call.args[0])
    if ends is None:
        return TEXT_UNKNOWN
    return None if ends else NO_NEWLINE


def ends_with_newline(node: ast.expr) -> bool | None:
    """True/False for text known to end (or not) with a newline; None when unknown."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.endswith("\n")
    if isinstance(node, ast.JoinedStr) and node.values:
        last = node.values[-1]
        if isinstance(last, ast.Constant) and isinstance(last.value, str):
            return last.value.endswith("\n")
        return False
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return ends_with_newline(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return ends_with_newline(node.left)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "format":
            return ends_with_newline(node.func.value)
    return None


def leading_text(node: ast.expr) -> str:
    """The literal text a message expression starts with, as far as it is known statically."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
        return ""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return leading_text(node.left)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "format":
            return leading_text(node.func.value)
    return ""


def message_text(call: ast.Call) -> str:
    """What a reader sees of a print's or write's message: its arguments' literal parts."""
    return " ".join(literal_text(a) for a in call.args)


def message_level(call: ast.Call, default: str) -> str:
    """The level a print's or write's message is logged at (`_print_text.text_level`)."""
    leading = leading_text(call.args[0]) if call.args else ""
    return text_level(leading, message_text(call), default)


def literal_text(node: ast.expr) -> str:
    """The literal parts of a message expression (f-string pieces, `+`, `%` and `.format`
    templates) joined with a space: what a reader sees of it in the source."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return f"{literal_text(node.left)} {literal_text(node.right)}".strip()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "format":
            return literal_text(node.func.value)
    return ""


def in_except_block(call: ast.Call, chain: list[ast.stmt]) -> bool:
    """The print runs in an `except` block of its own function: it reports a caught failure."""
    inner = chain
    for index in range(len(chain) - 1, -1, -1):
        if isinstance(chain[index], (*FUNCTIONS, ast.ClassDef)):
            inner = chain[index + 1 :]
            break
    for parent, child in zip(inner, inner[1:], strict=False):
        handlers: list[ast.ExceptHandler] = getattr(parent, "handlers", None) or []
        if any(any(s is child for s in handler.body) for handler in handlers):
            return True
    return False
