"""The runtime's state in one object: our names, the settings asked for, where records go.

Where ExecuTorch's records go depends on whether anyone asked for them:

- nobody did (TORCH_LOGS names none of our components or artifacts, and no ``set_logs`` call
  named one): our loggers behave like any library's. They carry no torch handler and propagate,
  so an application's ``basicConfig``/``dictConfig`` handlers get every record once, in its own
  format and at its own levels; a program that configured nothing prints WARNING and up only.
- TORCH_LOGS or ``set_logs`` named one of ours: they follow torch's component logging: torch's
  handler on stderr, no propagation, levels from the settings, WARNING for the rest.

``route_to_app(True/False)`` fixes the destination whatever the settings say.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from . import torch_api
from .components import ARTIFACTS, COMPONENTS

__all__ = ["STATE", "State", "parse"]

ENV = "TORCH_LOGS"
_SIGNS = {"+": logging.DEBUG, "-": logging.ERROR, "": logging.INFO}


def parse(text: str) -> dict[str, int]:
    """A TORCH_LOGS string as name -> level: ``+name`` DEBUG, ``-name`` ERROR, ``name`` INFO."""
    settings: dict[str, int] = {}
    for token in text.replace(" ", "").split(","):
        sign = token[:1] if token[:1] in "+-" else ""
        name = token[len(sign) :]
        if not name or not all(part.isidentifier() for part in name.split(".")):
            raise ValueError(f"invalid log setting {token!r} in {text!r}: expected [+|-]name")
        settings["torch" if name == "all" else name] = _SIGNS[sign]
    return settings


@dataclass
class State:
    """Everything the runtime knows; one instance, ``STATE``, guarded by its lock."""

    components: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(COMPONENTS))
    artifacts: dict[str, tuple[str, str]] = field(default_factory=lambda: dict(ARTIFACTS))
    levels: dict[str, int] = field(default_factory=dict)  # set_logs: component/logger -> level
    switched: dict[str, bool] = field(default_factory=dict)  # set_logs: artifact -> on/off
    torch_settings: dict[str, object] = field(default_factory=dict)  # set_logs: torch's names
    routed: bool | None = None  # route_to_app; None: the settings decide
    overrides: list[Callable[[], None]] = field(default_factory=list)  # override_logs layers
    early: list[logging.Logger] = field(default_factory=list)  # artifact loggers before torch
    registered: set[str] = field(default_factory=set)  # our names in torch's registry
    registry: object = None  # the torch registry ``registered`` refers to
    generation: int = 0  # bumped on every new name
    pushed: int = -1  # the generation torch's registry holds
    leveled: set[str] = field(default_factory=set)  # loggers whose level we set
    quieted: set[str] = field(default_factory=set)  # top loggers we gave WARNING
    broken: bool = False  # torch's internals failed us once: plain logging from then on
    lock: threading.RLock = field(default_factory=threading.RLock)

    def covers(self, qname: str) -> bool:
        """True if logger ``qname`` is one of our component loggers or below one."""
        return any(
            qname == q or qname.startswith(q + ".") for qs in self.components.values() for q in qs
        )

    def component_for(self, qname: str) -> str | None:
        """The component whose logger covers ``qname`` most closely, or None."""
        best, size = None, -1
        for name, qnames in self.components.items():
            for q in qnames:
                if (qname == q or qname.startswith(q + ".")) and len(q) > size:
                    best, size = name, len(q)
        return best

    def env(self) -> dict[str, int]:
        """What TORCH_LOGS sets of ours (a malformed value was already refused by torch)."""
        try:
            settings = parse(os.environ.get(ENV) or "")
        except ValueError:
            return {}
        return {n: v for n, v in settings.items() if self.ours(n)}

    def ours(self, name: str) -> bool:
        """True for our component and artifact names and the loggers below our components."""
        return name in self.components or name in self.artifacts or self.covers(name)

    def asked(self, env: dict[str, int]) -> bool:
        """True if TORCH_LOGS or set_logs named one of our components or artifacts."""
        return bool(env or self.levels or self.switched)

    def to_app(self, env: dict[str, int]) -> bool:
        return self.routed if self.routed is not None else not self.asked(env)

    def artifact_on(self, name: str, env: dict[str, int] | None = None) -> bool:
        return self.switched.get(name, name in (self.env() if env is None else env))

    def sync(self) -> torch_api.Torch | None:
        """Register our names in torch's registry (when torch is loaded); cheap when done."""
        torch = None if self.broken else torch_api.load()
        if torch is None or (self.registry is torch.registry and self.pushed == self.generation):
            return torch
        with self.lock:
            try:
                if self.registry is not torch.registry:
                    self.registry, self.registered = torch.registry, set()
                added = self._push(torch)
                torch.after_init(lambda: self.arrange(torch_api.load()))
                self.pushed = self.generation
                if added and torch.initialised():
                    self.arrange(torch)  # registered after torch set its loggers up
            except Exception as exc:  # noqa: BLE001 - torch changed: plain logging, not a crash
                self.broken = True
                torch_api.report(f"ExecuTorch's TORCH_LOGS names are off ({exc!r})")
                return None
        return torch

    def _push(self, torch: torch_api.Torch) -> bool:
        added = False
        names = [(n, "component") for n in self.components] + [
            (n, "artifact") for n in self.artifacts
        ]
        for name, kind in names:
            if name in self.registered:
                continue
            if torch.knows(name):
                late = torch.took_as_module(name)
                torch_api.report(_late(name) if late else _clash(kind, name))
                continue
            if kind == "component":
                torch.register_log(name, self.components[name])
            else:
                torch.register_artifact(name, self.artifacts[name][1])
            self.registered.add(name)
            added = True
        for log in [x for x in self.early if getattr(x, "artifact_name", "") in self.registered]:
            torch.adopt_artifact_logger(log)
            self.early.remove(log)
        return added

    def apply(self, torch: torch_api.Torch | None) -> None:
        """Put the settings into effect; torch recreates its handlers when they are needed."""
        with self.lock:
            if torch is not None and torch.initialised() and self._needs_handlers(torch):
                torch.reinit()  # ends with arrange (the after_init callback)
            else:
                self.arrange(torch)

    def _needs_handlers(self, torch: torch_api.Torch) -> bool:
        if self.to_app(self.env()):
            return False
        return any(
            not any(torch.is_torch_handler(h) for h in logging.getLogger(q).handlers)
            for name in self.registered
            for q in self.components.get(name, ())
        )

    def arrange(self, torch: torch_api.Torch | None) -> None:
        """Levels, destinations and test capture of our loggers, from the settings."""
        with self.lock:
            env = self.env()
            to_app, asked = self.to_app(env), self.asked(env)
            wanted: dict[str, int] = {}
            for name, qnames in self.components.items():
                level = env.get(name, self.levels.get(name, logging.NOTSET))
                wanted.update((q, level) for q in qnames)
            wanted.update((q, v) for q, v in self.levels.items() if "." in q)
            if not asked:
                wanted = {}  # nobody asked: levels are the application's (NOTSET)
            for qname in self.leveled - set(wanted):
                logging.getLogger(qname).setLevel(logging.NOTSET)
            for qname, level in wanted.items():
                logging.getLogger(qname).setLevel(level)
            self.leveled = set(wanted)
            for qname in {q for qnames in self.components.values() for q in qnames}:
                log = logging.getLogger(qname)
                handlers = [h for h in log.handlers if torch and torch.is_torch_handler(h)]
                for handler in handlers if to_app else ():
                    log.removeHandler(handler)
                log.propagate = to_app or not handlers  # without torch's handler: the parents'
                if log.propagate:  # it would also stop Python's last-resort handler
                    log.removeHandler(ROOT_CAPTURE)
                elif ROOT_CAPTURE not in log.handlers:
                    log.addHandler(ROOT_CAPTURE)
            self._quiet_tops(asked)
            loggers = torch.artifact_loggers() if torch is not None else []
            for log in [*loggers, *self.early]:
                name = getattr(log, "artifact_name", "")
                if name in self.artifacts:
                    on = self.artifact_on(name, env)
                    log.setLevel(logging.DEBUG if on else logging.NOTSET)
                    log.propagate = on
            for enforce in self.overrides:
                enforce()

    def _quiet_tops(self, quiet: bool) -> None:
        """Once ours are asked for, ``executorch`` is WARNING (as torch's ``torch`` logger): the
        components not named stay quiet whatever the root's level."""
        tops = {q.split(".")[0] for qs in self.components.values() for q in qs if "." in q}
        for top in tops:
            log = logging.getLogger(top)
            if quiet and log.level == logging.NOTSET:
                log.setLevel(logging.WARNING)
                self.quieted.add(top)
            elif not quiet and top in self.quieted:
                log.setLevel(logging.NOTSET)
                self.quieted.discard(top)


