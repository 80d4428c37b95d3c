"""How a migration lands, decided in one place: as pull requests a maintainer takes one at a time.

1. The logging runtime (with `--vendor`): every later pull request imports it; alone it changes
   nothing a program prints.
2. Per owner, the mechanical pull request (`MECHANICAL`): the rewrites that change no line a
   program prints, configured or not.
3. Per owner, the owner's pull request, one commit per kind of change of what users see: the site
   rewrites that change a line (`OUTPUT`: a print becoming a record, a root-logger call moving to
   the module's logger); the removal of an import-time set-up of the root logger (`ROOT`: a
   library's `basicConfig`, handler or root level); the removal of a level a module chose for its
   own logger (`LEVELS`, with that module's INFO lines moved to DEBUG); then each recipe of the
   owner's files. It is stacked on its own mechanical pull request, never on another owner's.
4. The `torch.backends` hook (with `--vendor`), after the runtime's.

An owner is a component's files one CODEOWNERS entry covers (`Unit`): the core splits into exir,
devtools, extension/llm, ...; a backend is usually one. `--patches` writes the pull requests;
the report says the same order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from codemods.fixes import FIXES
from codemods.recipes import RECIPE_NAMED, RECIPES
from codemods.report.tally import FileOutcome, RecipeRow, SiteRecord, Tally, is_output_change

CORE = "executorch"
RUNTIME = "logging-runtime"  # with --vendor: the vendored runtime, its tests and Buck target
HOOK = "torch-logs-hook"  # with --vendor: the runtime's torch.backends entry point
MECHANICAL, OUTPUT, ROOT, LEVELS = "mechanical", "output", "root-logging", "log-levels"
ROOT_SETUP_CODES = frozenset(code for code, fix in FIXES.items() if fix.setup == "process")
LEVEL_CODES = frozenset(code for code, fix in FIXES.items() if fix.setup == "logger")
SETUP_CODES = ROOT_SETUP_CODES | LEVEL_CODES
# One stage per recipe commit (`Recipe.commit`: the family's name or the recipe's), in the
# order of `RECIPES`.
RECIPE_STAGES = tuple(dict.fromkeys(recipe.commit for recipe in RECIPES))
SITE_STAGES = (MECHANICAL, OUTPUT, ROOT, LEVELS)  # the site kinds' (the rest: a recipe's each)
STAGES = (*SITE_STAGES, *RECIPE_STAGES)
OWNERS_STAGES = (OUTPUT, ROOT, LEVELS, *RECIPE_STAGES)  # the owner's pull request's commits


def site_stage(site: SiteRecord) -> str:
    """The stage a rewritten site lands in: the mechanical commit, the output commit, a set-up
    removal's, or the commit of the recipe that takes it (`Recipe.takes`, set by the worker)."""
    if site.stage:
        return site.stage
    if not is_output_change(site):
        return MECHANICAL
    if site.code in ROOT_SETUP_CODES:
        return ROOT
    return LEVELS if site.code in LEVEL_CODES else OUTPUT


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
    """Each unit's name: its component's, or, when the component's files have several owners,
    its folder under the component (`exir`, `extension-llm`, `backends-transforms`; `unowned`
    for files no entry covers)."""
    units = set(units)
    owners: dict[str, set[str]] = {}
    for unit in units:
        owners.setdefault(unit.component, set()).add(unit.owner)

    def name(unit: Unit) -> str:
        if len(owners[unit.component]) == 1:
            return unit.component
        return unit.owner.strip("/").replace("/", "-").replace(".", "-") or "unowned"

    return {unit: name(unit) for unit in units}


def tally_names(tally: Tally, more: Iterable[Unit] = ()) -> dict[Unit, str]:
    """`unit_names` of every unit whose files the run changes (and of `more`): the report and
    the pull requests name a unit alike whatever stage it is in."""
    return unit_names([*(unit_of(o) for o in tally.outcomes if o.changed), *more])


def landing_order(units: Iterable[Unit]) -> list[Unit]:
    """The units in landing order: the core's first, then the rest by component; a
    component's by owner."""
    return sorted(set(units), key=lambda u: (u.component != CORE, u.component, u.owner))


def stages(tally: Tally) -> dict[str, list[Unit]]:
    """Per stage, the units with changes in it (in landing order)."""
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
    """The report's section on the pull requests: their order and what each changes for users."""
    by_stage = stages(tally)
    named = tally_names(tally, (u for units in by_stage.values() for u in units))
    mechanical = [named[u] for u in by_stage[MECHANICAL]]
    owners = landing_order(u for s in OWNERS_STAGES for u in by_stage.get(s, ()))
    out = ["", "## How it lands", ""]
    if not mechanical and not owners:
        return [*out, "Nothing to land."]
    out += ["Pull requests, each landable alone once those it is stacked on have landed:", ""]
    steps = []
    if vendored:
        steps.append(
            "The logging runtime (its package, tests and Buck target): the components and "
            "`set_logs`; until `set_logs` is called it registers nothing with torch and "
            "changes nothing a program prints."
        )
    if mechanical:
        steps.append(
            "One mechanical pull request per owner, in any order: no line a program prints "
            f"changes, with or without its own logging set up: {', '.join(mechanical)}."
        )
    if owners:
        steps.append(
            "One pull request per owner for what users see change (a commit per kind of "
            "change, each listing the lines before and after), stacked on that owner's "
            f"mechanical one: {', '.join(named[u] for u in owners)}."
        )
    if vendored:
        steps.append(
            "The `torch.backends` hook, so that `TORCH_LOGS` takes ExecuTorch's names from the "
            "first `import torch`: after the runtime's, with its risk stated."
        )
    out += [f"{number}. {text}" for number, text in enumerate(steps, start=1)]
    return out
