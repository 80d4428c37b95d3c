"""Apply the recipes whose file this is: splice their statement edits, add the runtime import,
drop imports left unused, and check that nothing else changed."""

from __future__ import annotations

import ast
import copy
import os
from dataclasses import dataclass, field

import libcst as cst

from codemods.analyse.names import DROPPABLE_MODULES, count_references
from codemods.fixes import Names
from codemods.guard import Allowed, GuardError, check
from codemods.plan.plans import HeaderEdit
from codemods.recipes.base import Edit, Recipe, RecipePlan
from codemods.recipes.checks import (
    functions,
    lost_parameters,
    retyped_bindings,
    stale_docstrings,
)
from codemods.rewrite.header import apply_header
from codemods.rewrite.splice import TextEdit, line_starts, splice
from codemods.rewrite.transformer import UnitTransformer
from codemods.shared.review import Review
from codemods.shared.units import is_clean, split_lines
from lint_rules.statements import stmt_start


@dataclass
class RecipeOutcome:
    """`applied`: (recipe name, what its plan found or ""); `refused`: (recipe name, its Review);
    `reviews`: (name, Review) of an applied recipe whose output a person must look at (a
    docstring its edit left describing what it removed); `replaced`: (name, first and last
    line of a statement its edit replaced, in the text it was given); `text` is unchanged when none applied.
    A recipe whose result is already there is in neither."""

    text: str
    applied: list[tuple[str, str]] = field(default_factory=list)
    refused: list[tuple[str, Review]] = field(default_factory=list)
    reviews: list[tuple[str, Review]] = field(default_factory=list)
    replaced: list[tuple[str, int, int]] = field(default_factory=list)


def ends_with(path: str, rel: str) -> bool:
    """True if the file at `path` is `rel`, a root-relative path: its full path ends with it
    (so where the project root lies does not matter)."""
    return ("/" + os.path.abspath(path).replace(os.sep, "/").lstrip("/")).endswith("/" + rel)


def recipes_for(path: str, recipes: list[Recipe]) -> list[Recipe]:
    """The recipes for the file at `path` (`ends_with` their path)."""
    return [r for r in recipes if ends_with(path, r.path)]


def apply_recipes(
    text: str, tree: ast.Module, relpath: str, runtime: str, recipes: list[Recipe]
) -> RecipeOutcome:
    """Apply `recipes` (those of this file) to `text`, the module at `relpath`. Never raises on
    bad input: a recipe that cannot apply exactly is refused, with why."""
    outcome = RecipeOutcome(text)
    plans: list[tuple[Recipe, RecipePlan]] = []
    for recipe in recipes:
        plan = recipe.plan(tree, text)
        if plan is None:  # already applied earlier: nothing to do
            continue
        if isinstance(plan, Review):
            outcome.refused.append(
                (recipe.name, Review(f"{plan.reason}: upstream changed, review"))
            )
        else:
            plans.append((recipe, plan))
    if not plans:
        return outcome
    try:
        new_text = _apply(text, tree, relpath, runtime, [p for _, p in plans])
    except (GuardError, SyntaxError, cst.ParserSyntaxError, _Unclean) as exc:
        review = Review(f"not applied, the file is left as the generic migration wrote it: {exc}")
        outcome.refused += [(recipe.name, review) for recipe, _ in plans]
        return outcome
    outcome.text = new_text
    outcome.applied = [(recipe.name, plan.detail) for recipe, plan in plans]
    outcome.replaced = [(recipe.name, *span) for recipe, plan in plans for span in _spans(plan)]
    outcome.reviews = _stale_docstrings(tree, ast.parse(new_text), plans)
    return outcome


def _spans(plan: RecipePlan) -> list[tuple[int, int]]:
    """The first and last line of each statement `plan` replaces."""
    replaced = [s for e in plan.edits for s in e.block[e.start : e.start + e.count]]
    return [(stmt_start(stmt), stmt.end_lineno or stmt.lineno) for stmt in replaced]


