"""The `partition_report` scope around every partitioner run, opened by the core.

Every partitioner ExecuTorch runs goes through `exir/backend/backend_api.py`: `to_backend` (one
method, what `to_edge_transform_and_lower` calls) and its multi-method twin both call
`partitioner_result = partitioner_instance(fake_edge_program)`. The recipe wraps both calls in the
runtime's `run_partitioner` (the twin's with its `method_name`: a lowering's verdict on critical
operators is kept per method, whose node names may repeat), which opens the run's scope: rejections the backends report meanwhile
(`report_rejection`) belong to it, and when it ends every `call_function` node left outside the
delegates is explained at INFO on the partitioner's component and listed on
`TORCH_LOGS=partition_report`. Nothing is collected while both are off.
"""

from __future__ import annotations

import ast

from codemods.recipes.base import Edit, Recipe, RecipePlan, blocks, same_statements
from codemods.shared.review import Review

_OLD = "partitioner_result = partitioner_instance(fake_edge_program)\n"
_NEW = "partitioner_result = run_partitioner(partitioner_instance, fake_edge_program)\n"
_NEW_METHOD = (  # in the multi-method twin's `for method_name, partitioner_instance in ...`
    "partitioner_result = run_partitioner(\n"
    "    partitioner_instance, fake_edge_program, method=method_name\n"
    ")\n"
)
_METHOD = "method_name"
RUNS = 2  # to_backend for one program, and for several methods


def statement_blocks(tree: ast.Module, source: str) -> list[tuple[list[ast.stmt], int]]:
    """Every (statement list, index) in `tree` where the one statement of `source` stands."""
    return [
        (block, index)
        for block in blocks(tree)
        for index, stmt in enumerate(block)
        if same_statements([stmt], source)
    ]


def _per_method(tree: ast.Module) -> list[list[ast.stmt]]:
    """The bodies of the loops over `method_name`."""
    return [
        loop.body
        for loop in ast.walk(tree)
        if isinstance(loop, ast.For)
        and any(isinstance(n, ast.Name) and n.id == _METHOD for n in ast.walk(loop.target))
    ]


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    old, new = statement_blocks(tree, _OLD), statement_blocks(tree, _NEW)
    new_method = statement_blocks(tree, _NEW_METHOD)
    if not old and len(new) + len(new_method) == RUNS:
        return None  # applied before
    if len(old) + len(new) + len(new_method) != RUNS:
        return Review(
            f"expected {RUNS} partitioner calls `{_OLD.strip()}`, found {len(old)} "
            f"(and {len(new) + len(new_method)} already wrapped)"
        )
    loops = _per_method(tree)
    edits = [
        Edit(block, index, 1, _NEW_METHOD if any(block is b for b in loops) else _NEW)
        for block, index in old
    ]
    return RecipePlan(edits, ("partition_report.run_partitioner",))


RECIPE = Recipe(
    "partition-report",
    "exir/backend/backend_api.py",
    plan,
    change="both `partitioner_instance(fake_edge_program)` calls become "
    "`run_partitioner(partitioner_instance, fake_edge_program)`, the one in a loop over "
    "`method_name` with `method=method_name` (refused unless exactly two)",
    effect="every partitioner run explains the nodes it leaves on the CPU: one INFO line per "
    "node on the partitioner's component (`TORCH_LOGS=<backend>`), a table on "
    "`TORCH_LOGS=partition_report`. While nothing of ExecuTorch's is named, they are DEBUG "
    "records: an application whose own logging shows DEBUG now sees them on every lowering "
    "(one at INFO sees nothing new)",
    behaviour_change=True,
    artifact="partition_report",
)
