"""Add the runtime import where isort/usort would put it, and the module logger after the imports."""

from __future__ import annotations

import libcst as cst

from codemods.plan.plans import HeaderEdit
from codemods.rewrite.anchors import import_order
from codemods.shared.layout import leading_lines, node_code

_BLANK = cst.EmptyLine()


def _import_module(stmt: cst.BaseStatement) -> tuple[str, int] | None:
    """(dotted module, relative level) of an import-only line; None for anything else."""
    if not isinstance(stmt, cst.SimpleStatementLine) or not stmt.body:
        return None
    small = stmt.body[0]
    if not all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body):
        return None
    if isinstance(small, cst.Import):
        return node_code(small.names[0].name), 0
    assert isinstance(small, cst.ImportFrom)
    module = node_code(small.module) if small.module else ""
    return module, len(small.relative)


def _sort_key(stmt: cst.BaseStatement) -> tuple[int, bool, str] | None:
    info = _import_module(stmt)
    if info is None:
        return None
    is_from = isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.ImportFrom)
    return import_order(*info, is_from)


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _import_line(edit: HeaderEdit) -> cst.SimpleStatementLine:
    aliases = []
    for index, (name, local) in enumerate(sorted(edit.names)):
        asname = None if local == name else cst.AsName(name=cst.Name(local))
        comma = (
            cst.MaybeSentinel.DEFAULT
            if index == len(edit.names) - 1
            else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
        aliases.append(cst.ImportAlias(name=cst.Name(name), asname=asname, comma=comma))
    module = cst.parse_expression(edit.runtime)
    assert isinstance(module, (cst.Name, cst.Attribute))
    return cst.SimpleStatementLine([cst.ImportFrom(module=module, names=aliases)])


def _merge_into_existing(body: list[cst.BaseStatement], edit: HeaderEdit) -> bool:
    """Add the names to an existing `from <runtime> import ...` line; False when there is none."""
    for index, stmt in enumerate(body):
        info = _import_module(stmt)
        if info != (edit.runtime, 0) or not isinstance(stmt, cst.SimpleStatementLine):
            continue
        small = stmt.body[0]
        if not isinstance(small, cst.ImportFrom):
            continue
        if isinstance(small.names, cst.ImportStar) or small.lpar is not None:
            continue
        present = [(node_code(a.name), a) for a in small.names]
        wanted = {n for n, _ in present}
        extra = [
            cst.ImportAlias(
                name=cst.Name(n), asname=None if n == local else cst.AsName(name=cst.Name(local))
            )
            for n, local in edit.names
            if n not in wanted
        ]
        aliases = sorted([a for _, a in present] + extra, key=lambda a: node_code(a.name))
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        aliases = [a.with_changes(comma=space) for a in aliases[:-1]] + [
            aliases[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        ]
        body[index] = stmt.with_changes(body=[small.with_changes(names=aliases)])
        return True
    return False


def _insert_import(body: list[cst.BaseStatement], edit: HeaderEdit) -> None:
    ours = import_order(edit.runtime, 0, True)
    start = 1 if body and _is_docstring(body[0]) else 0
    run: list[int] = []
    for index in range(start, len(body)):
        if _import_module(body[index]) is None:
            break
        run.append(index)
    at, same_before, same_after = None, False, False
    for index in run:
        key = _sort_key(body[index])
        assert key is not None
        if key > ours:
            at, same_after = index, key[0] == ours[0]
            break
        same_before = key[0] == ours[0]
    if at is None:
        at = run[-1] + 1 if run else start
    line = _import_line(edit)
    following = body[at] if at < len(body) else None
    if same_after and following is not None:
        own = leading_lines(following)
        if not any(x.comment for x in own):
            line = line.with_changes(leading_lines=own)
            body[at] = following.with_changes(leading_lines=[])
    elif not same_before:
        if at > 0:
            line = line.with_changes(leading_lines=[_BLANK])
        if following is not None and not leading_lines(following):
            body[at] = following.with_changes(leading_lines=_blank_lines_before(following))
    body.insert(at, line)


def _blank_lines_before(stmt: cst.BaseStatement) -> list[cst.EmptyLine]:
    """What black puts between the header and `stmt`: two blank lines before a def or class."""
    return [_BLANK] * (2 if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) else 1)


def _import_like(stmt: cst.BaseStatement) -> bool:
    """`anchors.import_like` on libcst: an import line, or a block of imports."""
    if _import_module(stmt) is not None:
        return True
    if isinstance(stmt, cst.If):
        inner = _statements(stmt.body)
        orelse = stmt.orelse
        while orelse is not None:  # elif chains and else
            inner += _statements(orelse.body)
            orelse = orelse.orelse if isinstance(orelse, cst.If) else None
        return "TYPE_CHECKING" in node_code(stmt.test) or all(_only_import(s) for s in inner)
    if isinstance(stmt, cst.Try):
        body = _statements(stmt.body)
        return any(_import_like(s) for s in body) and all(_only_import(s) for s in body)
    return False


def _statements(suite: cst.BaseSuite) -> list[cst.BaseStatement]:
    """A block's statements; a one-line suite (`if x: import y`) as one statement line."""
    if isinstance(suite, cst.IndentedBlock):
        return list(suite.body)
    assert isinstance(suite, cst.SimpleStatementSuite)
    return [cst.SimpleStatementLine(body=suite.body)]


def _only_import(stmt: cst.BaseStatement) -> bool:
    if isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, cst.Pass) for s in stmt.body
    ):
        return True
    return _import_like(stmt)


