"""ExecuTorch's TORCH_LOGS names, the runtime's state in one object, and where records
go: to the application's handlers until TORCH_LOGS or ``set_logs`` names one of ours."""

import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import Any

from .torch_api import Torch, load, report

# ``executorch``, then a name per ``backends/<name>/``, ``backends/apple/<name>/``
CORE_LOGGERS: tuple[str, ...] = (
    "executorch.exir",
    "executorch.devtools",
    "executorch.extension",
    "executorch.export",
    "executorch.runtime",
    "executorch.backends.transforms",
)
BACKENDS: tuple[str, ...] = (
    "aoti",
    "arm",
    "cadence",
    "cortex_m",
    "cuda",
    "mediatek",
    "mlx",
    "native",
    "nxp",
    "openvino",
    "qualcomm",
    "samsung",
    "vulkan",
    "webgpu",
    "xnnpack",
)
APPLE_BACKENDS: tuple[str, ...] = ("coreai", "coreml", "metal", "mps")

COMPONENTS: dict[str, tuple[str, ...]] = {
    "executorch": CORE_LOGGERS,
    **{name: (f"executorch.backends.{name}",) for name in BACKENDS},
    **{name: (f"executorch.backends.apple.{name}",) for name in APPLE_BACKENDS},
}
QNAMES = {q: name for name, qnames in COMPONENTS.items() for q in qnames}

# artifact -> (its component, what it shows); a checkout without the backend has none
ARTIFACTS: dict[str, tuple[str, str]] = {
    name: spec
    for name, spec in {
        "xnnpack_graph": (
            "xnnpack",
            "XNNPACK delegate: the serialized graph of each partition",
        ),
        "partition_report": (
            "executorch",
            "per partitioner run: what was delegated, and each rejected node with its reason",
        ),
    }.items()
    if spec[0] in COMPONENTS
}
_SIGNS = {"+": logging.DEBUG, "-": logging.ERROR, "": logging.INFO}
_BASIC = "%(levelname)s:%(name)s:%(message)s"  # logging.basicConfig's format
_CAPTURES = (  # the test-capture handlers of unittest's assertLogs and pytest's caplog
    ("unittest._log", "_CapturingHandler"),
    ("_pytest.logging", "LogCaptureHandler"),
)


