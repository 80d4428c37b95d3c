"""Which statements enclose a position, in O(depth x log n): each block is indexed once, on demand.

Used by the recognisers (the function a print is in) and by the codemod (the smallest statement to
hand libcst, the block a removed statement leaves), so a file with many sites stays linear.
"""

from __future__ import annotations

import ast
from bisect import bisect_right

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
Position = tuple[int, int]  # (1-based line, UTF-8 byte column), as ast gives them


def stmt_start(stmt: ast.stmt) -> int:
    """The first line of a statement, decorators included."""
    decorators: list[ast.expr] | None = getattr(stmt, "decorator_list", None)
    if not decorators:
        return stmt.lineno
    return min(stmt.lineno, *(d.lineno for d in decorators))


def _begin(stmt: ast.stmt) -> Position:
    first = stmt_start(stmt)
    return (first, 0) if first < stmt.lineno else (stmt.lineno, stmt.col_offset)


def child_blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists directly inside `stmt` (bodies, else, finally, handlers, cases)."""
    fields = [getattr(stmt, name, None) for name in ("body", "orelse", "finalbody")]
    blocks: list[list[ast.stmt]] = [b for b in fields if isinstance(b, list) and b]
    blocks += [h.body for h in getattr(stmt, "handlers", None) or ()]
    blocks += [c.body for c in getattr(stmt, "cases", None) or ()]
    return blocks


class StatementIndex:
    """Enclosing-statement lookups over one parsed module."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        # id(owner) -> (children in source order, their begin positions); owner: module or stmt
        self._index: dict[int, tuple[list[ast.stmt], list[Position]]] = {}

    def _children(self, owner: ast.Module | ast.stmt) -> tuple[list[ast.stmt], list[Position]]:
        entry = self._index.get(id(owner))
        if entry is None:
            if isinstance(owner, ast.Module):
                stmts = owner.body
            else:
                stmts = sorted((s for b in child_blocks(owner) for s in b), key=_begin)
            entry = (stmts, [_begin(s) for s in stmts])
            self._index[id(owner)] = entry
        return entry

    def chain(self, lineno: int, col: int, stop: tuple[type, ...] = ()) -> list[ast.stmt]:
        """Statements enclosing position (lineno, byte col), outermost first; with `stop`, the
        chain ends at the first statement of those types."""
        chain: list[ast.stmt] = []
        owner: ast.Module | ast.stmt = self.tree
        pos = (lineno, col)
        while True:
            stmts, begins = self._children(owner)
            index = bisect_right(begins, pos) - 1
            if index < 0:
                return chain
            stmt = stmts[index]
            if pos > (stmt.end_lineno or stmt.lineno, stmt.end_col_offset or 0):
                return chain
            chain.append(stmt)
            if isinstance(stmt, stop):
                return chain
            owner = stmt

    def chain_of(self, node: ast.expr | ast.stmt) -> list[ast.stmt]:
        return self.chain(node.lineno, node.col_offset)

    def block_of(self, chain: list[ast.stmt]) -> list[ast.stmt]:
        """The statement list holding the innermost statement of `chain`."""
        stmt = chain[-1]
        if len(chain) == 1:
            return self.tree.body
        return next(b for b in child_blocks(chain[-2]) if any(s is stmt for s in b))

    def in_function(self, node: ast.expr | ast.stmt) -> bool:
        """True when `node` runs when a function is called, not at import time."""
        chain = self.chain(node.lineno, node.col_offset, FUNCTIONS)
        return bool(chain) and isinstance(chain[-1], FUNCTIONS)
