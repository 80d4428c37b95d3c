"""Emitters for the off-by-default artifacts: is one switched on, and the `partition_report` table.

``partition_report`` answers "what did the partitioner delegate, and why not the rest?": every
rejection a backend reports (``WhyNoPartition``, ``report_rejection``) is kept for the current
thread while the artifact is on, and ``emit_partition_report`` logs one table per partitioner run.
Nothing is kept, formatted or logged while the artifact is off.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable

from .components import component_for_module
from .loggers import get_artifact_logger

__all__ = ["artifact_enabled", "emit_partition_report", "report_rejection"]

PARTITION_REPORT = "partition_report"
_MAX_ROWS = 10_000  # rejections kept per thread before a report is emitted
_pending = threading.local()


def artifact_enabled(logger: logging.Logger) -> bool:
    """True when a record logged at DEBUG on artifact `logger` would be printed: the artifact
    was named in TORCH_LOGS or ``set_logs`` (an artifact that is off neither propagates nor has
    a handler). Use it to skip formatting a large dump nobody will see."""
    return logger.isEnabledFor(logging.DEBUG) and (logger.propagate or bool(logger.handlers))


def _rows() -> list[tuple[str, str, str, str]]:
    rows = getattr(_pending, "rows", None)
    if rows is None:
        rows = _pending.rows = []
    return rows


def report_rejection(logger: logging.Logger, node: object, reason: str) -> None:
    """Remember that `node` was not delegated because of `reason`, as reported on the backend's
    `logger`, for this thread's next partition report (nothing is kept while it is off)."""
    if not artifact_enabled(get_artifact_logger(logger.name, PARTITION_REPORT)):
        return
    rows = _rows()
    if len(rows) < _MAX_ROWS:
        target = getattr(node, "target", "")
        name = getattr(target, "__name__", None) or str(target)
        component = component_for_module(logger.name) or logger.name
        rows.append((component, str(node), name, str(reason)))


def emit_partition_report(module: str, partitioner: str, partitions: Iterable[object] = ()) -> None:
    """Log, on the ``partition_report`` artifact of `module`, what `partitioner` delegated
    (`partitions`: objects with a ``nodes`` collection) and the rejections reported since the
    last report in this thread, as one table."""
    log = get_artifact_logger(module, PARTITION_REPORT)
    rows, _pending.rows = _rows(), []
    if not artifact_enabled(log):
        return
    groups = list(partitions)
    delegated = sum(len(getattr(p, "nodes", ())) for p in groups)
    lines = [
        f"{partitioner}: {len(groups)} partition(s), {delegated} node(s) delegated; "
        f"{len(rows)} node(s) not partitioned"
    ]
    if rows:
        header = ("backend", "node", "target", "reason")
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
        for row in [header, *rows]:
            cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
            lines.append("  " + "  ".join([*cells, row[3]]))
    log.debug("%s", "\n".join(lines), stacklevel=2)  # the partitioner's line, not ours
