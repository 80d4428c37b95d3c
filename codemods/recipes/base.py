"""ExecuTorch recipes: a few named, upstream-aware rewrites of specific code the seed asks to change.

A recipe is matched by the file's root-relative path and by the exact shape of the statements it
edits (compared as syntax trees, so formatting does not matter). When the shape is not there
(upstream moved or changed the code) it refuses with a `Review` and the file keeps what the generic
migration did. Edits replace whole statements; the result is checked to be exactly the old tree
with those statements replaced, plus the runtime import.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

import libcst as cst

from codemods.shared.layout import LINE_LENGTH, Surroundings, fit
from codemods.shared.review import Review


@dataclass(frozen=True)
class Edit:
    """Replace `count` statements of `block` starting at `start` (0: insert before it) by `text`,
    whole statements written without indentation."""

    block: list[ast.stmt]
    start: int
    count: int
    text: str


@dataclass
class RecipePlan:
    edits: list[Edit]
    imports: tuple[str, ...]  # runtime names the new statements use
    detail: str = ""  # what this file's plan found, when it varies (e.g. how many sites)
    # the module logger the new statements use by this name, made (`get_logger(__name__)`) when
    # the module binds no such name (the site kinds made none: its sites were left for review)
    logger: str | None = None


# `works_with` of a recipe whose effect is said by the partition run (`partition-report` wraps
# each partitioner in `run_partitioner`): without that commit, its lines and WARNINGs never come
THE_RUN = ("partition-report",)


@dataclass(frozen=True)
class Recipe:
    """One recipe and everything said about it: the report, the patch messages, the CLI's help
    and codemod.md's table all read these fields (nothing else describes a recipe)."""

    name: str
    path: str  # the root-relative path of the one file it changes (checked on the path's end)
    # (the module's tree, its text) -> the plan; a Review to refuse; None when already applied
    plan: Callable[[ast.Module, str], RecipePlan | Review | None]
    change: str  # the edit, in one sentence (Markdown)
    effect: str  # what users get, or see differently, once it is applied (Markdown)
    # True when it changes, by design, what users who relied on the old behaviour see: the
    # report lists it under "Changes to look at" and its owner takes it or leaves it out
    behaviour_change: bool = False
    # the recipes whose change its edit relies on (XNNPACK's `why(..., code=...)` calls the
    # parameter `why-no-partition-info` gives the core's helper): applied only with them
    # (`selection.select`) and only when they are applied to their file (`write.needs`)
    needs: tuple[str, ...] = ()
    # the recipes whose change its effect relies on, not its edit (the critical-operator
    # WARNING comes from `partition-report`'s partitioner run): its commit requires theirs
    works_with: tuple[str, ...] = ()
    # et-log's delegation record (the partition run, its reasons, the critical-operator
    # WARNING): applied only when asked (`--recipes delegation-record`), never vendored into a
    # series; ExecuTorch's own partitioning API is to carry the reasons instead
    delegation: bool = False
    # its commit's subject after the area ("log each delegate's graph on xnnpack_graph")
    title: str = ""
    # the runtime's artifact its edit logs to (`xnnpack_graph`): a runtime carried without this
    # recipe does not register it (every name registered prints something)
    artifact: str = ""
    # the name of the group it belongs to, when one decision takes or leaves several recipes
    # (one edit a file: Core ML's two callers, `coreml-log-level-default`); `--skip-recipes` and
    # `--recipes` accept it for all of them
    family: str = ""
    # the site kinds whose class B rewrites in its file (`ETL006`), or in another file
    # (`exir/passes/__init__.py:ETL002`), land in its commit, not the site kinds' own: its edit
    # and theirs change one behaviour together (XNNPACK's serializer: its `setLevel(WARNING)`
    # kept the DEBUG gate this recipe rewrites closed; removed alone, an application logging
    # at DEBUG would open the gate and get the files it writes)
    takes: tuple[str, ...] = ()
    # words a docstring of the function it edits may keep: its new code still does them
    # (`set_verbose` still sets DEBUG), so they are not stale (`checks.stale_docstrings`)
    still_true: tuple[str, ...] = ()
    # True when its edit makes the notes of the sites it `takes` untrue (XNNPACK's verbose flag
    # sets up the root as the removed import-time call did): its commit lists those sites by
    # the line they rewrite, and its `effect` says what users see
    restates: bool = False

    @property
    def commit(self) -> str:
        """The commit of the series it lands in, one per component: its family's, else its own
        (a patch `NNNN-<component>-<commit>.patch`)."""
        return self.family or self.name


def segment(source: str, node: ast.expr) -> str:
    """`node`'s code as written in `source`, the module being planned (unparsed when that is
    unknown)."""
    return ast.get_source_segment(source, node) or ast.unparse(node)


def find_class(tree: ast.Module, name: str) -> ast.ClassDef | None:
    return next((s for s in tree.body if isinstance(s, ast.ClassDef) and s.name == name), None)


def find_function(body: list[ast.stmt], name: str) -> ast.FunctionDef | None:
    return next((s for s in body if isinstance(s, ast.FunctionDef) and s.name == name), None)


