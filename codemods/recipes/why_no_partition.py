"""WhyNoPartition reasons reported to the partition run: at INFO, and in `partition_report`.

`exir/backend/utils.py`'s `WhyNoPartition.__call__` logs why a node was not partitioned at DEBUG on
the backend's logger. The seed asks for INFO, so `TORCH_LOGS=xnnpack` answers "why was this node
not partitioned?" while the default (WARNING) stays quiet. After the recipe the call reports to the
partitioner run (`report_rejection`): one INFO line per node left on the CPU, on the component of
the partitioner that ran, and a row of `TORCH_LOGS=partition_report`; outside a run, at INFO on
the backend's logger at once.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_function

RECIPE = Recipe(
    "why-no-partition-info",
    "exir/backend/utils.py",
    partial(
        edit_function,
        target="WhyNoPartition.__call__",
        old="self.logger.debug(self)\n",
        new="report_rejection(self.logger, node, reason)\n",
        imports=("report_rejection",),
    ),
    change="`WhyNoPartition.__call__`'s debug line becomes "
    "`report_rejection(self.logger, node, reason)`",
    effect="XNNPACK's reasons reach the partition run: `TORCH_LOGS=xnnpack` says why each node "
    "stays on the CPU (INFO, once per node); the default stays quiet, and an application that "
    "shows DEBUG for the module's logger (or the root) sees each reason on that logger as "
    "before, worded as the run's line, unless `TORCH_LOGS` names the component (then the "
    "run's line says it)",
    behaviour_change=True,
)
