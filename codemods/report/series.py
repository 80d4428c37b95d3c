"""The series a migration lands as, decided in one place: the runtime; then class A (output
unchanged) one commit per component; then class B's site rewrites (the changes of default output
the site kinds make) one commit per component; then the ExecuTorch recipes, one commit per recipe
(a family's recipes together) and component. The core comes first in each step. `--patches`
writes it; the report says it."""

from __future__ import annotations

from collections.abc import Iterable

from codemods.recipes import RECIPE_NAMED, RECIPES
from codemods.report.tally import Tally, is_output_change

CORE = "executorch"
RUNTIME = "logging-runtime"  # with --vendor: the vendored runtime, its tests and Buck target
MECHANICAL, OUTPUT = "mechanical", "output"
# One stage per recipe commit (`Recipe.commit`: the family's name or the recipe's), in the
# order of `RECIPES`: the core's partition run opens before the backends' reasons reach it.
RECIPE_STAGES = tuple(dict.fromkeys(recipe.commit for recipe in RECIPES))
STAGES = (MECHANICAL, OUTPUT, *RECIPE_STAGES)


def recipe_stage(name: str) -> str:
    """The stage (commit) recipe `name` lands in."""
    return RECIPE_NAMED[name].commit


def commit_name(component: str, stage: str) -> str:
    """A commit's name in the series, `<component>-<stage>` (its patch's file name after the
    number): the stage alone when it names the component already (`vulkan-log-skip`)."""
    return stage if stage.startswith(f"{component}-") else f"{component}-{stage}"


def landing_order(components: Iterable[str]) -> list[str]:
    """The components in landing order: the core first, then the rest by name."""
    names = set(components)
    return [CORE] * (CORE in names) + sorted(names - {CORE})


def series_order(by_stage: dict[str, Iterable[str]]) -> list[tuple[str, str]]:
    """(component, stage) in landing order: each stage in turn, its components core first."""
    return [(c, stage) for stage in STAGES for c in landing_order(by_stage.get(stage, ()))]


def stages(tally: Tally) -> dict[str, list[str]]:
    """Per stage, the components with changes in it (in landing order): class A rewrites, class
    B rewrites (a rewrite with a note), each recipe commit."""
    rewritten = [(o.component, s) for o in tally.outcomes for s in o.rewritten]
    applied = [r for r in tally.recipes() if r.status == "applied"]
    out = {
        MECHANICAL: landing_order(c for c, s in rewritten if not is_output_change(s)),
        OUTPUT: landing_order(c for c, s in rewritten if is_output_change(s)),
    }
    for stage in RECIPE_STAGES:
        out[stage] = landing_order(r.component for r in applied if recipe_stage(r.recipe) == stage)
    return out


def how_it_lands(tally: Tally, vendored: bool) -> list[str]:
    """The report's section on the series: its order and what users see between the steps."""
    by_stage = stages(tally)
    out = ["", "## How it lands", ""]
    if not any(by_stage.values()):
        return [*out, "Nothing to land."]
    out += ["One commit per step, in this order (`--patches DIR` writes them as patches):", ""]
    steps = []
    if vendored:
        steps.append(
            "The logging runtime and its tests: every later commit imports it; alone it changes "
            "nothing a program prints. Its `torch.backends` hook (`TORCH_LOGS` naming an "
            "ExecuTorch component from the first `import torch`) is the series' last commit, "
            "for the maintainers to take or leave."
        )
    if by_stage[MECHANICAL]:
        steps.append(
            "Class A, output unchanged, one commit per component: "
            f"{', '.join(by_stage[MECHANICAL])}. A program that configured nothing prints the "
            "same stdout and stderr; the lines only move to their component's logger "
            "(`TORCH_LOGS=<component>` controls them)."
        )
    if by_stage[OUTPUT]:
        steps.append(
            "Class B, the site rewrites listed under Changes to look at, one commit per "
            f"component for its owner to take or leave: {', '.join(by_stage[OUTPUT])}. The "
            "core's first: its own lines leave the root logger that some backends stop "
            "configuring."
        )
    commits = [commit_name(c, stage) for stage in RECIPE_STAGES for c in by_stage[stage]]
    if commits:
        steps.append(
            "The ExecuTorch recipes, one commit per recipe and component, each for its owner "
            "to take or leave (those that change what a program prints say so in their "
            f"message), in the recipe table's order: {', '.join(commits)}. A backend's commit "
            "of a recipe the core also has comes after the core's; the backends' rejection "
            "sites report to the partitioner run the core's `executorch-partition-report` "
            "opens, and a backend's critical operators are named at the end of the lowering "
            "the core's `executorch-critical-operators` marks."
        )
    out += [f"{number}. {text}" for number, text in enumerate(steps, start=1)]
    out += [
        "",
        "Between the steps users see exactly what they saw before the series until a "
        "component's class B commit or a recipe that says it changes output lands; after the "
        "last, that component is quiet by default and speaks on its own TORCH_LOGS name.",
    ]
    return out
