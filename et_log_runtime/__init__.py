"""et-log runtime: ExecuTorch's components in torch's TORCH_LOGS / set_logs logging.

Importing this package is cheap and stdlib-only: the API is loaded on first use.

    from . import get_logger, warn_once
    logger = get_logger(__name__)

Modules, bottom up (the import graph is acyclic): ``components`` (the table) <- ``registry``
(names, the lock) <- ``settings`` (merged set_logs state), ``destinations`` (routing, test
capture, overrides) <- ``sync`` (the one owner of "bring torch up to date") <- the API:
``control`` (set_logs, route_to_app, register_*), ``loggers``, ``override``, ``torch_hook``,
``artifacts`` (is an artifact on?), ``partition_report`` (the per-run scope backends report
rejections to, on top of ``loggers``); ``once`` (warn_once) stands alone.
"""

from __future__ import annotations

import importlib

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
    "warn_once",
]

_HOME = {
    "artifact_enabled": "artifacts",
    "partition_run": "partition_report",
    "report_rejection": "partition_report",
    "run_partitioner": "partition_report",
    "get_logger": "loggers",
    "get_artifact_logger": "loggers",
    "logger_names": "control",
    "override_logs": "override",
    "register_artifact": "control",
    "register_component": "control",
    "route_to_app": "control",
    "set_logs": "control",
    "stdout_to_log": "capture",
    "warn_once": "once",
}


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # relative to this package: it works under any name (also when vendored, docs/runtime.md)
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
