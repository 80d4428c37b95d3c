"""The series a migration lands as, decided in one place: the runtime; then class A (output
unchanged) one commit per owner; then class B's site rewrites (the changes of default output
the site kinds make) one commit per owner; then the removals of the library's own logging set-up
(`basicConfig`, handlers, `setLevel`: the kinds whose `Fix.setup` is set), which change more
than their module's lines, one commit per owner; then the ExecuTorch recipes, one commit per recipe
(a family's recipes together) and owner. An owner is a component's files one CODEOWNERS entry
covers (`Unit`): the core splits into exir, devtools, extension/llm, ...; a backend is usually
one. The core comes first in each step. `--patches` writes it; the report says it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from codemods.fixes import FIXES
from codemods.recipes import RECIPE_NAMED, RECIPES
from codemods.report.tally import FileOutcome, RecipeRow, SiteRecord, Tally, is_output_change

CORE = "executorch"
RUNTIME = "logging-runtime"  # with --vendor: the vendored runtime, its tests and Buck target
MECHANICAL, OUTPUT, SETUP = "mechanical", "output", "logging-setup"
SETUP_CODES = frozenset(code for code, fix in FIXES.items() if fix.setup)
ROOT_SETUP_CODES = frozenset(code for code, fix in FIXES.items() if fix.setup == "process")
# One stage per recipe commit (`Recipe.commit`: the family's name or the recipe's), in the
# order of `RECIPES`: the core's partition run opens before the backends' reasons reach it.
RECIPE_STAGES = tuple(dict.fromkeys(recipe.commit for recipe in RECIPES))
STAGES = (MECHANICAL, OUTPUT, SETUP, *RECIPE_STAGES)
SITE_STAGES = (MECHANICAL, OUTPUT, SETUP)  # the site kinds' (the rest: a recipe's each)


def site_stage(site: SiteRecord) -> str:
    """The stage a rewritten site lands in: class A, class B, class B's set-up removals, or the
    commit of the recipe that takes it (`Recipe.takes`, set on the record by the worker)."""
    if site.stage:
        return site.stage
    if not is_output_change(site):
        return MECHANICAL
    return SETUP if site.code in SETUP_CODES else OUTPUT


def recipe_stage(name: str) -> str:
    """The stage (commit) recipe `name` lands in."""
    return RECIPE_NAMED[name].commit


class Unit(NamedTuple):
    """The files one commit of a stage holds: a component's files under one CODEOWNERS entry
    ("" when no entry covers them, or the project has no CODEOWNERS)."""

    component: str
    owner: str = ""


def unit_of(row: FileOutcome | RecipeRow) -> Unit:
    """The unit a file or a recipe's edit belongs to: its component, under its owner."""
    return Unit(row.component, row.owner)


def unit_names(units: Iterable[Unit]) -> dict[Unit, str]:
    """Each unit's name in the series: its component's, or, when the component's files have
    several owners, the component's and the owner's (`executorch-exir`, `executorch-extension-llm`;
    `executorch-unowned` for files no entry covers)."""
    units = set(units)
    owners: dict[str, set[str]] = {}
    for unit in units:
        owners.setdefault(unit.component, set()).add(unit.owner)
    return {
        u: u.component
        if len(owners[u.component]) == 1
        else f"{u.component}-{(u.owner or 'unowned').replace('/', '-').replace('.', '-')}"
        for u in units
    }


def tally_names(tally: Tally, more: Iterable[Unit] = ()) -> dict[Unit, str]:
    """`unit_names` of every unit whose files the run changes (and of `more`): the report and
    the series name a unit alike whatever stage it is in."""
    return unit_names([*(unit_of(o) for o in tally.outcomes if o.changed), *more])


def commit_name(name: str, stage: str) -> str:
    """A commit's name in the series, `<unit name>-<stage>` (its patch's file name after the
    number): the stage alone when it names the unit already (`vulkan-log-skip`)."""
    return stage if stage.startswith(f"{name}-") else f"{name}-{stage}"


def landing_order(units: Iterable[Unit]) -> list[Unit]:
    """The units in landing order: the core's first, then the rest by component; a
    component's by owner."""
    return sorted(set(units), key=lambda u: (u.component != CORE, u.component, u.owner))


