"""et-log runtime: ExecuTorch's components in torch's TORCH_LOGS / set_logs logging.

Importing this package is cheap and stdlib-only: the API is loaded on first use.

    from et_log_runtime import get_logger, warn_once
    logger = get_logger(__name__)
"""

from __future__ import annotations

import sys

__all__ = [
    "artifact_enabled",
    "emit_partition_report",
    "get_artifact_logger",
    "get_logger",
    "register_artifact",
    "register_component",
    "report_rejection",
    "set_logs",
    "warn_once",
]

_HOME = {
    "artifact_enabled": "artifacts",
    "emit_partition_report": "artifacts",
    "report_rejection": "artifacts",
    "get_logger": "loggers",
    "get_artifact_logger": "loggers",
    "set_logs": "settings",
    "warn_once": "once",
    "register_component": "registry",
    "register_artifact": "registry",
}


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'et_log_runtime' has no attribute {name!r}")
    __import__(f"et_log_runtime.{module}")
    value = getattr(sys.modules[f"et_log_runtime.{module}"], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
