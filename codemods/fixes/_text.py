"""Shared by the output kinds (ETL003 stderr, ETL008 stdout): a print or write becomes a logger
call with the same text, at the level the lint advises (`_print_text.text_level`). The level
word that named the level (`Error:`, `[WARNING]`) is dropped: the logger shows the level."""

from __future__ import annotations

import ast
from typing import cast

import libcst as cst

from codemods.fixes.base import Names
from codemods.shared.layout import node_code
from codemods.shared.review import NeedsReview
from lint_rules.rules import _output as output
from lint_rules.rules._print_text import LEVEL_PREFIX


def as_ast(node: cst.BaseExpression) -> ast.expr:
    """The standard library's tree of a libcst expression: the lint's checks of a message (what
    it opens with, why a print cannot be rewritten) read it, so each is written once."""
    return ast.parse(f"({node_code(node)})", mode="eval").body


def _opens_with_level_word(node: cst.BaseExpression) -> bool:
    """Whether the message opens with a level word (`Error:`), as the lint reads its text."""
    return LEVEL_PREFIX.match(output.leading_text(as_ast(node))) is not None


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


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def logger_method(names: Names, level: str) -> cst.Attribute:
    return cst.Attribute(value=cst.Name(names.logger), attr=cst.Name(level))


def print_to_logger(call: cst.Call, names: Names, level: str) -> cst.Call:
    """`print(a, b, sep=s)` -> `logger.<level>("a%s" ..., b)`: the same text, `%`-safe, its
    level word dropped and `sep` not doubled next to a literal's own space."""
    problem = output.print_problem(cast(ast.Call, as_ast(call)))
    if problem is not None:  # the lint's verdict, asked again of the node the codemod holds
        raise NeedsReview(problem)
    positional = [arg for arg in call.args if arg.keyword is None]
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    sep_node = keywords.get("sep")
    sep = " " if sep_node is None or _is_none(sep_node) else _literal_text(sep_node)
    if sep is None:  # a literal libcst keeps in parts ("a" "b"): the lint read it whole
        raise NeedsReview(output.SEP_UNKNOWN)
    positional = _without_level_word(positional)
    # A trailing comma after a keyword the rewrite drops (`flush=True,`) is not the call's own:
    # kept, black's magic comma would hold the shorter call open over several lines.
    last_comma = call.args[-1].comma if call.args[-1].keyword is None else cst.MaybeSentinel.DEFAULT
    if len(positional) == 1:
        args = [positional[0].with_changes(comma=last_comma)]
    else:
        args = _lazy_args(positional, sep, last_comma)
    return call.with_changes(func=logger_method(names, level), args=args)


def _lazy_args(
    positional: list[cst.Arg], sep: str, last_comma: cst.Comma | cst.MaybeSentinel
) -> list[cst.Arg]:
    """Literal arguments join the format string (`%` doubled); others become `%s` arguments."""
    texts = [_literal_text(arg.value) for arg in positional]
    rest = [arg for arg, text in zip(positional, texts, strict=True) if text is None]
    if not rest:  # all literal: one message, no arguments, so no `%` escaping either
        plain = ""
        for index, text in enumerate(texts):
            plain += "" if not index or _doubles(sep, texts[index - 1], text) else sep
            plain += text or ""
        return [cst.Arg(value=string_literal(plain), comma=last_comma)]
    fmt = ""
    for index, text in enumerate(texts):
        if index and not _doubles(sep, texts[index - 1], text):
            fmt += sep.replace("%", "%%")
        fmt += "%s" if text is None else text.replace("%", "%%")
    head = cst.Arg(value=string_literal(fmt), comma=positional[0].comma)
    rest[-1] = rest[-1].with_changes(comma=last_comma)
    return [head, *rest]


def _doubles(sep: str, left: str | None, right: str | None) -> bool:
    """True when a whitespace `sep` would stand next to whitespace a literal already has
    (`print("Op not supported: ", op)`): the separator is left out, not doubled."""
    if not sep or not sep.isspace():
        return False
    return (left is not None and left[-1:].isspace()) or (right is not None and right[:1].isspace())


def _without_level_word(positional: list[cst.Arg]) -> list[cst.Arg]:
    """The arguments with the level word the message opens with dropped (`"DEBUG: ", msg` ->
    `msg`); unchanged when there is none or nothing else would be left."""
    if not _opens_with_level_word(positional[0].value):
        return positional
    stripped = strip_level_word(positional[0].value)
    if stripped is None:
        return positional[1:] if len(positional) > 1 else positional
    return [positional[0].with_changes(value=stripped), *positional[1:]]


def strip_level_word(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """`node` without the level word it opens with; None when nothing else is in it."""
    if isinstance(node, cst.SimpleString) and "f" not in node.prefix.lower():
        value = node.evaluated_value
        match = LEVEL_PREFIX.match(value) if isinstance(value, str) else None
        if match is None or not isinstance(value, str):
            return node
        return string_literal(value[match.end() :]) if value[match.end() :] else None
    if isinstance(node, cst.FormattedString) and node.parts:
        first = node.parts[0]
        if not isinstance(first, cst.FormattedStringText):
            return node
        match = LEVEL_PREFIX.match(first.value)
        if match is None:
            return node
        rest = first.value[match.end() :]
        parts: list[cst.BaseFormattedStringContent] = list(node.parts[1:])
        if rest:
            parts.insert(0, first.with_changes(value=rest))
        return node.with_changes(parts=parts) if parts else None
    if isinstance(node, (cst.ConcatenatedString, cst.BinaryOperation)):
        left = strip_level_word(node.left)
        if left is None:
            return node.right if isinstance(node, cst.ConcatenatedString) else node
        return node.with_changes(left=left)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        inner = strip_level_word(node.func.value)
        if inner is None:
            return node
        return node.with_changes(func=node.func.with_changes(value=inner))
    return node


def write_to_logger(call: cst.Call, names: Names, level: str) -> cst.Call:
    """`<stream>.write("text\\n")` -> `logger.<level>("text")`, its level word dropped."""
    problem = output.write_problem(cast(ast.Call, as_ast(call)), "stream")
    if problem is not None:
        raise NeedsReview(problem)
    arg = call.args[0]
    value = strip_newline(arg.value)
    if _opens_with_level_word(value):
        value = strip_level_word(value) or value
    args = [arg.with_changes(value=value)]
    if isinstance(args[0].value, cst.BinaryOperation) and isinstance(
        args[0].value.operator, cst.Modulo
    ):
        args = _percent_args(args[0])
    return call.with_changes(func=logger_method(names, level), args=args)


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
        raise NeedsReview("cannot strip the trailing newline: review")
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
    raise NeedsReview(output.TEXT_UNKNOWN)


def _strip_simple(node: cst.SimpleString) -> cst.SimpleString:
    value = node.evaluated_value
    if not isinstance(value, str) or not value.endswith("\n"):
        raise NeedsReview(output.NO_NEWLINE)
    quote = node.quote
    body = node.value[len(node.prefix) + len(quote) : -len(quote)]
    if "r" not in node.prefix.lower() and body.endswith("\\n") and not body.endswith("\\\\n"):
        return node.with_changes(value=node.value[: -len(quote) - 2] + quote)
    return string_literal(value[:-1])
