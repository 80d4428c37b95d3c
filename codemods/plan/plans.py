"""From fixable sites to plans, and the names the plans need: the module logger, the runtime's
functions (clash-free), the import names the rewrite leaves unused."""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass

from codemods.analyse.names import DROPPABLE_MODULES, ModuleNames
from codemods.fixes import FIXES, Names, SitePlan
from codemods.shared.layout import Surroundings
from codemods.shared.review import Review, SiteReview
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.facts import name_argument
from lint_rules.rules import Site
from lint_rules.rules._logger_name import (
    conflict,
    is_package_init,
    means_module_name,
    new_logger_name,
    own_problem,
    reusable,
    taken_reason,
)


@dataclass(frozen=True)
class HeaderEdit:
    """`names`: (imported name, local alias) pairs to import from `runtime`; `logger`: the module
    logger to create as `logger = <get_logger>(__name__)` (None: the module has one)."""

    runtime: str
    names: tuple[tuple[str, str], ...]
    logger: str | None
    get_logger: str


def make_plans(
    analysis: Analysis, fixable: list[tuple[Finding, Site]], lines: list[str]
) -> list[SitePlan | SiteReview]:
    """Each fixable site, in order: its plan when its kind's fix can carry it out, else the
    site with the Review saying why not."""
    outcomes: list[SitePlan | SiteReview] = []
    for finding, site in fixable:
        fix = FIXES.get(finding.code)
        plan = (
            fix.plan(finding, site, analysis) if fix else Review(f"{finding.code} is review-only")
        )
        if isinstance(plan, Review):
            outcomes.append(SiteReview(finding, plan))
            continue
        for each in (plan, *plan.also):
            each.surroundings = _surroundings(lines, each.finding)
            outcomes.append(each)
    return outcomes


def _surroundings(lines: list[str], finding: Finding) -> Surroundings:
    first, last = lines[finding.line - 1], lines[finding.end_line - 1].rstrip("\r\n")
    indent = first[: len(first) - len(first.lstrip(" \t"))]
    return Surroundings(finding.col - 1, len(last) - (finding.end_col - 1), indent)


def choose_names(
    analysis: Analysis,
    plans: list[SitePlan],
    names: ModuleNames,
    runtime: str,
    drop: frozenset[str] = frozenset(),
    found: tuple[str, int] | None = None,
) -> tuple[Names, HeaderEdit]:
    """The module logger and runtime names the new code uses, and the header lines to add.
    `found`: the module's own logger (`module_logger`), reused when there is one; else the one
    name a new logger gets (`new_logger_name`; the caller checked that it is free). A name
    whose only binding is an import the rewrite drops (`from warnings import warn`) is free for
    the runtime's function of that name; in a package's `__init__` every runtime name is
    imported under a private alias (`get_logger as _get_logger`)."""
    needs_logger = any(p.needs_logger for p in plans)
    existing = found[0] if found and needs_logger else None
    package = is_package_init(analysis.facts.path)
    logger = existing or new_logger_name(analysis.facts.path)
    wanted = {name for p in plans for name in p.imports}
    if needs_logger and existing is None:
        wanted.add("get_logger")  # to create the module logger
    imported = {target: local for local, target in names.imports.items()}
    new: list[tuple[str, str]] = []
    locals_: dict[str, str] = {}
    for name in sorted(wanted | {"get_logger"}):
        local = imported.get(f"{runtime}.{name}")
        if local is None:
            freed = name in drop and names.bindings[name] == 1
            taken = names.taken(name) and not freed
            private = (f"_{name}", f"_et_{name}")
            local = names.fresh(private) if taken or package else name
            if name in wanted:
                new.append((name, local))
        locals_[name] = local
    edit = HeaderEdit(
        runtime=runtime,
        names=tuple(new),
        logger=None if (existing or not needs_logger) else logger,
        get_logger=locals_["get_logger"],
    )
    return Names(logger, locals_), edit


