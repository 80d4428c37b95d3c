"""Vela's report through the `arm` logger instead of stdout.

`backends/arm/arm_vela.py` calls Vela in-process (`vela.main(...)` inside `vela_compile`'s nested
`run`), and Vela prints its summary on stdout on every Ethos-U lowering (54 lines for a small
model; about 1,400 with `--verbose-all`). After this recipe the call runs inside the runtime's
`stdout_to_log(__name__)`: each line Vela prints becomes, as it is printed, an INFO line of the
`arm` component, so the default lowering prints nothing and `TORCH_LOGS=arm` shows the report.
Only the calling thread's Python-level stdout is taken: other threads' output and C-level writes
stay where they were. Users who read the report on stdout lose it there: a behaviour change its
owner takes or leaves.
"""

from __future__ import annotations

import ast

from codemods.recipes.base import Recipe, RecipePlan, find_function, replace_once
from codemods.shared.review import Review

OLD = 'vela.main(" ".join(args).split(" "))\n'
NEW = 'with stdout_to_log(__name__):\n    vela.main(" ".join(args).split(" "))\n'


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
    return None if edit is None else RecipePlan([edit], ("stdout_to_log",))


RECIPE = Recipe(
    "vela-report-to-log",
    "backends/arm/arm_vela.py",
    plan,
    change="`vela.main(...)` runs inside `with stdout_to_log(__name__):`",
    effect="Vela's report no longer prints on stdout on every Ethos-U lowering: each line is an "
    "INFO line of `arm` as Vela prints it (`TORCH_LOGS=arm`, or an application's logging at "
    "INFO); what other threads print, and C-level writes, stay on stdout",
    behaviour_change=True,
)
