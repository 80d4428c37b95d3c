"""The runtime's state, in one object, and where ExecuTorch's records go.

Until TORCH_LOGS or ``set_logs`` names one of ours, our loggers behave like any library's
(propagating, the application's levels and handlers). Once one is named, all follow torch's
component logging: torch's handler, no propagation, WARNING unless set (as for ``torch``).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable

from .components import ARTIFACTS, COMPONENTS
from .torch_api import Torch, load, report

_SIGNS = {"+": logging.DEBUG, "-": logging.ERROR, "": logging.INFO}


def parse(text: str) -> dict[str, int]:
    """TORCH_LOGS text as name -> level: ``+name`` DEBUG, ``-name`` ERROR, ``name`` INFO."""
    settings = {}
    for token in text.replace(" ", "").split(","):
        sign = token[:1] if token[:1] in "+-" else ""
        name = token[len(sign) :]
        if not name or not all(part.isidentifier() for part in name.split(".")):
            raise ValueError(f"invalid log setting {token!r} in {text!r}: [+|-]name")
        settings["torch" if name == "all" else name] = _SIGNS[sign]
    return settings


class State:
    """Our names, what ``set_logs`` asked for and what we did to loggers (a plain class:
    a dataclass would cost ``import torch`` a millisecond more)."""

    def __init__(self) -> None:
        self.components: dict[str, tuple[str, ...]] = dict(COMPONENTS)
        self.artifacts: dict[str, tuple[str, str]] = dict(ARTIFACTS)
        self.levels: dict[str, int] = {}  # name or logger -> level
        self.switched: dict[str, bool] = {}  # artifact -> on/off
        self.overrides: list[Callable[[], None]] = []  # override_logs
        self.artifact_logs: dict[str, logging.Logger] = {}
        self.registry: object = None  # torch's registry, once our names are in it
        self.registered: set[str] = set()
        self.leveled: set[str] = set()  # loggers whose level we set
        self.kept: dict[str, int] = {}  # the app's, over a re-init
        self.quieted = False  # we set the ``executorch`` logger to WARNING
        self.broken = False  # torch's internals failed us: plain logging from then on
        self.lock = threading.RLock()

    def component_for(self, qname: str) -> str | None:
        """The component whose logger covers logger ``qname`` most closely."""
        covering = [
            (len(q), name)
            for name, qnames in self.components.items()
            for q in qnames
            if qname == q or qname.startswith(q + ".")
        ]
        return max(covering)[1] if covering else None

    def env(self) -> dict[str, int]:
        """What TORCH_LOGS says of ours (torch refuses a malformed value itself)."""
        try:
            settings = parse(os.environ.get("TORCH_LOGS") or "")
        except ValueError:
            return {}
        ours = self.components.keys() | self.artifacts.keys()
        return {n: v for n, v in settings.items() if n in ours or self.component_for(n)}

    def asked(self, env: dict[str, int]) -> bool:
        """True once TORCH_LOGS or set_logs names one of ours."""
        return bool(env or self.levels or self.switched)

    def artifact_on(self, name: str, env: dict[str, int] | None = None) -> bool:
        return self.switched.get(name, name in (self.env() if env is None else env))

    def switch(self, artifact_log: logging.Logger, on: bool) -> None:
        """An artifact logger on (DEBUG, to its component) or off (nothing passes)."""
        artifact_log.setLevel(logging.DEBUG if on else logging.CRITICAL + 1)
        artifact_log.propagate = on

    def sync(self) -> Torch | None:
        """Our names in torch's registry once torch is loaded (cheap once done)."""
        torch = None if self.broken else load()
        if torch is None or self.registry is torch.registry:
            return torch
        try:
            with self.lock:
                if self.registry is torch.registry:
                    return torch  # another thread registered while we waited
                self.registry, self.registered = torch.registry, set()
                for name in filter(torch.free, [*self.components, *self.artifacts]):
                    if name in self.components:
                        torch.register_log(name, self.components[name])
                    else:
                        torch.register_artifact(name, self.artifacts[name][1])
                    self.registered.add(name)
                torch.around_init(self.remember, lambda: self.arrange(load()))
                if torch.initialised():
                    self.arrange(torch)  # registered after torch set its loggers up
        except Exception as exc:  # noqa: BLE001 - plain logging, never a crash
            self.broken = True
            report(f"ExecuTorch's TORCH_LOGS names are off ({exc!r})")
            return None
        return torch

    def remember(self) -> None:
        """Before torch's re-init resets our loggers: the levels the application set."""
        mine = {q for qs in self.components.values() for q in qs} - self.leveled
        self.kept = {q: logging.getLogger(q).level for q in mine}

    def apply(self, torch: Torch | None) -> None:
        """The settings in effect; torch re-creates its handlers where needed."""
        with self.lock:
            mine = [q for n in self.registered for q in self.components.get(n, ())]
            bare = [q for q in mine if not _handlers(torch, logging.getLogger(q))]
            if torch and torch.initialised() and bare and self.asked(self.env()):
                torch.reinit()  # ends with arrange (the after_init callback)
            else:
                self.arrange(torch)

    def arrange(self, torch: Torch | None) -> None:
        """Levels, destinations and test capture of our loggers, from the settings."""
        with self.lock:
            env = self.env()
            asked = self.asked(env)
            wanted = {q: v for q, v in self.levels.items() if "." in q}
            for name, qnames in self.components.items():
                level = env.get(name, self.levels.get(name, logging.NOTSET))
                wanted.update(dict.fromkeys(qnames, level))
            wanted = wanted if asked else {}  # nobody asked: the application's levels
            for qname in self.leveled - wanted.keys():
                logging.getLogger(qname).setLevel(logging.NOTSET)
            for qname, level in wanted.items() if asked else self.kept.items():
                logging.getLogger(qname).setLevel(level)
            self.leveled, self.kept = set(wanted), {}
            for qname in {q for qnames in self.components.values() for q in qnames}:
                _route(logging.getLogger(qname), torch, asked)
            top = logging.getLogger("executorch")
            if asked and top.level == logging.NOTSET:
                top.setLevel(logging.WARNING)
                self.quieted = True
            elif not asked and self.quieted:
                top.setLevel(logging.NOTSET)
                self.quieted = False
            for log in self.artifact_logs.values():
                self.switch(log, self.artifact_on(log.artifact_name, env))  # type: ignore[attr-defined]
            for enforce in self.overrides:
                enforce()


