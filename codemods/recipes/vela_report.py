"""Vela's report through the `arm` logger instead of stdout.

`backends/arm/arm_vela.py` calls Vela in-process (`vela.main(...)` inside `vela_compile`'s nested
`run`), and Vela prints its summary on stdout on every Ethos-U lowering (54 lines for a small
model; about 1,400 with `--verbose-all`). After this recipe Arm's own code collects what Vela
prints (`contextlib.redirect_stdout`, written where the call is, in the owner's file: the runtime
patches nothing) and logs each line at INFO on the `arm` component once Vela returns, so the
default lowering prints nothing and `TORCH_LOGS=arm` shows the report. While Vela runs, whatever
else the process prints through `sys.stdout` is collected too (C-level writes are not). Users
who read the report on stdout lose it there: a behaviour change its owner takes or leaves.
"""

from __future__ import annotations

import ast

from codemods.recipes.base import Recipe, RecipePlan, find_function, replace_once
from codemods.shared.review import Review

OLD = 'vela.main(" ".join(args).split(" "))\n'
NEW = (
    "import contextlib\n"
    "import io\n\n"
    "# Vela prints its report: each line is logged once it returns\n"
    "with contextlib.redirect_stdout(io.StringIO()) as report:\n"
    '    vela.main(" ".join(args).split(" "))\n'
    "for line in report.getvalue().splitlines():\n"
    '    get_logger(__name__).info("%s", line)\n'
)


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    outer = find_function(tree.body, "vela_compile")
    if outer is None:
        return Review("no vela_compile() in this file")
    inner = find_function(outer.body, "run")
    if inner is None:
        return Review("vela_compile() no longer calls Vela from a nested run()")
    edit = replace_once(inner.body, OLD, NEW)
    if isinstance(edit, Review):
        return Review(f"vela_compile.run(): {edit.reason}")
    return None if edit is None else RecipePlan([edit], ("get_logger",))


RECIPE = Recipe(
    "vela-report-to-log",
    "backends/arm/arm_vela.py",
    plan,
    change="`vela.main(...)` runs inside `contextlib.redirect_stdout(...)`; then each line of "
    "its report is logged",
    effect="Vela's report no longer prints on stdout on every Ethos-U lowering: each line is an "
    "INFO line of `arm` once Vela returns (`TORCH_LOGS=arm`, or an application's logging at "
    "INFO); C-level writes stay on stdout",
    behaviour_change=True,
)
