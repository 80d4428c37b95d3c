"""Is an off-by-default artifact switched on? (``partition_report`` itself lives in
``partition_report.py``.)"""

from __future__ import annotations

import logging

__all__ = ["PARTITION_REPORT", "artifact_enabled"]

PARTITION_REPORT = "partition_report"


def artifact_enabled(logger: logging.Logger) -> bool:
    """True when a record logged at DEBUG on artifact `logger` would be printed: the artifact
    was named in TORCH_LOGS or ``set_logs`` (an artifact that is off neither propagates nor has
    a handler). Use it to skip formatting a large dump nobody will see."""
    return logger.isEnabledFor(logging.DEBUG) and (logger.propagate or bool(logger.handlers))
