"""Build the replacement libcst call for one site (ETL001-ETL004); pure functions on nodes."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

import libcst as cst

_LEVEL_PREFIX = re.compile(r"\s*(error|warning|warn|info)\s*:", re.IGNORECASE)
_LEVELS = {"error": "error", "warning": "warning", "warn": "warning", "info": "info"}
_PRINT_KEYWORDS = frozenset({"file", "sep", "end", "flush"})
_WARN_KEYWORDS = frozenset({"message", "category", "stacklevel"})
_TIGHT_EQUAL = cst.AssignEqual(
    whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
)
_RENAMED_METHODS = {"warn": "warning", "fatal": "critical"}


class SiteSkipped(Exception):
    """The site cannot be rewritten exactly; the message is the review reason."""


@dataclass(frozen=True)
class Names:
    """The local names rewritten code refers to."""

    logger: str
    get_logger: str
    warn_once: str


def rewrite_get_logger(call: cst.Call, names: Names) -> cst.Call:
    """ETL001: `logging.getLogger(x)` -> `get_logger(x)`; root/`__file__` names -> `__name__`."""
    if any(arg.star for arg in call.args):
        raise SiteSkipped("star-args in getLogger()")
    chosen = None
    for arg in call.args:
        if arg.keyword is None or arg.keyword.value == "name":
            chosen = arg
            break
    value = chosen.value if chosen is not None else None
    if value is None or _is_empty_name(value):
        value = cst.Name("__name__")
    arg = cst.Arg(value=value)
    return call.with_changes(func=cst.Name(names.get_logger), args=[arg])


def _is_empty_name(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.Name):
        return value.value in ("__file__", "None")
    if isinstance(value, cst.SimpleString):
        return value.evaluated_value in ("", b"")
    return False


def rewrite_root_call(call: cst.Call, method: str, names: Names) -> cst.Call:
    """ETL002: `logging.info(...)` (any spelling) -> `logger.info(...)`, arguments untouched."""
    method = _RENAMED_METHODS.get(method, method)
    func = cst.Attribute(value=cst.Name(names.logger), attr=cst.Name(method))
    return call.with_changes(func=func)


def rewrite_warn(call: cst.Call, names: Names) -> cst.Call:
    """ETL004: `warnings.warn(msg, Cat, 2)` -> `warn_once(logger, msg, category=Cat, stacklevel=2)`;
    the default category (UserWarning) is left out."""
    kept: list[cst.Arg] = []
    roles = ("message", "category", "stacklevel")
    for position, arg in enumerate(call.args):
        if arg.star or position >= len(roles):
            raise SiteSkipped("unusual warnings.warn() arguments: review")
        role = arg.keyword.value if arg.keyword is not None else roles[position]
        if role not in _WARN_KEYWORDS:
            raise SiteSkipped(f"unusual warnings.warn() {role}: review")
        if role == "category" and _is_name(arg.value, "UserWarning"):
            if kept and arg is call.args[-1]:
                kept[-1] = kept[-1].with_changes(comma=arg.comma)
            continue
        if arg.keyword is None and role != "message":
            arg = arg.with_changes(keyword=cst.Name(role), equal=_TIGHT_EQUAL)
        kept.append(arg)
    before = call.whitespace_before_args
    if isinstance(before, cst.ParenthesizedWhitespace):
        comma = cst.Comma(whitespace_after=before)
    else:
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    first = cst.Arg(value=cst.Name(names.logger), comma=comma)
    return call.with_changes(func=cst.Name(names.warn_once), args=[first, *kept])


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def level_of(node: cst.BaseExpression) -> str:
    """`error`/`warning`/`info` from an `Error:`/`Warning:`/`Info:` prefix; else `warning`."""
    text = leading_text(node)
    match = _LEVEL_PREFIX.match(text) if text else None
    return _LEVELS[match.group(1).lower()] if match else "warning"


def leading_text(node: cst.BaseExpression) -> str:
    """The literal text an expression starts with, as far as it is known statically."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else ""
    if isinstance(node, cst.FormattedString):
        first = node.parts[0] if node.parts else None
        if isinstance(first, cst.FormattedStringText):
            try:
                return codecs.decode(first.value, "unicode_escape")
            except UnicodeDecodeError:
                return first.value
        return ""
    if isinstance(node, cst.ConcatenatedString):
        return leading_text(node.left)
    if isinstance(node, cst.BinaryOperation):
        return leading_text(node.left)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        return leading_text(node.func.value)
    return ""


def string_literal(value: str) -> cst.SimpleString:
    """A double-quoted literal for `value` where possible (black's preference)."""
    text = repr(value)
    if text.startswith("'") and '"' not in value:
        text = '"' + text[1:-1].replace("\\'", "'") + '"'
    return cst.SimpleString(text)


