"""`print(...)` and `<stream>.write(...)` calls, shared by ETL003 (stderr) and ETL008 (stdout):
when the codemod can turn one into a logger call with exactly the same text, and why not."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from lint_rules.facts import has_star_args, last_identifier
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
QUIET_FLAG = re.compile(r"quiet|silent", re.IGNORECASE)
DEBUG_FLAG = re.compile(r"debug|verbose", re.IGNORECASE)


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


def _flag_guard(call: ast.Call, chain: list[ast.stmt]) -> tuple[ast.expr, str, bool, bool] | None:
    """For a print whose innermost enclosing statement is an `if` on a flag (`flag`, `self.flag`,
    or either negated): (the flag expression, its last identifier, negated, directly in the
    body as a statement of its own); None otherwise. `chain`: the statements around the print,
    outermost first."""
    if len(chain) < 2 or not isinstance(chain[-2], ast.If):
        return None
    branch, statement, test = chain[-2], chain[-1], chain[-2].test
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    if isinstance(test, ast.UnaryOp):
        test = test.operand
    name = last_identifier(test) if isinstance(test, (ast.Name, ast.Attribute)) else None
    if name is None:
        return None
    direct = (
        any(s is statement for s in branch.body)
        and isinstance(statement, ast.Expr)
        and statement.value is call
    )
    return test, name, negated, direct


def asked_for_by_caller(call: ast.Call, chain: list[ast.stmt]) -> bool:
    """True for a print statement directly under `if not <quiet/silent flag>:`: output the
    caller asked for and can turn off, such as a subprocess's output echoed unless `quiet`, not
    a diagnostic."""
    guard = _flag_guard(call, chain)
    if guard is None:
        return False
    _, name, negated, direct = guard
    return negated and direct and QUIET_FLAG.search(name) is not None


def flag_test(call: ast.Call, chain: list[ast.stmt]) -> tuple[str, bool] | None:
    """(flag, True) for a print statement directly in `if <flag>:`; (flag, False) in its `else`
    or under `if not <flag>:`; None when no debug/verbose flag guards it directly."""
    guard = _flag_guard(call, chain)
    if guard is None or DEBUG_FLAG.search(guard[1]) is None:
        return None
    test, _, negated, direct = guard
    return ast.unparse(test), direct and not negated


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