def _stale_docstrings(
    old: ast.Module, new: ast.Module, plans: list[tuple[Recipe, RecipePlan]]
) -> list[tuple[str, Review]]:
    """A Review for each recipe that edited a function whose docstring still mentions what the
    edit removed from its body (`checks.stale_docstrings`)."""
    found = []
    for stale in stale_docstrings(old, new):
        path, _, said = stale.partition("(): ")
        function = functions(old).get(path)
        start, end = (function.lineno, function.end_lineno or 0) if function else (0, -1)
        for recipe, plan in plans:
            words = [word for word in said.split(", ") if word not in recipe.still_true]
            inside = [e for e in plan.edits if function not in e.block]  # not beside it
            if words and any(start <= _first_line(edit) <= end for edit in inside):
                reason = (
                    f"{path}()'s docstring still mentions {', '.join(words)}, which the edit "
                    "removed from its body: update the docstring (review)"
                )
                found.append((recipe.name, Review(reason)))
    return found


class _Unclean(Exception):
    """A statement to replace shares its lines with other code."""


def _apply(text: str, tree: ast.Module, path: str, runtime: str, plans: list[RecipePlan]) -> str:
    edits = [edit for plan in plans for edit in plan.edits]
    spliced = _apply_line_edits(text, edits)
    expected = _expected_tree(tree, edits)
    new_tree = ast.parse(spliced)
    if ast.dump(new_tree) != ast.dump(expected):
        raise GuardError("the recipe's result is not exactly the intended statements")
    lost = lost_parameters(tree, new_tree)
    if lost:  # a parameter its callers pass, which the edited function would ignore
        raise GuardError(f"the edit leaves {', '.join(lost)} unused")
    retyped = retyped_bindings(tree, new_tree)
    if retyped:  # code annotated with the old type would no longer type-check
        raise GuardError(f"the edit changes the type of {'; '.join(retyped)}")
    imports = tuple(sorted({name for plan in plans for name in plan.imports}))
    loggers = {plan.logger for plan in plans if plan.logger}
    logger = next(iter(loggers)) if len(loggers) == 1 else None
    if len(loggers) > 1:
        raise GuardError(f"the recipes use different module loggers: {sorted(loggers)}")
    if logger is not None and _binds(tree, logger):
        logger = None  # the module has it
    if logger is not None:
        imports = tuple(sorted({*imports, "get_logger"}))
    # `partition_report.run_partitioner`: a name of a runtime module the package does not export
    by_module: dict[str, list[str]] = {runtime: []}
    for name in imports:
        module, _, local = name.rpartition(".")
        by_module.setdefault(f"{runtime}.{module}" if module else runtime, []).append(local)
    for module, names in by_module.items():
        if names or module == runtime:
            spliced = _add_import(spliced, new_tree, path, module, tuple(names), logger)
            new_tree, logger = ast.parse(spliced), None
    return spliced


def _binds(tree: ast.Module, name: str) -> bool:
    """True when `name` is bound at the module's top level (assignment, import, def, class)."""
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if stmt.name == name:
                return True
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id == name:
                return True
            if isinstance(node, ast.alias) and (node.asname or node.name.split(".")[0]) == name:
                return True
    return False


def _apply_line_edits(text: str, edits: list[Edit]) -> str:
    """`text` with the recipes' statement edits (whole lines, indented like the anchor)."""
    lines = split_lines(text)
    starts = line_starts(lines)
    spans: list[TextEdit] = []
    for edit in edits:
        anchor = edit.block[edit.start] if edit.start < len(edit.block) else edit.block[-1]
        replaced = edit.block[edit.start : edit.start + edit.count]
        if any(not is_clean(s, lines) for s in replaced):
            raise _Unclean(f"line {anchor.lineno}: statement shares its line")
        first_line = lines[stmt_start(anchor) - 1]
        indent = first_line[: len(first_line) - len(first_line.lstrip(" \t"))]
        ending = "\r\n" if first_line.endswith("\r\n") else "\n"
        new = [(indent + line if line.strip() else "") + ending for line in edit.text.splitlines()]
        if replaced:
            start, end = stmt_start(replaced[0]) - 1, replaced[-1].end_lineno or 0
            if not new:  # a removal: the blank lines around it are not doubled
                end += min(_blank_run(lines, start - 1, -1), _blank_run(lines, end, 1))
        elif edit.start < len(edit.block):
            start = end = stmt_start(anchor) - 1
        else:  # after the block's last statement
            start = end = anchor.end_lineno or 0
        spans.append((starts[start], starts[end], "".join(new), False))
    return splice(text, lines, starts, spans)