def _handlers(torch: Torch | None, log: logging.Logger) -> list[logging.Handler]:
    return [h for h in log.handlers if torch and torch.is_torch_handler(h)]


def _route(log: logging.Logger, torch: Torch | None, asked: bool) -> None:
    """Torch's handler and no propagation if asked, else the application's handlers."""
    handlers = _handlers(torch, log)
    for handler in handlers if not asked else ():
        log.removeHandler(handler)
    log.propagate = not (asked and handlers)  # without torch's handler: the parent's
    mine = (LAST_RESORT, ROOT_CAPTURE) if log.propagate else (ROOT_CAPTURE, LAST_RESORT)
    log.removeHandler(mine[1])
    if mine[0] not in log.handlers:
        log.addHandler(mine[0])


def _met(
    record: logging.LogRecord, skip: tuple[logging.Handler, ...]
) -> tuple[list[logging.Handler], list[logging.Logger]]:
    """The handlers ``record`` meets on its way up, less ``skip``; and the loggers passed."""
    log: logging.Logger | None = logging.getLogger(record.name)
    met: list[logging.Handler] = []
    passed: list[logging.Logger] = []
    while log is not None:
        met += [h for h in log.handlers if h not in skip]
        passed.append(log)
        log = log.parent if log.propagate else None
    return met, passed


def has_handlers(log: logging.Logger) -> bool:
    """True if records of ``log`` meet a handler other than the runtime's own two."""
    record = logging.LogRecord(log.name, logging.WARNING, "", 0, "", None, None)
    return bool(_met(record, (LAST_RESORT, ROOT_CAPTURE))[0])


class LastResort(logging.Handler):
    """Python's last resort where our handler took its place (app mode, nothing configured):
    WARNING and up as ``%(message)s``; and the records a caller asked for by setting a level
    on one of our loggers (``XnnpackPartitioner(verbose=True)``), as ``basicConfig`` prints."""

    def emit(self, record: logging.LogRecord) -> None:
        met, passed = _met(record, (self, ROOT_CAPTURE))
        if met:
            return  # the application's handlers have it
        root = logging.getLogger()
        asked = any(log.level != logging.NOTSET for log in passed if log is not root)
        if record.levelno < logging.WARNING and not asked:
            return
        fmt = "%(message)s" if record.levelno >= logging.WARNING else _BASIC
        try:
            sys.stderr.write(logging.Formatter(fmt).format(record) + "\n")
        except Exception:  # noqa: BLE001 - as logging's handlers do
            self.handleError(record)


_BASIC = "%(levelname)s:%(name)s:%(message)s"  # logging.basicConfig's format


class RootCapture(logging.Handler):
    """Gives records of non-propagating loggers to the test-capture handlers on the root
    (unittest's ``assertLogs``, pytest's ``caplog``); inert without them."""

    _KINDS = (
        ("unittest._log", "_CapturingHandler"),
        ("_pytest.logging", "LogCaptureHandler"),
    )

    def emit(self, record: logging.LogRecord) -> None:
        root = logging.getLogger()
        kinds = tuple(
            getattr(sys.modules.get(m), c, type(None)) for m, c in self._KINDS
        )
        met, passed = _met(
            record, ()
        )  # what the record meets anyway, and where it stops
        for handler in root.handlers if passed[-1] is not root else ():
            if isinstance(handler, kinds) and handler not in met:
                if record.levelno >= handler.level:
                    handler.handle(record)


ROOT_CAPTURE = RootCapture()
LAST_RESORT = LastResort()
STATE = State()
