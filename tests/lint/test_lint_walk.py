"""`walk_all`: every node `ast.walk` yields but the contexts (`Load`, `Store`, ...), which never
hold a site, whatever fields it skips to be fast."""

from __future__ import annotations

import ast

from lint_rules.walk import walk_all

# One of most node kinds, in a real shape: constants, match patterns (a singleton's value is
# not a node), names in every role (aliases, arguments, keywords, handlers, globals).
MODULE = """
import logging as lg, os.path
from . import sibling
from ..pkg import helper as h
global_flag = None


def run(a, /, b: int = 1, *args, c=2, **kw) -> None:
    global global_flag
    x: "int" = 0
    try:
        lg.getLogger(__name__).info(f"{a!r:>10} {b}", extra={**kw})
    except (ValueError, KeyError) as exc:
        raise RuntimeError("failed") from exc
    finally:
        del x
    match a:
        case None | True:
            pass
        case {"k": [1, *rest]} if rest:
            print(rest)
        case Point(x=0, y=_) as p:
            print(p)
    async def inner():
        async with ctx() as y, other():
            await y
        async for i in aiter():
            yield i
    return [i for i in range(3) if i] or {k: v for k, v in kw.items()} or (lambda q: q)(1)
"""


def test_walk_all_yields_every_node_but_the_contexts() -> None:
    tree = ast.parse(MODULE)
    expected = [n for n in ast.walk(tree) if not isinstance(n, ast.expr_context)]
    found = walk_all(tree)
    assert len(found) == len(expected)
    assert {id(n) for n in found} == {id(n) for n in expected}