def _clash(kind: str, name: str) -> str:
    return f"{kind} {name!r} not registered: torch already has that name (rename ours)"


def _late(name: str) -> str:
    return (
        f"TORCH_LOGS named {name!r} before ExecuTorch could register it (torch < 2.13 or "
        f"TORCH_DEVICE_BACKEND_AUTOLOAD=0), so torch took it as a module path; use set_logs()"
    )


class RootCapture(logging.Handler):
    """Hands records of non-propagating loggers to test-capture handlers on the root logger
    (unittest's ``assertLogs``, pytest's ``caplog``). Inert when the root has none of them."""

    _CAPTURERS = (("unittest._log", "_CapturingHandler"), ("_pytest.logging", "LogCaptureHandler"))

    def handle(self, record: logging.LogRecord) -> bool:
        root = logging.getLogger()
        kinds = tuple(
            cls
            for module, name in self._CAPTURERS
            if isinstance(cls := getattr(sys.modules.get(module), name, None), type)
        )
        capturers = [h for h in root.handlers if kinds and isinstance(h, kinds)]
        reached: list[logging.Handler] = []  # handlers the record meets on its way up anyway
        log: logging.Logger | None = logging.getLogger(record.name)
        while log is not None:
            reached += log.handlers
            if log is root or not log.propagate:
                break
            log = log.parent
        if not capturers or log is root:
            return False  # nothing to capture, or propagation delivers it
        for handler in capturers:
            if handler not in reached and record.levelno >= handler.level:
                handler.handle(record)
        return True

    def emit(self, record: logging.LogRecord) -> None:
        self.handle(record)


ROOT_CAPTURE = RootCapture()
STATE = State()