def find_target(tree: ast.Module, target: str) -> ast.FunctionDef | Review:
    """Function `target` (`name` or `Class.method`) of the module, or why it is not there."""
    owner, _, name = target.rpartition(".")
    body = tree.body
    if owner:
        cls = find_class(tree, owner)
        if cls is None:
            return Review(f"no class {owner} in this file")
        body = cls.body
    function = find_function(body, name)
    return Review(f"no {target}() in this file") if function is None else function


def blocks(node: ast.AST) -> list[list[ast.stmt]]:
    """Every statement list (`body`, `orelse`, `finalbody`) in `node`, `node`'s own included."""
    return [
        block
        for inner in ast.walk(node)
        for block in (getattr(inner, f, None) for f in ("body", "orelse", "finalbody"))
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt)
    ]


def same_statements(stmts: list[ast.stmt], source: str) -> bool:
    """True when `stmts` are, as syntax trees, the statements of `source`."""
    expected = ast.parse(source).body
    return len(stmts) == len(expected) and all(
        ast.dump(a) == ast.dump(b) for a, b in zip(stmts, expected, strict=True)
    )


def locate(block: list[ast.stmt], source: str) -> int | None:
    """The index in `block` where the statements of `source` start, if they are there."""
    count = len(ast.parse(source).body)
    for index in range(len(block) - count + 1):
        if same_statements(block[index : index + count], source):
            return index
    return None


def replace_once(
    block: list[ast.stmt], old: str, new: str, *, keep_old: bool = False
) -> Edit | Review | None:
    """An edit replacing the statements of `old` in `block` by those of `new` (or, with
    `keep_old`, inserting `new` after them); None when `block` already holds the result; a
    Review when `old` is not there."""
    if locate(block, old + new if keep_old else new) is not None:
        return None
    at = locate(block, old)
    if at is None:
        return Review(f"`{old.strip().splitlines()[0]}` is not there any more")
    if keep_old:
        return Edit(block, at + len(ast.parse(old).body), 0, new)
    return Edit(block, at, len(ast.parse(old).body), new)


def edit_function(
    tree: ast.Module,
    source: str,
    *,
    target: str,
    old: str,
    new: str,
    imports: tuple[str, ...],
    keep_old: bool = False,
) -> RecipePlan | Review | None:
    """A recipe's plan for the common case: in function `target` (`name` or `Class.method`),
    replace the statements of `old` by those of `new` (or add `new` after them). A recipe's
    plan takes the module's text; this one needs only its tree."""
    function = find_target(tree, target)
    if isinstance(function, Review):
        return function
    edit = replace_once(function.body, old, new, keep_old=keep_old)
    if isinstance(edit, Review):
        return Review(f"{target}(): {edit.reason}")
    return None if edit is None else RecipePlan([edit], imports)


def laid_out(text: str, column: int) -> str:
    """`text` (statements written without the block's indentation, for a block at `column`) with
    each one-line call statement too long for black's 88 columns split as black would."""
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        depth = len(body) - len(body.lstrip())
        if column + len(body) <= LINE_LENGTH:
            out.append(line)
            continue
        try:
            call = cst.parse_expression(body.strip())
        except cst.ParserSyntaxError:
            out.append(line)
            continue
        if not isinstance(call, cst.Call):
            out.append(line)
            continue
        at = column + depth
        first, *rest = fit(call, Surroundings(before=at, after=0, indent=" " * at))[1].split("\n")
        out.append(" " * depth + first + "\n")
        out += [piece.removeprefix(" " * column) + "\n" for piece in rest]
    return "".join(out)


def edit_blocks(
    tree: ast.Module,
    source: str,
    *,
    target: str,
    changes: list[tuple[str, str]],
    imports: tuple[str, ...],
) -> RecipePlan | Review | None:
    """A recipe's plan replacing, in function `target` (`name` or `Class.method`), each `old`
    of `changes` by its `new`, wherever in the function's nested blocks `old` stands (once).
    Like `edit_function`, it needs only the tree."""
    function = find_target(tree, target)
    if isinstance(function, Review):
        return function
    found = blocks(function)
    edits: list[Edit] = []
    for old, new in changes:
        if any(locate(block, new) is not None for block in found):
            continue
        at = next(((b, i) for b in found if (i := locate(b, old)) is not None), None)
        if at is None:
            return Review(f"{target}(): `{old.strip().splitlines()[0]}` is not there any more")
        column = at[0][at[1]].col_offset if at[1] < len(at[0]) else at[0][-1].col_offset
        edits.append(Edit(at[0], at[1], len(ast.parse(old).body), laid_out(new, column)))
    return RecipePlan(edits, imports) if edits else None


_LEVELS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"}


def output_calls(statements: list[ast.stmt]) -> list[str]:
    """The calls in `statements` that print or log at INFO and up, as written (a recipe's
    edit that loses one changes what users see by default, or under an application's INFO)."""
    found = []
    for statement in statements:
        for node in ast.walk(statement):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "print" or (name in _LEVELS - {"debug"} and isinstance(func, ast.Attribute)):
                found.append(ast.unparse(node))
    return found


def changes_output(plan: RecipePlan) -> bool:
    """True if `plan` removes or rewrites a call that printed or logged at INFO and up."""
    for edit in plan.edits:
        old = output_calls(edit.block[edit.start : edit.start + edit.count])
        new = set(output_calls(ast.parse(edit.text).body))
        if any(call not in new for call in old):
            return True
    return False
