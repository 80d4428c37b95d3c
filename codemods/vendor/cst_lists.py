"""One more item in a libcst list (or call), laid out as a person editing it would.

BUCK files, ``targets.bzl`` and ``setup.py`` keep one item a line, a trailing comma, comments on
their items' lines and above them, and often a sorted order. ``insert_string`` adds a string where
it sorts when the list is sorted (else at its end), copying its neighbours' separators, so a diff
shows one added line. Comments stay with the items they annotate.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

import libcst as cst

Item = TypeVar("Item", cst.BaseElement, cst.Arg)


def buildifier_key(value: str) -> tuple[int, list[str], str]:
    """The order buildifier sorts label lists in: plain strings, then ``:local``, then
    ``//absolute``, then ``@repo`` labels; within each, by the parts between ``.`` and ``:``."""
    phase = 0
    if value.startswith(":"):
        phase = 1
    elif value.startswith("//"):
        phase = 2
    elif value.startswith("@"):
        phase = 3
    return phase, re.split(r"[.:]", value), value


def strings_of(node: cst.List) -> list[str] | None:
    """The list's items if every one is a plain string literal, else None."""
    values = []
    for element in node.elements:
        value = element.value
        evaluated = value.evaluated_value if isinstance(value, cst.SimpleString) else None
        if not isinstance(evaluated, str):
            return None
        values.append(evaluated)
    return values


def without_comments(space: cst.BaseParenthesizableWhitespace) -> cst.BaseParenthesizableWhitespace:
    """The same line break and indentation, without the comments it carries."""
    if isinstance(space, cst.ParenthesizedWhitespace):
        return space.with_changes(first_line=cst.TrailingWhitespace(), empty_lines=[])
    return space


def _comma_space(item: cst.BaseElement | cst.Arg) -> cst.BaseParenthesizableWhitespace | None:
    comma = item.comma
    return comma.whitespace_after if isinstance(comma, cst.Comma) else None


Space = cst.BaseParenthesizableWhitespace


def insert_item(
    items: Sequence[Item], index: int, new: Item, opening: Space, closing: Space | None
) -> tuple[list[Item], Space, Space | None]:
    """``items`` with ``new`` at ``index``, and the whitespace after the opening bracket and
    before the closing one (``closing``: None where the last item's comma holds it, as in a
    call's arguments).

    The separator is the one between the first two items (or after the bracket for one item);
    the comment lines above the item that follows ``new`` stay above that item, a comment at the
    end of the line before stays on that line.
    """
    if not items:
        return [new.with_changes(comma=cst.MaybeSentinel.DEFAULT)], opening, closing
    between = _comma_space(items[0]) if len(items) > 1 else None
    separator = without_comments(between if between is not None else opening)
    if isinstance(separator, cst.SimpleWhitespace) and not separator.value:
        separator = cst.SimpleWhitespace(" ")  # `["a"]` -> `["a", "b"]`
    out = list(items)
    if index < len(items):
        before = opening if index == 0 else _comma_space(items[index - 1])
        assert before is not None  # an item that is followed by another has a comma
        head, tail = before, separator
        if isinstance(before, cst.ParenthesizedWhitespace):
            head = before.with_changes(empty_lines=[])
            tail = before.with_changes(first_line=cst.TrailingWhitespace())
        out.insert(index, new.with_changes(comma=cst.Comma(whitespace_after=tail)))
        if index == 0:
            return out, head, closing
        out[index - 1] = out[index - 1].with_changes(comma=cst.Comma(whitespace_after=head))
        return out, opening, closing
    last = items[-1]
    if not isinstance(last.comma, cst.Comma):  # no trailing comma: the new item has none either
        out[-1] = last.with_changes(comma=cst.Comma(whitespace_after=separator))
        out.append(new.with_changes(comma=cst.MaybeSentinel.DEFAULT))
        return out, opening, closing
    end = closing if closing is not None else last.comma.whitespace_after
    kept = separator
    if isinstance(end, cst.ParenthesizedWhitespace) and isinstance(
        separator, cst.ParenthesizedWhitespace
    ):
        kept = separator.with_changes(first_line=end.first_line)  # the last item's comment
        end = end.with_changes(first_line=cst.TrailingWhitespace())
    out[-1] = last.with_changes(comma=cst.Comma(whitespace_after=kept))
    if closing is not None:
        out.append(new.with_changes(comma=last.comma))
        return out, opening, end
    out.append(new.with_changes(comma=cst.Comma(whitespace_after=end)))
    return out, opening, None


def _position(values: list[str] | None, value: str) -> int | None:
    """Where ``value`` sorts among ``values`` if they are sorted (buildifier's order or plain
    order), else None."""
    if values is None:
        return None
    if values == sorted(values, key=buildifier_key):
        return sum(1 for v in values if buildifier_key(v) < buildifier_key(value))
    if values == sorted(values):
        return sum(1 for v in values if v < value)
    return None


def insert_string(node: cst.List, value: str) -> cst.List:
    """``node`` with the string ``value`` added: where it sorts when the list's strings are
    sorted, else at its end."""
    index = _position(strings_of(node), value)
    new = cst.Element(cst.SimpleString(f'"{value}"'))
    elements, opening, closing = insert_item(
        node.elements,
        len(node.elements) if index is None else index,
        new,
        node.lbracket.whitespace_after,
        node.rbracket.whitespace_before,
    )
    assert closing is not None
    return node.with_changes(
        elements=elements,
        lbracket=node.lbracket.with_changes(whitespace_after=opening),
        rbracket=node.rbracket.with_changes(whitespace_before=closing),
    )
