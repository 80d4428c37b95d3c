"""Every use of torch's private logging names, checked in ``load``: torch has no public
way to register another package's log names or to hear that it set its loggers up."""

import functools
import logging
import sys
from collections.abc import Callable
from typing import Any

INTERNAL = "torch._logging._internal"
_NEEDED = ("log_registry", "register_artifact", "_init_logs", "_is_torch_handler")
_REGISTRY = ("is_log", "is_artifact", "register_log", "log_alias_to_log_qnames")
_checked: list[tuple[object, "Torch | None"]] = []  # torch's module, what load() made
_reported: set[str] = set()


class Torch:
    """The few operations the runtime needs of torch's logging internals."""

    def __init__(self, internal: Any) -> None:
        self.internal, self.registry = internal, internal.log_registry

    def register(self, name: str, what: tuple[str, ...] | str) -> None:
        """Register our component (its loggers) or artifact (its text) ``name``."""
        if self.registry.log_alias_to_log_qnames.get(name) == [name]:
            report(
                f"{name!r}: torch took it as a module path (TORCH_LOGS was read first)"
            )
        elif self.registry.is_log(name) or self.registry.is_artifact(name):
            report(f"{name!r} not registered: torch already has that name")
        elif isinstance(what, str):
            self.internal.register_artifact(
                name, what, visible=True, off_by_default=True
            )
        else:
            self.registry.register_log(name, list(what))

    def is_torch_handler(self, handler: logging.Handler) -> bool:
        return bool(self.internal._is_torch_handler(handler))

    def initialised(self) -> bool:
        """True once torch set its loggers up (at the end of ``import torch``)."""
        return getattr(self.internal, "LOG_TRACE_HANDLER", None) is not None

    def reinit(self) -> None:
        self.internal._init_logs()

    def around_init(
        self, before: Callable[[], None], after: Callable[[], None]
    ) -> None:
        """Every ``_init_logs`` (torch's ``set_logs`` too) runs ``before`` and ``after``."""
        original = self.internal._init_logs
        if hasattr(original, "executorch_original"):
            return

        @functools.wraps(original)
        def _init_logs(*args: object, **kwargs: object) -> None:
            before()
            original(*args, **kwargs)
            try:
                after()
            except Exception as exc:  # noqa: BLE001 - torch's logging must not fail for us
                report(f"could not re-apply ExecuTorch's log settings ({exc!r})")

        _init_logs.executorch_original = original  # type: ignore[attr-defined]
        self.internal._init_logs = _init_logs
        package = sys.modules.get("torch._logging")
        if getattr(package, "_init_logs", None) is original:
            package._init_logs = _init_logs  # type: ignore[union-attr]

    def tracer(self) -> Callable[[str, str], None] | None:
        """If ``TORCH_TRACE`` names a folder: a writer of JSON artifacts to it."""
        handler = getattr(self.internal, "LOG_TRACE_HANDLER", None)
        if not getattr(handler, "root_dir", None):
            return None
        trace = sys.modules["torch._logging"].trace_structured

        def write(name: str, text: str) -> None:
            meta = {"name": name, "encoding": "json"}
            trace(
                "artifact", lambda: meta, payload_fn=lambda: text, expect_trace_id=False
            )

        return write


def load() -> Torch | None:
    """torch's logging internals, if torch loaded them and they have what we use."""
    internal = sys.modules.get(INTERNAL)
    if internal is None or (_checked and _checked[0][0] is internal):
        return _checked[0][1] if internal is not None else None
    missing = [n for n in _NEEDED if not hasattr(internal, n)]
    registry = getattr(internal, "log_registry", None)
    missing += [f"log_registry.{n}" for n in _REGISTRY if not hasattr(registry, n)]
    if missing:
        names = ", ".join(missing)
        report(f"this torch lacks {names}: ExecuTorch's TORCH_LOGS names are off")
    _checked[:] = [(internal, None if missing else Torch(internal))]
    return _checked[0][1]


def report(message: str) -> None:
    """Say ``message`` once on stderr; never raises."""
    if message not in _reported:
        _reported.add(message)
        try:
            sys.stderr.write(f"{__name__.rpartition('.')[0]}: {message}\n")
        except Exception:  # noqa: BLE001 - a closed stderr must not break import torch
            pass
