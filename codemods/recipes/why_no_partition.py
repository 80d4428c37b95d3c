"""WhyNoPartition reasons reported to the partition run: at INFO, and in `partition_report`.

`exir/backend/utils.py`'s `WhyNoPartition.__call__` logs why a node was not partitioned at DEBUG on
the backend's logger. The seed asks for INFO, so `TORCH_LOGS=xnnpack` answers "why was this node
not partitioned?" while the default (WARNING) stays quiet. After the recipe the call reports to the
partitioner run (`report_rejection`): one INFO line per node left on the CPU, on the component of
the partitioner that ran, and a row of `TORCH_LOGS=partition_report`; outside a run, at INFO on
the backend's logger at once. `__call__` takes the reason's code (`code="UNSPECIFIED"`, what
`report_rejection` writes when none is given), which XNNPACK's configs pass (`xnnpack-codes-*`).
"""

from __future__ import annotations

import ast

from codemods.recipes.base import (
    THE_RUN,
    Recipe,
    RecipePlan,
    find_class,
    find_function,
    locate,
    replace_once,
)
from codemods.shared.review import Review

OLD = (
    "def __call__(self, node: torch.fx.Node, reason: str) -> None:\n"
    "    self.node = node\n"
    "    self.reason = reason\n"
    "    self.logger.debug(self)\n"
)
DEBUG = "self.logger.debug(self)\n"  # the line the reason used to be
NEW = (
    "def __call__(\n"
    '    self, node: torch.fx.Node, reason: str, code: str = "UNSPECIFIED"\n'
    ") -> None:\n"
    "    self.node = node\n"
    "    self.reason = reason\n"
    "    report_rejection(self.logger, node, reason, code)\n"
)


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    """`WhyNoPartition.__call__` (the whole method) replaced by one that takes a code and
    reports; refused, saying which part moved, unless it is exactly `OLD`."""
    cls = find_class(tree, "WhyNoPartition")
    if cls is None:
        return Review("no class WhyNoPartition in this file")
    edit = replace_once(cls.body, OLD, NEW)
    if not isinstance(edit, Review):
        return None if edit is None else RecipePlan([edit], ("partition_report.report_rejection",))
    method = find_function(cls.body, "__call__")
    if method is None:
        return Review("no WhyNoPartition.__call__() in this file")
    if locate(method.body, DEBUG) is None:
        return Review(f"WhyNoPartition.__call__(): `{DEBUG.strip()}` is not there any more")
    return Review(
        f"WhyNoPartition.__call__(): it is not `{OLD.splitlines()[0].removesuffix(':')}` with "
        "`self.node = node`, `self.reason = reason` and the debug line any more"
    )


RECIPE = Recipe(
    "why-no-partition-info",
    "exir/backend/utils.py",
    plan,
    change='`WhyNoPartition.__call__` takes the reason\'s code (`code: str = "UNSPECIFIED"`) '
    "and its debug line becomes `report_rejection(self.logger, node, reason, code)`",
    effect="XNNPACK's reasons reach the partition run: `TORCH_LOGS=xnnpack` says why each node "
    "stays on the CPU (INFO, once per node); the default stays quiet, and an application that "
    "shows DEBUG for the backend's loggers (or the root) sees each reason reworded: "
    "`WhyNoPartition: Node <node> was not partitioned because <reason>` becomes the run's DEBUG "
    "line on the backend's component, `<Partitioner>: <node> (<operator>) stays on the CPU: "
    "<reason>` (`executorch.backends.<backend>`: a filter on the module's logger name no longer "
    "sees it), or, where DEBUG is set on the module's logger alone, `<node> (<operator>) not "
    "delegated: <reason>` on that logger",
    behaviour_change=True,
    works_with=THE_RUN,
)
