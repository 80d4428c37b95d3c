"""Every use of torch's private logging internals, in one place, each one feature-checked.

torch offers no public way to register a TORCH_LOGS name for another package's loggers or to
learn that torch (re)initialised its loggers, so the runtime reads ``torch._logging._internal``
here. The runtime never imports torch: it uses the module only once torch has loaded it. If a
name used here is missing or changed, ``load`` returns None and logging stays plain ``logging``
(our names unregistered) after a one-line report, instead of an exception inside ``import torch``.
"""

from __future__ import annotations

import functools
import logging
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["INTERNAL", "Torch", "load", "report"]

INTERNAL = "torch._logging._internal"
_ORIGINAL = "_executorch_original"  # set on our wrapper of ``_init_logs``: torch's own function
_NEEDED = (
    "log_registry",
    "log_state",
    "register_artifact",
    "getArtifactLogger",
    "configure_artifact_log",
    "_init_logs",
    "_is_torch_handler",
)
_NEEDED_IN_REGISTRY = ("is_log", "is_artifact", "register_log", "register_artifact_log")


class Torch:
    """torch's logging internals, as the few operations the runtime needs."""

    def __init__(self, internal: Any) -> None:
        self.internal = internal
        self.registry = internal.log_registry

    def knows(self, name: str) -> bool:
        return bool(self.registry.is_log(name) or self.registry.is_artifact(name))

    def took_as_module(self, name: str) -> bool:
        """True if TORCH_LOGS named ``name`` before we registered it (torch made it a path)."""
        return bool(self.registry.log_alias_to_log_qnames.get(name) == [name])

    def register_log(self, name: str, qnames: tuple[str, ...]) -> None:
        self.registry.register_log(name, list(qnames))

    def register_artifact(self, name: str, description: str) -> None:
        self.internal.register_artifact(name, description, visible=True, off_by_default=True)

    def artifact_logger(self, module: str, artifact: str) -> logging.Logger:
        log: logging.Logger = self.internal.getArtifactLogger(module, artifact)
        return log

    def adopt_artifact_logger(self, log: logging.Logger) -> None:
        """Manage an artifact logger made before torch was loaded as if torch had made it."""
        self.registry.register_artifact_log(log.name)
        self.internal.configure_artifact_log(log)

    def artifact_loggers(self) -> list[logging.Logger]:
        return [logging.getLogger(q) for q in sorted(self.registry.artifact_log_qnames)]

    def is_torch_handler(self, handler: logging.Handler) -> bool:
        return bool(self.internal._is_torch_handler(handler))

    def initialised(self) -> bool:
        """True once torch's first ``_init_logs`` ran (at the end of ``import torch``)."""
        return getattr(self.internal, "LOG_TRACE_HANDLER", None) is not None

    def reinit(self) -> None:
        """Let torch (re)create its handlers and levels; the ``after_init`` callback follows."""
        self.internal._init_logs()

    def after_init(self, callback: Callable[[], None]) -> None:
        """Make every later ``_init_logs`` (torch's own ``set_logs`` included) end with
        ``callback``; idempotent. A callback that raises is reported, never propagated."""
        original = self.internal._init_logs
        if getattr(original, _ORIGINAL, None) is not None:
            return

        @functools.wraps(original)
        def _init_logs(*args: object, **kwargs: object) -> None:
            original(*args, **kwargs)
            try:
                callback()
            except Exception as exc:  # noqa: BLE001 - torch's logging must never fail for us
                report(f"could not re-apply ExecuTorch's log settings ({exc!r})")

        setattr(_init_logs, _ORIGINAL, original)
        self.internal._init_logs = _init_logs
        package = sys.modules.get("torch._logging")
        if getattr(package, "_init_logs", None) is original:
            package._init_logs = _init_logs  # type: ignore[union-attr]

    def set_torch_logs(self, settings: dict[str, object]) -> None:
        """torch's own ``set_logs`` for torch's names (it resets what it is not given)."""
        sys.modules["torch._logging"].set_logs(modules=settings)


_checked: list[tuple[object, Torch | None]] = []  # (torch's module, what load() found in it)


def load() -> Torch | None:
    """torch's logging internals if torch has loaded them and they have what we use."""
    internal = sys.modules.get(INTERNAL)
    if internal is None:
        return None
    if _checked and _checked[0][0] is internal:
        return _checked[0][1]
    registry = getattr(internal, "log_registry", None)
    missing = [n for n in _NEEDED if not hasattr(internal, n)]
    missing += [f"log_registry.{n}" for n in _NEEDED_IN_REGISTRY if not hasattr(registry, n)]
    if missing:
        report(f"this torch lacks {', '.join(missing)}: ExecuTorch's TORCH_LOGS names are off")
    torch = None if missing else Torch(internal)
    _checked[:] = [(internal, torch)]
    return torch


_reported: set[str] = set()


def report(message: str) -> None:
    """Tell the user about a problem once, on stderr; never raises."""
    if message in _reported:
        return
    _reported.add(message)
    try:
        sys.stderr.write(f"{__name__.rpartition('.')[0]}: {message}\n")
    except Exception:  # noqa: BLE001 - a closed stderr must not break import torch
        pass
