"""The `partition_report` artifact: one table per `ConfigerationBasedPartitioner.partition` run.

`exir/backend/canonical_partitioners/config_partitioner.py` is the partitioner XNNPACK builds on.
After it generates its partitions, the table of what was delegated and of every rejection its
configs reported (see the why-no-partition-info recipe) goes to the artifact.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_function

RECIPE = Recipe(
    "partition-report",
    "exir/backend/canonical_partitioners/config_partitioner.py",
    partial(
        edit_function,
        target="ConfigerationBasedPartitioner.partition",
        old="partitions = self.generate_partitions(exported_program)\n",
        new="emit_partition_report(__name__, type(self).__name__, partitions)\n",
        keep_old=True,
        imports=("emit_partition_report",),
        note="TORCH_LOGS=partition_report prints what each partitioner run delegated and why not "
        "the rest",
    ),
)
