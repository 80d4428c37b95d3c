"""WhyNoPartition reasons at INFO, and fed to the `partition_report` artifact.

`exir/backend/utils.py`'s `WhyNoPartition.__call__` logs why a node was not partitioned at DEBUG on
the backend's logger. The seed asks for INFO, so `TORCH_LOGS=xnnpack` answers "why was this node
not partitioned?" while the default (WARNING) stays quiet.
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

_OLD = "self.logger.debug(self)\n"
_NEW = "self.logger.info(self)\nreport_rejection(self.logger, node, reason)\n"


def plan(tree: ast.Module, runtime: str) -> RecipePlan | str | None:
    cls = find_class(tree, "WhyNoPartition")
    call = find_function(cls.body, "__call__") if cls else None
    if call is None:
        return "no WhyNoPartition.__call__ in this file"
    edit = replace_once(call.body, _OLD, _NEW)
    if not isinstance(edit, Edit):
        return edit and f"WhyNoPartition.__call__: {edit}"
    return RecipePlan(
        [edit],
        ("report_rejection",),
        "WhyNoPartition logs at INFO (TORCH_LOGS=<backend> shows it) and feeds partition_report",
    )


RECIPE = Recipe(
    "why-no-partition-info",
    "exir/backend/utils.py",
    "WhyNoPartition reasons logged at INFO and recorded for the partition_report artifact",
    plan,
)