def name_taken(analysis: Analysis, plans: list[SitePlan]) -> Review | None:
    """Why the module logger the plans need cannot be bound under its one name (the lint's
    `_logger_name` asks the same), as the Review of every site of the file; None when it can."""
    name = new_logger_name(analysis.facts.path)
    users: list[ast.AST] = [p.call for p in plans if p.needs_logger]
    why = conflict(analysis.tree, name, users)
    if why is not None:
        why = own_problem(analysis.tree, name, users) or why
    return None if why is None else Review(taken_reason(name, why))


def names_to_drop(plans: list[SitePlan], names: ModuleNames) -> frozenset[str]:
    """What the rewrite leaves dead: import names of logging/warnings/sys whose every reference
    sits in a rewritten part or in a `del` of that name (the `del` goes too), and module-level
    literal constants whose every reference sits in a removed call (a `FORMAT` only a removed
    `basicConfig(format=FORMAT)` read; not one listed in `__all__`)."""
    gone: Counter[str] = Counter()
    for plan in plans:
        for part in plan.dropped:
            gone.update(n.id for n in ast.walk(part) if isinstance(n, ast.Name))
    deleted = Counter(
        target.id
        for node in names.deletes
        for target in node.targets
        if isinstance(target, ast.Name)
    )
    drop = set()
    for local, target in names.imports.items():
        module = target.split(".")[0]
        used = names.references[local] - deleted[local]
        if module in DROPPABLE_MODULES and gone[local] and gone[local] >= used:
            drop.add(local)
    for name in names.constants:
        if gone[name] and gone[name] >= names.references[name] and names.bindings[name] == 1:
            if name not in names.exported:
                drop.add(name)
    return frozenset(drop)


def dead_constants(drop: frozenset[str], names: ModuleNames) -> frozenset[str]:
    """The names in `drop` that are module-level literal constants (bound once: never also an
    import), whose assignment goes."""
    return frozenset(n for n in drop if n in names.constants and names.bindings[n] == 1)


def import_time_use(analysis: Analysis, plans: list[SitePlan]) -> int:
    """The first line where the new code uses the module logger at import time (a large number
    when it never does): the logger must be bound before it."""
    index = analysis.facts.statements
    lines = [p.call.lineno for p in plans if p.needs_logger and not index.in_function(p.call)]
    return min(lines, default=10**9)


def too_early(
    analysis: Analysis, plans: list[SitePlan], existing: tuple[str, int] | None
) -> list[tuple[SitePlan, Review]]:
    """The sites that would use the module's existing logger at import time before the line
    binding it, each with its Review (one logger per module: no second one is made)."""
    if existing is None:
        return []
    name, line = existing
    index = analysis.facts.statements
    review = Review(
        f"runs at import time before the module's logger `{name}` is bound (line {line}): "
        "move that line up, then migrate: review"
    )
    return [
        (p, review)
        for p in plans
        if p.needs_logger and p.call.lineno < line and not index.in_function(p.call)
    ]


def module_logger(
    analysis: Analysis, plans: list[SitePlan], names: ModuleNames, runtime: str
) -> tuple[str, int] | None:
    """The existing module-level `name = getLogger(__name__)` the sites use, and the line that
    binds it: bound once (sites that run at import time before that line are `too_early`)."""
    becoming = {p.call for p in plans if p.module_logger}  # ast nodes hash by identity
    for stmt in analysis.tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, value = stmt.target, stmt.value
        else:
            continue
        if not isinstance(target, ast.Name) or not isinstance(value, ast.Call):
            continue
        rewritten = value in becoming
        qual = names.qualname(value.func)
        if not rewritten and qual not in (f"{runtime}.get_logger", "logging.getLogger"):
            continue
        understood, name = name_argument(value)
        if not understood or not means_module_name(name, rewritten):
            continue
        users: list[ast.AST] = [p.call for p in plans if p.needs_logger]
        if reusable(analysis.tree, target.id, users):  # bound once, seen from every site
            return target.id, stmt.end_lineno or stmt.lineno
    return None
