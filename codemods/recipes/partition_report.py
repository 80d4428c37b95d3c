"""The `partition_report` artifact: one table per `ConfigerationBasedPartitioner.partition` run.

`exir/backend/canonical_partitioners/config_partitioner.py` is the partitioner XNNPACK builds on.
After it generates its partitions, the table of what was delegated and of every rejection its
configs reported (see the why-no-partition-info recipe) goes to the artifact.
"""

from __future__ import annotations

import ast

from codemods.recipes.base import (
    Edit,
    Recipe,
    RecipePlan,
    find_class,
    find_function,
    replace_once,
)

_OLD = "partitions = self.generate_partitions(exported_program)\n"
_NEW = "emit_partition_report(__name__, type(self).__name__, partitions)\n"


def plan(tree: ast.Module, runtime: str) -> RecipePlan | str | None:
    cls = find_class(tree, "ConfigerationBasedPartitioner")
    partition = find_function(cls.body, "partition") if cls else None
    if partition is None:
        return "no ConfigerationBasedPartitioner.partition in this file"
    edit = replace_once(partition.body, _OLD, _NEW, keep_old=True)
    if not isinstance(edit, Edit):
        return edit and f"ConfigerationBasedPartitioner.partition: {edit}"
    return RecipePlan(
        [edit],
        ("emit_partition_report",),
        "TORCH_LOGS=partition_report prints what each partitioner run delegated and why not the rest",
    )


RECIPE = Recipe(
    "partition-report",
    "exir/backend/canonical_partitioners/config_partitioner.py",
    "a partition_report table after each ConfigerationBasedPartitioner.partition run",
    plan,
)
