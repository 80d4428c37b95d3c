"""Keep black-clean code black-clean around a rewritten call (black's default 88 columns).

A call that grew past the limit is split the way black splits it (arguments on one indented
line, else one per line with a trailing comma); a multi-line call that now fits on one line is
joined, unless it has a magic trailing comma or a comment.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

LINE_LENGTH = 88
_EMPTY = cst.Module(body=[])
_NO_SPACE = cst.SimpleWhitespace("")
_SPACE = cst.SimpleWhitespace(" ")


@dataclass(frozen=True)
class Surroundings:
    """The text around the call on its first and last line, and the statement's indentation."""

    before: int  # characters before the call on its first line
    after: int  # characters after the call on its last line (without the line ending)
    indent: str


def node_code(node: cst.CSTNode) -> str:
    """The source text of a libcst node."""
    return _EMPTY.code_for_node(node)


def _break(indent: str) -> cst.ParenthesizedWhitespace:
    return cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(),
        empty_lines=[],
        indent=False,
        last_line=cst.SimpleWhitespace(indent),
    )


def fit(node: cst.BaseExpression, around: Surroundings) -> tuple[cst.BaseExpression, str]:
    """A call laid out as black would lay it out in `around` (best effort, never wrong code), and
    its source text; any other expression as it is."""
    code = node_code(node)
    if not isinstance(node, cst.Call):
        return node, code
    call = node
    if "\n" not in code:
        if around.before + len(code) + around.after <= LINE_LENGTH or not call.args:
            return call, code
        split = _split(call, around)
        return split, node_code(split)
    last = call.args[-1] if call.args else None
    if last is None or isinstance(last.comma, cst.Comma) or "#" in code:
        return call, code
    joined = _join(call)
    text = node_code(joined)
    if "\n" not in text and around.before + len(text) + around.after <= LINE_LENGTH:
        return joined, text
    return call, code


def _join(call: cst.Call) -> cst.Call:
    args = [
        arg.with_changes(
            comma=cst.Comma(whitespace_before=_NO_SPACE, whitespace_after=_SPACE),
            whitespace_after_arg=_NO_SPACE,
        )
        for arg in call.args
    ]
    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return call.with_changes(whitespace_before_args=_NO_SPACE, args=args)


def _split(call: cst.Call, around: Surroundings) -> cst.Call:
    inner = around.indent + "    "
    joined = _join(call)
    middle = node_code(joined)[len(node_code(call.func)) + 1 : -1]
    if len(inner) + len(middle) <= LINE_LENGTH and "\n" not in middle:
        args = list(joined.args)
        args[-1] = args[-1].with_changes(whitespace_after_arg=_break(around.indent))
        return joined.with_changes(whitespace_before_args=_break(inner), args=args)
    args = [
        arg.with_changes(
            comma=cst.Comma(whitespace_before=_NO_SPACE, whitespace_after=_break(inner)),
            whitespace_after_arg=_NO_SPACE,
        )
        for arg in call.args
    ]
    args[-1] = args[-1].with_changes(
        comma=cst.Comma(whitespace_before=_NO_SPACE, whitespace_after=_NO_SPACE),
        whitespace_after_arg=_break(around.indent),
    )
    return call.with_changes(whitespace_before_args=_break(inner), args=args)


def leading_lines(stmt: cst.BaseStatement) -> list[cst.EmptyLine]:
    """The blank and comment lines above a statement (simple line or compound statement)."""
    if isinstance(stmt, cst.SimpleStatementLine | cst.BaseCompoundStatement):
        return list(stmt.leading_lines)
    raise TypeError(f"unexpected statement node {type(stmt).__name__}")
