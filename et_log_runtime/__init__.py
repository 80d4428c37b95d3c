"""ExecuTorch's loggers in PyTorch's component logging (``TORCH_LOGS=+executorch,xnnpack``).

Standard library only; torch is used once loaded, never imported. Bottom up: ``components``,
``torch_api`` (torch's internals), ``state`` (one object), ``api``, then ``partition_report``
and ``redirect``. Each name is imported on first use, so torch's hook (which needs ``state``
only) adds little to ``import torch``.
"""

from __future__ import annotations

import importlib
import typing

if typing.TYPE_CHECKING:
    from .api import (
        artifact_enabled,
        get_artifact_logger,
        get_logger,
        logger_names,
        override_logs,
        set_logs,
    )
    from .partition_report import delegation_records, report_rejection, run_partitioner
    from .redirect import stdout_to_log, warn

_HOME = {  # public name -> its module
    "artifact_enabled": "api",
    "delegation_records": "partition_report",
    "get_artifact_logger": "api",
    "get_logger": "api",
    "logger_names": "api",
    "override_logs": "api",
    "report_rejection": "partition_report",
    "run_partitioner": "partition_report",
    "set_logs": "api",
    "stdout_to_log": "redirect",
    "warn": "redirect",
}
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


def __getattr__(name: str) -> typing.Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value
    return value
