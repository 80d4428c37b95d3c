"""The series a migration lands as, decided in one place: the runtime, then class A (output
unchanged) one commit per component, then class B (the changes of default output) one commit per
component, the core first in each class. `--patches` writes it; the report says it."""

from __future__ import annotations

from collections.abc import Iterable

from codemods.report.tally import Tally, is_output_change

CORE = "executorch"
RUNTIME = "logging-runtime"  # with --vendor: the vendored runtime, its tests and Buck target
MECHANICAL, OUTPUT = "mechanical", "output"  # class A, class B


def landing_order(components: Iterable[str]) -> list[str]:
    """The components in landing order: the core first, then the rest by name."""
    names = set(components)
    return [CORE] * (CORE in names) + sorted(names - {CORE})


def series_order(mechanical: Iterable[str], output: Iterable[str]) -> list[tuple[str, str]]:
    """(component, stage) in landing order: every class A patch, then every class B patch."""
    return [(c, MECHANICAL) for c in landing_order(mechanical)] + [
        (c, OUTPUT) for c in landing_order(output)
    ]


def stages(tally: Tally) -> tuple[list[str], list[str]]:
    """The components with class A rewrites, and those with class B changes (a rewrite with a
    note, or a recipe applied), each in landing order."""
    rewritten = [(o.component, s) for o in tally.outcomes for s in o.rewritten]
    a = {c for c, s in rewritten if not is_output_change(s)}
    b = {c for c, s in rewritten if is_output_change(s)}
    b |= {r.component for r in tally.recipes() if r.status == "applied"}
    return landing_order(a), landing_order(b)


def how_it_lands(tally: Tally, vendored: bool) -> list[str]:
    """The report's section on the series: its order and what users see between the steps."""
    a, b = stages(tally)
    out = ["", "## How it lands", ""]
    if not a and not b:
        return [*out, "Nothing to land."]
    out.append("One commit per step, in this order (`--patches DIR` writes them as patches):")
    out.append("")
    step = 1
    if vendored:
        out.append(
            f"{step}. The logging runtime, its `torch.backends` hook and tests: every later "
            "commit imports it; alone it changes nothing a program prints."
        )
        step += 1
    if a:
        out.append(
            f"{step}. Class A, output unchanged, one commit per component: {', '.join(a)}. A "
            "program that configured nothing prints the same stdout and stderr; the lines only "
            "move to their component's logger (`TORCH_LOGS=<component>` controls them)."
        )
        step += 1
    if b:
        out.append(
            f"{step}. Class B, the changes listed under Changes to look at, one commit per "
            f"component for its owner to take or leave: {', '.join(b)}. The core's first: the "
            "backends' rejection sites report to the partitioner run it opens, and its own "
            "lines leave the root logger that some backends stop configuring."
        )
    out += [
        "",
        "Between the steps users see exactly what they saw before the series until a "
        "component's class B commit lands; after it, that component is quiet by default and "
        "speaks on its own TORCH_LOGS name.",
    ]
    return out
