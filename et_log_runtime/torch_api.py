"""Every torch logging name the runtime reads or calls, in one place, checked by ``load``
(torch never imported here; a missing name: said once, plain library loggers)."""

import logging
import sys
from collections.abc import Callable, Mapping
from typing import Any

INTERNAL = "torch._logging._internal"
NEEDED = "log_registry log_state register_artifact getArtifactLogger".split()
NEEDED += ["configure_artifact_log"]
IN_REGISTRY = "is_log is_artifact register_log register_artifact_log".split()
IN_REGISTRY += ["log_alias_to_log_qnames"]
IN_STATE = ("log_qname_to_level", "is_artifact_enabled")
_reported: set[str] = set()


class Torch:
    """torch's component logging, as the runtime uses it."""

    def __init__(self, internal: Any) -> None:
        self.internal, self.registry = internal, internal.log_registry

    def register(self, name: str, what: tuple[str, ...] | str) -> None:
        """Register our component (its loggers) or artifact (its text) ``name``."""
        known = self.registry.log_alias_to_log_qnames.get(name)
        known = getattr(self.registry, "artifact_descriptions", {}).get(name, known)
        if self.module_path(name):
            report(f"{name!r} came too late: torch took it as a module path")
        elif known == (what if isinstance(what, str) else list(what)):
            return  # registered the same already: another copy of this runtime
        elif self.registry.is_log(name) or self.registry.is_artifact(name):
            report(f"{name!r} not registered: torch already has that name")
        elif isinstance(what, str):
            self.internal.register_artifact(
                name, what, visible=True, off_by_default=True
            )
        else:  # torch's public register_log (contrib/torch), else the registry's
            public = getattr(sys.modules.get("torch._logging"), "register_log", None)
            (public or self.registry.register_log)(name, list(what))

    def module_path(self, name: str) -> bool:
        """True if torch registered ``name`` itself, as a module path TORCH_LOGS named."""
        return bool(self.registry.log_alias_to_log_qnames.get(name) == [name])

    def knows(self, name: str) -> bool:
        """True for a log or artifact name torch has registered."""
        return bool(self.registry.is_log(name) or self.registry.is_artifact(name))

    def initialised(self) -> bool:
        """True once torch set its loggers up (at the end of ``import torch``)."""
        return getattr(self.internal, "LOG_TRACE_HANDLER", None) is not None

    def levels(self) -> dict[str, object]:
        """Logger -> the level TORCH_LOGS or ``set_logs`` put on it (torch's own dict)."""
        levels: dict[str, object] = self.internal.log_state.log_qname_to_level
        return levels

    def artifact_on(self, name: str) -> bool:
        return bool(self.internal.log_state.is_artifact_enabled(name))

    def artifact_logger(self, qname: str, artifact: str) -> logging.Logger:
        """torch's logger for ``artifact`` of module ``qname`` (torch keeps it set up)."""
        log: logging.Logger = self.internal.getArtifactLogger(qname, artifact)
        return log

    def adopt_artifact_logger(self, log: logging.Logger) -> None:
        """An artifact logger made before registration, from now on set up by torch."""
        self.registry.register_artifact_log(log.name)
        self.internal.configure_artifact_log(log)

    def set_logs(self, modules: Mapping[str, int | bool]) -> None:
        """torch's ``set_logs(modules=...)``: it replaces every earlier setting."""
        sys.modules["torch._logging"].set_logs(modules=dict(modules))

    def tracer(self) -> Callable[[str, str], None] | None:
        """If ``TORCH_TRACE`` names a folder: a writer of JSON artifacts to it."""
        handler = getattr(self.internal, "LOG_TRACE_HANDLER", None)
        trace = getattr(sys.modules.get("torch._logging"), "trace_structured", None)
        if not getattr(handler, "root_dir", None) or trace is None:
            return None

        def write(name: str, text: str) -> None:
            meta = {"name": name, "encoding": "json"}
            trace(
                "artifact", lambda: meta, payload_fn=lambda: text, expect_trace_id=False
            )

        return write


def load(say: bool = True) -> Torch | None:
    """torch's logging internals, if loaded and complete (``say``: report what lacks)."""
    internal = sys.modules.get(INTERNAL)
    if internal is None:
        return None
    missing = [n for n in NEEDED if not hasattr(internal, n)]
    registry = getattr(internal, "log_registry", None)
    missing += [f"log_registry.{n}" for n in IN_REGISTRY if not hasattr(registry, n)]
    log_state = getattr(internal, "log_state", None)
    missing += [f"log_state.{n}" for n in IN_STATE if not hasattr(log_state, n)]
    if missing and say:
        report(f"this torch lacks {', '.join(missing)}: our TORCH_LOGS names are off")
    return None if missing else Torch(internal)


def report(message: str) -> None:
    """Say ``message`` once on stderr; never raises."""
    if message not in _reported:
        _reported.add(message)
        try:
            sys.stderr.write(f"{__name__.rpartition('.')[0]}: {message}\n")
        except Exception:  # noqa: BLE001 - a closed stderr must not break import torch
            pass