def covering(qname: str) -> str:
    """The logger of ours that covers logger ``qname`` most closely, or ``""``."""
    while qname and qname not in QNAMES:
        qname = qname.rpartition(".")[0]
    return qname


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
    """What ``set_logs`` asked for, and what we did to loggers."""

    def __init__(self) -> None:
        self.settings: dict[str, int] = {}  # set_logs: level, or artifact on/off
        self.overrides: list[Callable[[], None]] = []  # override_logs
        self.handlers: list[logging.Handler] = [FALLBACK]  # ours
        self.artifact_logs: set[logging.Logger] = set()
        self.registry: object = None  # torch's, once our names are in it
        self.leveled: set[str] = set()  # loggers whose level we set
        self.kept: dict[str, int] = {}  # their owners' levels, over torch's re-init
        self.propagate: dict[str, bool] = {}  # their owners' ``propagate``
        self.broken = False  # torch's internals failed us: plain logging from then on
        self.blocks: list[list[dict[str, Any]]] = []  # open delegation_records()
        self.record: str | None = None  # the delegation record this process writes
        self.lock = threading.RLock()

    def env(self) -> dict[str, int]:
        """What TORCH_LOGS says of ours (torch refuses a malformed value itself)."""
        try:
            settings = parse(os.environ.get("TORCH_LOGS") or "")
        except ValueError:
            return {}
        ours = COMPONENTS.keys() | ARTIFACTS.keys()
        return {n: v for n, v in settings.items() if n in ours or covering(n)}

    def asked(self) -> bool:
        """True once TORCH_LOGS or set_logs names one of ours."""
        return bool(self.env() or self.settings)

    def switch(self, log: logging.Logger) -> None:
        """An artifact logger on (DEBUG, to its component) or off (nothing passes)."""
        name = log.name.rpartition(".__")[2]
        on = bool(self.settings.get(name, name in self.env()))
        log.setLevel(logging.DEBUG if on else logging.CRITICAL + 1)
        log.propagate = on

    def sync(self) -> Torch | None:
        """Our names in torch's registry once torch is loaded (cheap once done)."""
        torch = None if self.broken else load()
        if torch is None or self.registry is torch.registry:
            return torch
        try:
            with self.lock:
                if self.registry is torch.registry:
                    return torch  # another thread registered while we waited
                self.registry = torch.registry
                for name, qnames in COMPONENTS.items():
                    torch.register(name, qnames)
                for name, (_, text) in ARTIFACTS.items():
                    torch.register(name, text)
                torch.around_init(self.remember, lambda: self.arrange(load()))
                if torch.initialised():
                    self.arrange(torch)  # registered after torch set its loggers up
        except Exception as exc:  # noqa: BLE001 - plain logging, never a crash
            self.broken = True
            report(f"ExecuTorch's TORCH_LOGS names are off ({exc!r})")
            return None
        return torch

    def remember(self) -> None:
        """Before torch's re-init resets our loggers: what their owners set."""
        for qname in QNAMES:
            log = logging.getLogger(qname)
            if qname not in self.leveled:
                self.kept[qname] = log.level
            if not _torch(load(), log):
                self.propagate[qname] = log.propagate

    def arrange(self, torch: Torch | None) -> None:
        """Levels, destinations and test capture of our loggers, from the settings."""
        with self.lock:
            env, asked = self.env(), self.asked()
            theirs = {q for q in QNAMES if _theirs(logging.getLogger(q), torch)}
            wanted = {q: v for q, v in self.settings.items() if "." in q}
            for name, qnames in COMPONENTS.items():
                level = env.get(name, self.settings.get(name, logging.NOTSET))
                wanted.update(dict.fromkeys(qnames, level))
            wanted = {q: v for q, v in wanted.items() if asked and q not in theirs}
            top = logging.getLogger("executorch").level
            if asked and ("executorch" in self.leveled or top == logging.NOTSET):
                wanted["executorch"] = logging.WARNING  # as torch's unnamed components
            for qname in self.leveled - wanted.keys() - theirs:
                logging.getLogger(qname).setLevel(logging.NOTSET)
            for qname, level in {**self.kept, **wanted}.items():
                logging.getLogger(qname).setLevel(level)
            self.leveled, self.kept = set(wanted), {}
            for qname in QNAMES:
                self.route(logging.getLogger(qname), torch, asked, qname in theirs)
            for log in self.artifact_logs:
                self.switch(log)
            for enforce in self.overrides:
                enforce()

    def route(
        self, log: logging.Logger, torch: Torch | None, asked: bool, theirs: bool
    ) -> None:
        """torch's handler if asked, else propagating as its owner set it; a logger with
        handlers of its owner's keeps only those."""
        handlers = _torch(torch, log)
        if not handlers:
            self.propagate[log.name] = log.propagate
        torch_mode = asked and bool(handlers) and not theirs
        for handler in () if torch_mode else handlers:
            log.removeHandler(handler)
        log.propagate = not torch_mode and self.propagate.get(log.name, True)
        if theirs:
            log.removeHandler(FALLBACK)
        elif FALLBACK not in log.handlers:
            log.addHandler(FALLBACK)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """Module ``name``'s logger of ``artifact``: DEBUG records, shown if it is named."""
    if artifact not in ARTIFACTS:
        raise ValueError(f"unknown artifact {artifact!r}; known: {sorted(ARTIFACTS)}")
    STATE.sync()
    log = logging.getLogger(f"{name}.__{artifact}")  # torch's naming
    with STATE.lock:
        STATE.artifact_logs.add(log)
        STATE.switch(log)
    return log


def _torch(torch: Torch | None, log: logging.Logger) -> list[logging.Handler]:
    return [h for h in log.handlers if torch and torch.is_torch_handler(h)]


def _theirs(log: logging.Logger, torch: Torch | None) -> bool:
    """True if other code gave ``log`` a handler (neither ours nor torch's)."""
    mine = [*STATE.handlers, *_torch(torch, log)]
    return any(h not in mine for h in log.handlers)


def _met(record: logging.LogRecord) -> tuple[list[logging.Handler], list[Any]]:
    """The handlers but ours ``record`` meets on its way up, and the loggers passed."""
    log: logging.Logger | None = logging.getLogger(record.name)
    met: list[logging.Handler] = []
    passed = []
    while log is not None:
        met += [h for h in log.handlers if h is not FALLBACK]
        passed.append(log)
        log = log.parent if log.propagate else None
    return met, passed


def has_handlers(log: logging.Logger) -> bool:
    """True if records of ``log`` meet a handler other than ours."""
    return bool(_met(logging.LogRecord(log.name, 0, "", 0, "", None, None))[0])


class Fallback(logging.Handler):
    """On each component logger: records that stop before the root go to the test
    capture there; records that meet no handler print as Python's last resort would
    (or ``basicConfig``, below a level a caller set)."""

    def emit(self, record: logging.LogRecord) -> None:
        met, passed = _met(record)
        root = logging.getLogger()
        kinds = tuple(getattr(sys.modules.get(m), c, type(None)) for m, c in _CAPTURES)
        for handler in root.handlers if passed[-1] is not root else ():
            if isinstance(handler, kinds) and handler not in met:
                if record.levelno >= handler.level:
                    handler.handle(record)
        asked = any(log.level for log in passed if log is not root)
        if met or (record.levelno < logging.WARNING and not asked):
            return
        fmt = "%(message)s" if record.levelno >= logging.WARNING else _BASIC
        try:
            sys.stderr.write(logging.Formatter(fmt).format(record) + "\n")
        except Exception:  # noqa: BLE001 - as logging's handlers do
            self.handleError(record)


FALLBACK = Fallback()
STATE = State()
