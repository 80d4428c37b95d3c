"""ExecuTorch's loggers in PyTorch's component logging: ``TORCH_LOGS=+executorch,xnnpack``.

    from executorch._logging import get_logger   # et_log_runtime, when not vendored
    logger = get_logger(__name__)

Standard library only; torch is used once torch has loaded it, never imported from here.
Modules, bottom up: ``components`` (the names), ``torch_api`` (torch's internals), ``state``
(the one state object), ``api`` (loggers, ``set_logs``), then ``routed_warnings``,
``partition_report``, ``override``, ``capture``; ``torch_hook`` is torch's entry point.
"""

from __future__ import annotations

from .api import (
    artifact_enabled,
    get_artifact_logger,
    get_logger,
    logger_names,
    register_artifact,
    register_component,
    route_to_app,
    set_logs,
)
from .capture import stdout_to_log
from .override import override_logs
from .partition_report import partition_run, report_rejection, run_partitioner
from .routed_warnings import warn

__all__ = [
    "artifact_enabled",
    "get_artifact_logger",
    "get_logger",
    "logger_names",
    "override_logs",
    "partition_run",
    "register_artifact",
    "register_component",
    "report_rejection",
    "route_to_app",
    "run_partitioner",
    "set_logs",
    "stdout_to_log",
    "warn",
]
