"""Why nodes stay on the CPU: one scope per partitioner run, fed by the backends' rejection sites.

The core opens the scope around each partitioner call (``run_partitioner``, or the
``partition_run`` context manager); backends call ``report_rejection(logger, node, reason)`` where
they decide a node cannot be delegated. When the run ends the scope compares the graph's tagged
nodes with its ``call_function`` nodes and, for every node left outside the delegates
(``getitem`` aside), with the reasons reported for it or "no reason given by <Partitioner>":

- logs one INFO line per node on the logger of the component of the partitioner's module
  (``executorch.backends.webgpu``, not the module's own logger, whose level a partitioner's
  ``verbose`` flag may have changed), so the component follows the partitioner that ran (``TORCH_LOGS=webgpu`` explains a WebGPU run even though the rejection
  came from Vulkan's code);
- logs one table on the ``partition_report`` artifact (``TORCH_LOGS=partition_report``).

When neither is on, the scope is inert: nothing is collected, formatted or logged.
Outside any scope (a support check run for ``ops_to_not_decompose``, a partitioner called
directly) ``report_rejection`` logs its line at DEBUG on the backend's ``logger`` at once: such
checks are not the run's verdict, and ``TORCH_LOGS=<backend>`` (INFO) would repeat the run's lines.
"""

from __future__ import annotations

import logging
import operator
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol, TypeVar

from .api import artifact_enabled, get_artifact_logger, get_logger
from .state import STATE

__all__ = ["PartitionRun", "partition_run", "report_rejection", "run_partitioner"]

CORE_MODULE = "executorch.exir.backend"  # reports a partitioner outside every component
PARTITION_REPORT = "partition_report"
_MAX_REASONS = 10_000  # rejections kept per run: a runaway reporter cannot eat the memory
_BOOKKEEPING = {operator.getitem}
_scopes = threading.local()
Result = TypeVar("Result")


class _Node(Protocol):
    name: str
    op: str
    target: object
    meta: dict[str, object]


def _stack() -> list[PartitionRun]:
    stack: list[PartitionRun] | None = getattr(_scopes, "stack", None)
    if stack is None:
        stack = _scopes.stack = []
    return stack


def target_name(target: object) -> str:
    """``aten.sort.default`` for an operator overload, the function's name otherwise."""
    overload = getattr(target, "_op", target)  # an edge operator wraps the ATen overload
    if hasattr(overload, "_schema"):
        return str(overload)
    return getattr(target, "__name__", None) or str(target)


def _component_logger(component: str, module: str) -> str:
    """The component's own logger covering `module` (``executorch.backends.xnnpack``): its level
    is the component's, whatever a module below it set for itself (a ``verbose`` flag)."""
    prefixes = [p for p in STATE.components.get(component, ()) if module.startswith(p)]
    return max(prefixes, key=len, default=module)


class PartitionRun:
    """One partitioner run: who ran, and the reasons its backends gave (only while live)."""

    def __init__(self, partitioner: object) -> None:
        cls = type(partitioner)
        self.partitioner = cls.__name__
        self.module = cls.__module__
        component = STATE.component_for(self.module)
        self.component = component or self.module
        home = _component_logger(component, self.module) if component else self.module
        self.explain = get_logger(home)
        self.report = get_artifact_logger(home if component else CORE_MODULE, PARTITION_REPORT)
        self.explaining = self.explain.isEnabledFor(logging.INFO)
        self.reporting = artifact_enabled(self.report)
        self.live = self.explaining or self.reporting
        self.reasons: dict[str, list[str]] = {}
        self._kept = 0

    def reject(self, node: object, reason: str) -> None:
        """Remember `reason` for `node` (each distinct reason once)."""
        name = str(getattr(node, "name", node))
        reasons = self.reasons.setdefault(name, [])
        if reason not in reasons and self._kept < _MAX_REASONS:
            reasons.append(reason)
            self._kept += 1

    def finish(self, result: Result, stacklevel: int = 1) -> Result:
        """Explain and report the run whose result is `result` (a ``PartitionResult``: its
        ``tagged_exported_program`` and ``partition_tags``); returns `result` unchanged. The
        lines point at `stacklevel` frames above this call (1: its caller), as in ``logging``."""
        if not self.live:
            return result
        program = getattr(result, "tagged_exported_program", None)
        graph_module = getattr(program, "graph_module", None)
        nodes: list[_Node] = list(getattr(getattr(graph_module, "graph", None), "nodes", ()))
        tags = set(getattr(result, "partition_tags", None) or ())
        self.emit(nodes, tags, stacklevel + 1)
        return result

    def emit(self, nodes: list[_Node], tags: set[object], stacklevel: int = 1) -> None:
        """Log what the run left on the CPU: `nodes` of the graph, `tags` its delegates' tags."""
        used: set[object] = set()
        delegated = 0
        left: list[tuple[str, str, str]] = []
        for node in nodes:
            if node.op != "call_function":
                continue
            tag = node.meta.get("delegation_tag")
            if tag is not None and tag in tags:
                used.add(tag)
                delegated += 1
            elif node.target not in _BOOKKEEPING:
                given = self.reasons.get(node.name)
                reason = "; ".join(given) if given else f"no reason given by {self.partitioner}"
                left.append((node.name, target_name(node.target), reason))
        if self.explaining:
            for name, target, reason in left:
                self.explain.info(
                    "%s: %s (%s) stays on the CPU: %s",
                    self.partitioner,
                    name,
                    target,
                    reason,
                    stacklevel=stacklevel + 1,
                )
        if self.reporting:
            table = self._table(len(used), delegated, left)
            self.report.debug("%s", table, stacklevel=stacklevel + 1)

    def _table(self, partitions: int, delegated: int, left: list[tuple[str, str, str]]) -> str:
        lines = [
            f"{self.partitioner}: {partitions} partition(s), {delegated} node(s) delegated; "
            f"{len(left)} node(s) not partitioned [component {self.component}]"
        ]
        if left:
            rows = [("node", "target", "reason"), *left]
            widths = [max(len(row[i]) for row in rows) for i in range(2)]
            lines += [f"  {a.ljust(widths[0])}  {b.ljust(widths[1])}  {c}" for a, b, c in rows]
        return "\n".join(lines)


@contextmanager
def partition_run(partitioner: object) -> Iterator[PartitionRun]:
    """The scope of one run of `partitioner`; call ``finish(result)`` on it with the result.
    Rejections reported in this thread meanwhile belong to it. Nothing is emitted when the
    partitioner raises."""
    run = PartitionRun(partitioner)
    stack = _stack()
    stack.append(run)
    try:
        yield run
    finally:
        stack.pop()


def run_partitioner(partitioner: Callable[[object], Result], program: object) -> Result:
    """``partitioner(program)`` inside its ``partition_run`` scope, explained and reported."""
    with partition_run(partitioner) as run:
        return run.finish(partitioner(program), stacklevel=2)  # the core's line, not ours


def report_rejection(logger: logging.Logger | None, node: object, reason: str) -> None:
    """A backend's rejection site: `node` cannot be delegated because of `reason`.

    Inside a partitioner run the reason goes to that run's explanation and report (nothing is
    kept while both are off); outside one it is logged at DEBUG on the backend's `logger` (none:
    not logged)."""
    stack = _stack()
    if stack:
        run = stack[-1]
        if run.live:
            run.reject(node, str(reason))
    elif logger is not None and logger.isEnabledFor(logging.DEBUG):
        target = target_name(getattr(node, "target", ""))
        name = getattr(node, "name", node)
        logger.debug("%s (%s) not delegated: %s", name, target, reason, stacklevel=2)