class _UsesName(cst.CSTVisitor):
    """Whether a statement reads `name` when it runs at import time (not in a def or lambda)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name, self.found = name, False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Name(self, node: cst.Name) -> bool:
        self.found = self.found or node.value == self.name
        return False


def logger_index(body: list[cst.BaseStatement], logger: str) -> int:
    """Where the module logger goes in `body`: after the last import-like statement before the
    first definition or other compound statement, and before the first statement that uses the
    logger at import time (`anchors.logger_anchor` on the stdlib tree decides the same)."""
    at = 1 if body and _is_docstring(body[0]) else 0
    for index in range(at, len(body)):
        stmt = body[index]
        uses = _UsesName(logger)
        stmt.visit(uses)
        if uses.found:
            break
        if _import_like(stmt):
            at = index + 1
        elif isinstance(stmt, cst.BaseCompoundStatement):
            break  # a definition or another compound statement: the imports are over
    return at


def _insert_logger(body: list[cst.BaseStatement], edit: HeaderEdit) -> int:
    at = logger_index(body, edit.logger or "logger")
    call = cst.Call(func=cst.Name(edit.get_logger), args=[cst.Arg(cst.Name("__name__"))])
    assign = cst.Assign(targets=[cst.AssignTarget(cst.Name(edit.logger or "logger"))], value=call)
    blank = [_BLANK] if at > 0 else []
    body.insert(at, cst.SimpleStatementLine([assign], leading_lines=blank))
    following = body[at + 1] if at + 1 < len(body) else None
    if following is not None and not leading_lines(following):
        body[at + 1] = following.with_changes(leading_lines=_blank_lines_before(following))
    return at


def apply_header(
    module: cst.Module,
    edit: HeaderEdit,
    *,
    add_import: bool = True,
    add_logger: bool = True,
    blank_follows: bool = True,
) -> cst.Module:
    """The module (or header fragment) with the runtime import and the module logger added.
    `blank_follows`: whether a blank line follows the fragment in the file."""
    body: list[cst.BaseStatement] = list(module.body)
    if add_import and edit.names and not _merge_into_existing(body, edit):
        _insert_import(body, edit)
    footer = list(module.footer)
    if add_logger and edit.logger is not None:
        at = _insert_logger(body, edit)
        if at == len(body) - 1 and not blank_follows and not footer:
            footer = [_BLANK]
    return module.with_changes(body=body, footer=footer)