def series_order(by_stage: dict[str, Iterable[Unit]]) -> list[tuple[Unit, str]]:
    """(unit, stage) in landing order: each stage in turn, its units the core's first."""
    return [(u, stage) for stage in STAGES for u in landing_order(by_stage.get(stage, ()))]


def stages(tally: Tally) -> dict[str, list[Unit]]:
    """Per stage, the units with changes in it (in landing order): class A rewrites, class
    B rewrites (a rewrite with a note), each recipe commit."""
    rewritten = [(unit_of(o), s) for o in tally.outcomes for s in o.rewritten]
    applied = [r for r in tally.recipes() if r.status == "applied"]
    out = {
        stage: landing_order(u for u, s in rewritten if site_stage(s) == stage)
        for stage in SITE_STAGES
    }
    for stage in RECIPE_STAGES:
        out[stage] = landing_order(unit_of(r) for r in applied if recipe_stage(r.recipe) == stage)
    return out


def how_it_lands(tally: Tally, vendored: bool) -> list[str]:
    """The report's section on the series: its order and what users see between the steps."""
    by_stage = stages(tally)
    named = tally_names(tally, (u for units in by_stage.values() for u in units))
    names = {stage: [named[u] for u in units] for stage, units in by_stage.items()}
    out = ["", "## How it lands", ""]
    if not any(by_stage.values()):
        return [*out, "Nothing to land."]
    out += ["One commit per step, in this order (`--patches DIR` writes them as patches):", ""]
    steps = []
    if vendored:
        steps.append(
            "The logging runtime and its tests: every later commit imports it; alone it changes "
            "nothing a program prints. Its `torch.backends` hook (`TORCH_LOGS` naming an "
            "ExecuTorch component from the first `import torch`) is not in the series: "
            "`--patches` writes it beside it as a follow-up (`follow-up-torch-logs-hook.patch`), "
            "to propose once torch makes an entry point that fails to load a warning "
            "(pytorch/pytorch#173759). Until then TORCH_LOGS cannot name ExecuTorch's components "
            "(torch refuses them inside `import torch`, as it does today) and the Python API "
            "turns them on (`set_logs('+xnnpack')` after `import torch`)."
        )
    if by_stage[MECHANICAL]:
        steps.append(
            "Class A, output unchanged, one commit per owner (a component's files one "
            f"CODEOWNERS entry covers): {', '.join(names[MECHANICAL])}. A program that "
            "configured nothing prints the same stdout and stderr (save the line number Python "
            "prints with a warning, which an added import can move); the lines only move to their "
            "component's logger (`set_logs('+<component>')` after `import torch` controls them, "
            "and `TORCH_LOGS` where torch loads the runtime's hook)."
        )
    if by_stage[OUTPUT]:
        steps.append(
            "Class B, the site rewrites listed under Changes to look at, one commit per "
            f"owner to take or leave: {', '.join(names[OUTPUT])}. The core's first."
        )
    if by_stage[SETUP]:
        steps.append(
            "Class B's removals of a library's own logging set-up (a `basicConfig` or handler "
            "that held for the whole process, a level its owner chose), one commit per owner "
            f"to take or leave: {', '.join(names[SETUP])}. Each changes more than its "
            "module's lines (what the configuration showed or hid for every library), so each "
            "owner decides it apart from the site rewrites; each lands after the core's class B "
            "commits, whose own lines leave the root logger these stop configuring."
        )
    commits = [commit_name(n, stage) for stage in RECIPE_STAGES for n in names[stage]]
    if commits:
        steps.append(
            "The ExecuTorch recipes, one commit per recipe and owner, each for its owner "
            "to take or leave (those that change what a program prints say so in their "
            f"message), in the recipe table's order: {', '.join(commits)}. A backend's commit "
            "of a recipe the core also has comes after the core's; the backends' rejection "
            "sites report to the partitioner run the core's `partition-report` commit opens, "
            "and a backend's critical operators are named at the end of the lowering the "
            "core's `critical-operators` commit marks."
        )
    out += [f"{number}. {text}" for number, text in enumerate(steps, start=1)]
    out += [
        "",
        "Between the steps users see exactly what they saw before the series until a "
        "component's class B commit or a recipe that says it changes output lands; after the "
        "last, that component speaks on its own component name and, with nothing configured, "
        "shows its WARNINGs and errors only (a recipe's new WARNING among them).",
    ]
    return out
