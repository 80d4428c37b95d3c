"""WhyNoPartition reasons at INFO, and fed to the `partition_report` artifact.

`exir/backend/utils.py`'s `WhyNoPartition.__call__` logs why a node was not partitioned at DEBUG on
the backend's logger. The seed asks for INFO, so `TORCH_LOGS=xnnpack` answers "why was this node
not partitioned?" while the default (WARNING) stays quiet.
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
        new="self.logger.info(self)\nreport_rejection(self.logger, node, reason)\n",
        imports=("report_rejection",),
        note="WhyNoPartition logs at INFO (TORCH_LOGS=<backend> shows it) and feeds partition_report",
    ),
)
