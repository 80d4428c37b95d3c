"""The series a migration lands as, decided in one place: the runtime, then class A (output
unchanged) one commit per component, then class B (the changes of default output) one commit per
component, the core first in each class. `--patches` writes it; the report says it."""

from __future__ import annotations

from collections.abc import Iterable

from codemods.report.tally import Tally, is_output_change

CORE = "executorch"
RUNTIME = "logging-runtime"  # with --vendor: the vendored runtime, its tests and Buck target
# The stages, in landing order: class A; class B's site rewrites; class B's ExecuTorch recipes
# (named edits of specific files: the partition run, the artifacts...), each one commit per
# component.
MECHANICAL, OUTPUT, RECIPES = "mechanical", "output", "recipes"
STAGES = (MECHANICAL, OUTPUT, RECIPES)


def landing_order(components: Iterable[str]) -> list[str]:
    """The components in landing order: the core first, then the rest by name."""
    names = set(components)
    return [CORE] * (CORE in names) + sorted(names - {CORE})


def series_order(by_stage: dict[str, Iterable[str]]) -> list[tuple[str, str]]:
    """(component, stage) in landing order: each stage in turn, its components core first."""
    return [(c, stage) for stage in STAGES for c in landing_order(by_stage.get(stage, ()))]


def stages(tally: Tally) -> dict[str, list[str]]:
    """Per stage, the components with changes in it (in landing order): class A rewrites, class
    B rewrites (a rewrite with a note), recipes applied."""
    rewritten = [(o.component, s) for o in tally.outcomes for s in o.rewritten]
    applied = [r for r in tally.recipes() if r.status == "applied"]
    early = [r.component for r in applied if tally.lands_with_output(r)]
    return {
        MECHANICAL: landing_order(c for c, s in rewritten if not is_output_change(s)),
        OUTPUT: landing_order([*(c for c, s in rewritten if is_output_change(s)), *early]),
        RECIPES: landing_order(r.component for r in applied if not tally.lands_with_output(r)),
    }


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
            "The logging runtime, its `torch.backends` hook and tests: every later commit "
            "imports it; alone it changes nothing a program prints."
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
            "Class B, the rewrites listed under Changes to look at, one commit per component for "
            f"its owner to take or leave: {', '.join(by_stage[OUTPUT])}; with them the recipes of "
            "the same files, those that change what a program that configured nothing prints "
            "(a print removed, the critical-operator WARNING) and those their lines need "
            "(DebugPass's `override_logger`). The "
            "core's first: its own lines leave the root logger that some backends stop "
            "configuring."
        )
    if by_stage[RECIPES]:
        steps.append(
            "The ExecuTorch recipes, one commit per component, each for its owner to take or "
            f"leave: {', '.join(by_stage[RECIPES])}. After the output patches: the backends' "
            "rejection sites report to the partitioner run the core's output patch opens "
            "(`partition-report`)."
        )
    out += [f"{number}. {text}" for number, text in enumerate(steps, start=1)]
    out += [
        "",
        "Between the steps users see exactly what they saw before the series until a "
        "component's class B commit lands; after it, that component is quiet by default and "
        "speaks on its own TORCH_LOGS name.",
    ]
    return out