def _literal_text(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString) and "f" not in node.prefix.lower():
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def rewrite_print(call: cst.Call, names: Names) -> cst.Call:
    """ETL003: `print(a, b, file=sys.stderr)` -> `logger.<level>("a %s", b)`, same text."""
    positional: list[cst.Arg] = []
    keywords: dict[str, cst.BaseExpression] = {}
    for arg in call.args:
        if arg.star:
            raise SiteSkipped("star-args in print(): review")
        if arg.keyword is None:
            positional.append(arg)
        elif arg.keyword.value in _PRINT_KEYWORDS:
            keywords[arg.keyword.value] = arg.value
        else:
            raise SiteSkipped(f"print({arg.keyword.value}=...): review")
    if not positional:
        raise SiteSkipped("empty print(): review")
    end = keywords.get("end")
    if end is not None and not _is_none(end) and _literal_text(end) != "\n":
        raise SiteSkipped("print(end=...) changes the line structure: review")
    sep_node = keywords.get("sep")
    sep = " " if sep_node is None or _is_none(sep_node) else _literal_text(sep_node)
    if sep is None:
        raise SiteSkipped("sep not known statically: review")
    level = level_of(positional[0].value)
    last_comma = call.args[-1].comma
    if len(positional) == 1:
        args = [positional[0].with_changes(comma=last_comma)]
    else:
        args = _lazy_args(positional, sep, last_comma)
    func = cst.Attribute(value=cst.Name(names.logger), attr=cst.Name(level))
    return call.with_changes(func=func, args=args)


def _lazy_args(
    positional: list[cst.Arg], sep: str, last_comma: cst.Comma | cst.MaybeSentinel
) -> list[cst.Arg]:
    """Literal arguments join the format string (`%` doubled); others become `%s` arguments."""
    texts = [_literal_text(arg.value) for arg in positional]
    rest = [arg for arg, text in zip(positional, texts, strict=True) if text is None]
    if not rest:  # all literal: one message, no arguments, so no `%` escaping either
        plain = sep.join(t for t in texts if t is not None)
        return [cst.Arg(value=string_literal(plain), comma=last_comma)]
    pieces = ["%s" if text is None else text.replace("%", "%%") for text in texts]
    fmt = sep.replace("%", "%%").join(pieces)
    head = cst.Arg(value=string_literal(fmt), comma=positional[0].comma)
    rest[-1] = rest[-1].with_changes(comma=last_comma)
    return [head, *rest]


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def rewrite_write(call: cst.Call, names: Names) -> cst.Call:
    """ETL003: `sys.stderr.write("text\\n")` -> `logger.<level>("text")`."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        raise SiteSkipped("unusual sys.stderr.write() arguments: review")
    arg = call.args[0]
    args = [arg.with_changes(value=strip_newline(arg.value))]
    if isinstance(args[0].value, cst.BinaryOperation) and isinstance(
        args[0].value.operator, cst.Modulo
    ):
        args = _percent_args(args[0])
    level = level_of(arg.value)
    func = cst.Attribute(value=cst.Name(names.logger), attr=cst.Name(level))
    return call.with_changes(func=func, args=args)


def _percent_args(arg: cst.Arg) -> list[cst.Arg]:
    """`"fmt" % (a, b)` -> `"fmt", a, b`: logging formats lazily, with the same result."""
    operation = arg.value
    assert isinstance(operation, cst.BinaryOperation)
    if _literal_text(operation.left) is None:
        return [arg]
    right = operation.right
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if isinstance(right, cst.Tuple) and right.elements:
        if any(isinstance(e, cst.StarredElement) for e in right.elements):
            return [arg]
        values = [e.value for e in right.elements]
    elif isinstance(right, (cst.Dict, cst.Tuple)):
        return [arg]
    else:
        values = [right]
    args = [cst.Arg(value=operation.left, comma=space)]
    args += [cst.Arg(value=v, comma=space) for v in values]
    args[-1] = args[-1].with_changes(comma=arg.comma)
    return args


def strip_newline(node: cst.BaseExpression) -> cst.BaseExpression:
    """The same text without its one trailing newline (what `write` wrote but a log record adds)."""
    if isinstance(node, cst.SimpleString):
        return _strip_simple(node)
    if isinstance(node, cst.FormattedString) and node.parts:
        last = node.parts[-1]
        if isinstance(last, cst.FormattedStringText) and last.value.endswith("\\n"):
            value = last.value[:-2]
            parts = list(node.parts[:-1])
            if value:
                parts.append(last.with_changes(value=value))
            return node.with_changes(parts=parts)
        raise SiteSkipped("cannot strip the trailing newline: review")
    if isinstance(node, cst.ConcatenatedString):
        return node.with_changes(right=strip_newline(node.right))
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        if _literal_text(node.right) == "\n":
            return node.left
        return node.with_changes(right=strip_newline(node.right))
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo):
        return node.with_changes(left=strip_newline(node.left))
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        if node.func.attr.value == "format":
            func = node.func.with_changes(value=strip_newline(node.func.value))
            return node.with_changes(func=func)
    raise SiteSkipped("text not known statically: review")


def _strip_simple(node: cst.SimpleString) -> cst.SimpleString:
    value = node.evaluated_value
    if not isinstance(value, str) or not value.endswith("\n"):
        raise SiteSkipped("write without a trailing newline: review")
    quote = node.quote
    body = node.value[len(node.prefix) + len(quote) : -len(quote)]
    if "r" not in node.prefix.lower() and body.endswith("\\n") and not body.endswith("\\\\n"):
        return node.with_changes(value=node.value[: -len(quote) - 2] + quote)
    return string_literal(value[:-1])
