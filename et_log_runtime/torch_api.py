"""The names of torch's logging this package uses, in one place, checked by ``load()``.

All are read from ``torch._logging._internal``, where they are defined: ``set_logs`` and
``getArtifactLogger``, which ``torch._logging`` exports; the registry, ``register_log`` and
``register_artifact``, which torch's own components call (``torch/_logging/_registrations.py``)
and which torch does not export: it has no public way to add a name yet; and ``log_state``,
what torch's settings are, so that a call of ours gives torch's own settings back to it.
"""

import importlib
import logging
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType

INTERNAL = "torch._logging._internal"
NEEDED = (
    "set_logs",
    "getArtifactLogger",
    "log_registry",
    "log_state",
    "register_log",
    "register_artifact",
)
IN_REGISTRY = (
    "is_log",
    "is_artifact",
    "log_alias_to_log_qnames",
    "artifact_descriptions",
)
IN_STATE = ("log_qname_to_level", "artifact_names")


class Torch:
    """torch's logging, as this package uses it."""

    def __init__(self, internal: ModuleType) -> None:
        self.internal, self.registry = internal, internal.log_registry

    def register(self, name: str, qnames: Sequence[str]) -> None:
        """Make component ``name`` (the loggers ``qnames``) a name torch's logging knows."""
        if self.registry.log_alias_to_log_qnames.get(name) != list(qnames):
            self.internal.register_log(name, list(qnames))

    def register_artifact(self, name: str, description: str) -> None:
        """Make artifact ``name`` known to torch's logging, off until named."""
        if self.registry.artifact_descriptions.get(name) != description:
            self.internal.register_artifact(
                name, description, visible=True, off_by_default=True
            )

    def check_free(
        self, components: Mapping[str, Sequence[str]], artifacts: Mapping[str, str]
    ) -> None:
        """ValueError naming each of ``components`` and ``artifacts`` that torch's logging
        already has for something else (registering nothing is then up to the caller)."""
        known = self.registry

        def ours(name: str) -> bool:
            if name in components:
                return bool(
                    known.log_alias_to_log_qnames.get(name) == list(components[name])
                )
            return bool(known.artifact_descriptions.get(name) == artifacts[name])

        taken = [
            name
            for name in [*components, *artifacts]
            if (known.is_log(name) or known.is_artifact(name)) and not ours(name)
        ]
        if taken:
            raise ValueError(f"torch's logging already has the names {taken}")

    def artifact_logger(self, qname: str, artifact: str) -> logging.Logger:
        """torch's logger of ``artifact`` for module ``qname``, set up by torch."""
        log: logging.Logger = self.internal.getArtifactLogger(qname, artifact)
        return log

    def set_logs(
        self, modules: Mapping[str, int | bool], ours: Sequence[str], top: str
    ) -> None:
        """torch's ``set_logs(modules=...)``, given again torch's own settings that it can
        name: torch's call replaces every earlier setting. A torch name (``dynamo``) whose
        loggers all have one level is passed at that level, and torch's artifacts that are on
        stay on; a module path an application gave torch is not (torch would import it and
        every module below it again), nor is a level set on a logger by hand."""
        state = self.internal.log_state
        levels = {
            qname: level
            for qname, level in state.log_qname_to_level.items()
            if qname != top and not qname.startswith(f"{top}.")
        }
        kept: dict[str, int | bool] = {}
        for name, qnames in self.registry.log_alias_to_log_qnames.items():
            found = {levels.get(qname) for qname in qnames}
            level = found.pop() if len(found) == 1 else None
            if name not in ours and qnames and level is not None:
                kept[name] = level
        kept.update({name: True for name in state.artifact_names if name not in ours})
        self.internal.set_logs(modules={**kept, **modules})


def load() -> Torch:
    """torch's logging (imported if it is not yet); RuntimeError when it lacks a name used
    here."""
    internal = sys.modules.get(INTERNAL) or importlib.import_module(
        "torch._logging._internal"
    )
    missing = [name for name in NEEDED if not hasattr(internal, name)]
    registry = getattr(internal, "log_registry", None)
    missing += [f"log_registry.{n}" for n in IN_REGISTRY if not hasattr(registry, n)]
    state = getattr(internal, "log_state", None)
    missing += [f"log_state.{n}" for n in IN_STATE if not hasattr(state, n)]
    if missing:
        raise RuntimeError(f"this torch's {INTERNAL} lacks {', '.join(missing)}")
    return Torch(internal)