def _blank_run(lines: list[str], index: int, step: int) -> int:
    """How many blank lines there are from `lines[index]` on, going by `step`."""
    run = 0
    while 0 <= index < len(lines) and not lines[index].strip():
        run, index = run + 1, index + step
    return run


def _first_line(edit: Edit) -> int:
    if edit.start < len(edit.block):
        return stmt_start(edit.block[edit.start])
    return (edit.block[-1].end_lineno or 0) + 1


def _expected_tree(tree: ast.Module, edits: list[Edit]) -> ast.Module:
    """The old tree with the edits applied, on a copy (the original is not touched)."""
    expected = copy.deepcopy(tree)
    for edit in sorted(edits, key=lambda e: -_first_line(e)):
        block = _follow(expected, _path_to(tree, edit.block))
        block[edit.start : edit.start + edit.count] = _as_spliced(edit)
    return expected


def _as_spliced(edit: Edit) -> list[ast.stmt]:
    """The statements of `edit` as they read once indented like their block (the lines of a
    multi-line string, a docstring's, take the indentation too)."""
    anchor = edit.block[edit.start] if edit.start < len(edit.block) else edit.block[-1]
    if not anchor.col_offset:
        return ast.parse(edit.text).body
    indent = " " * anchor.col_offset
    lines = [indent + line if line.strip() else "" for line in edit.text.splitlines()]
    wrapped = ast.parse("if 1:\n" + "\n".join(lines) + "\n").body[0]
    assert isinstance(wrapped, ast.If)
    return wrapped.body


def _path_to(root: ast.AST, block: list[ast.stmt]) -> list[tuple[str, int | None]]:
    """Field names (and list indexes) leading from `root` to the statement list `block`."""
    for name, value in ast.iter_fields(root):
        if value is block:
            return [(name, None)]
        if isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, (ast.stmt, ast.excepthandler, ast.match_case)):
                    try:
                        return [(name, index), *_path_to(item, block)]
                    except LookupError:
                        continue
    raise LookupError("block not found")


def _follow(root: ast.AST, path: list[tuple[str, int | None]]) -> list[ast.stmt]:
    node: object = root
    for name, index in path:
        node = getattr(node, name)
        if index is not None:
            assert isinstance(node, list)
            node = node[index]
    assert isinstance(node, list)
    return node


def _add_import(
    text: str,
    tree: ast.Module,
    path: str,
    runtime: str,
    names: tuple[str, ...],
    logger: str | None = None,
) -> str:
    """Import `names` from the runtime (usort placement, or joined to an existing import),
    make the module `logger` when one is given, and drop logging/warnings/sys and runtime
    imports the recipe left unused; guarded like any migration."""
    used = count_references(tree)
    imported = {
        (a.asname or a.name): node
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == runtime and node.level == 0
        for a in node.names
    }
    wanted = tuple((n, n) for n in names if n not in imported)
    drop = frozenset(
        (a.asname or a.name.split(".")[0])
        for node in tree.body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for a in node.names
        if _module_of(node, a) in (*DROPPABLE_MODULES, runtime)
        and not used[a.asname or a.name.split(".")[0]]
    )
    if not wanted and not drop and logger is None:
        return text
    module = cst.parse_module(text)
    if drop:
        modules = (*DROPPABLE_MODULES, runtime)
        module = module.visit(UnitTransformer({}, Names("logger", {}), drop, modules=modules))
    edit = HeaderEdit(runtime=runtime, names=wanted, logger=logger, get_logger="get_logger")
    if wanted or logger is not None:
        module = apply_header(module, edit, add_import=bool(wanted), add_logger=logger is not None)
    new_text = module.code
    allowed = Allowed(
        sites=frozenset(),
        removed=frozenset(),
        runtime=runtime,
        runtime_names=frozenset(local for _, local in wanted),
        logger=logger,
    )
    check(tree, text, new_text, path, allowed)
    return new_text


def _module_of(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> str:
    if isinstance(node, ast.Import):
        return alias.name.split(".")[0]
    return "" if node.level else (node.module or "")
