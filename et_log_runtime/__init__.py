"""ExecuTorch's loggers in PyTorch's component logging (``TORCH_LOGS=+executorch,xnnpack``).

Standard library only; torch is used once loaded, never imported.
"""

from .api import (
    artifact_enabled,
    get_artifact_logger,
    get_logger,
    logger_names,
    override_logs,
    set_logs,
    stdout_to_log,
    warn,
)
from .partition_report import delegation_records, report_rejection, run_partitioner

__all__ = [
    "artifact_enabled",
    "delegation_records",
    "get_artifact_logger",
    "get_logger",
    "logger_names",
    "override_logs",
    "report_rejection",
    "run_partitioner",
    "set_logs",
    "stdout_to_log",
    "warn",
]
