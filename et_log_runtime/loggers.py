"""``get_logger`` and ``get_artifact_logger``: plain stdlib loggers, known to torch when loaded."""

from __future__ import annotations

import logging
import sys

from . import registry, sync

__all__ = ["get_artifact_logger", "get_logger"]


def get_logger(name: str) -> logging.Logger:
    """The logger for module ``name`` (call as ``get_logger(__name__)``).

    It is an ordinary ``logging.Logger``: its level and output come from the component covering it
    (``executorch``, ``xnnpack``, ...) as set by TORCH_LOGS or ``set_logs``.
    """
    if "torch._logging._internal" in sys.modules:
        sync.sync()  # cheap when up to date; registers late when torch's hook did not run
    return logging.getLogger(name)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """The logger for an off-by-default ``artifact`` (e.g. ``xnnpack_graph``) in module ``name``.

    Its messages appear only when the artifact is named: ``TORCH_LOGS=xnnpack_graph`` or
    ``set_logs(xnnpack_graph=True)``; log them at DEBUG.
    """
    internal = sync.sync()
    if internal is not None and internal.log_registry.is_artifact(artifact):
        with registry.LOCK:  # torch's registry is not thread-safe; our other writers hold it
            return internal.getArtifactLogger(name, artifact)
    if artifact not in registry.artifacts:
        known = ", ".join(sorted(registry.artifacts))
        raise ValueError(f"unknown artifact {artifact!r}; known artifacts: {known}")
    # torch not loaded yet: the same logger torch would make; torch adopts it when it registers us
    qname = f"{name}.__{artifact}"
    log = logging.getLogger(qname)
    log.artifact_name = artifact  # type: ignore[attr-defined]  # the mark torch gives artifact loggers
    log.propagate = False
    with registry.LOCK:
        registry.early_artifact_logs.add(qname)
    return log
