"""ExecuTorch's TORCH_LOGS names, the runtime's state in one object, where records go
(the application's handlers until TORCH_LOGS or ``set_logs`` names one of ours), and in
``Torch``, checked by ``load``, every use of torch's private logging names."""

import functools
import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import Any

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
INTERNAL = "torch._logging._internal"
_NEEDED = ("log_registry", "register_artifact", "_init_logs", "_is_torch_handler")
_REGISTRY = ("is_log", "is_artifact", "register_log", "log_alias_to_log_qnames")
_reported: set[str] = set()


class Torch:
    def __init__(self, internal: Any) -> None:
        self.internal, self.registry = internal, internal.log_registry

    def register(self, name: str, what: tuple[str, ...] | str) -> None:
        """Register our component (its loggers) or artifact (its text) ``name``."""
        known = self.registry.log_alias_to_log_qnames.get(name)
        known = getattr(self.registry, "artifact_descriptions", {}).get(name, known)
        if known == [name]:
            report(f"{name!r} came too late: torch took it as a module path")
        elif known == (what if isinstance(what, str) else list(what)):
            return  # registered the same already: another copy of this runtime
        elif self.registry.is_log(name) or self.registry.is_artifact(name):
            report(f"{name!r} not registered: torch already has that name")
        elif isinstance(what, str):
            self.internal.register_artifact(
                name, what, visible=True, off_by_default=True
            )
        else:
            self.registry.register_log(name, list(what))

    def initialised(self) -> bool:
        """True once torch set its loggers up (at the end of ``import torch``)."""
        return getattr(self.internal, "LOG_TRACE_HANDLER", None) is not None

    def reinit(self) -> None:
        self.internal._init_logs()

    def around_init(self, pre: Callable[[], None], post: Callable[[], None]) -> None:
        """Every ``_init_logs`` (torch's ``set_logs`` too) runs ``pre`` and ``post``."""
        original = self.internal._init_logs
        if hasattr(original, "executorch_original"):
            return

        @functools.wraps(original)
        def _init_logs(*args: object, **kwargs: object) -> None:
            pre()
            original(*args, **kwargs)
            try:
                post()
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
    if internal is None:
        return None
    missing = [n for n in _NEEDED if not hasattr(internal, n)]
    registry = getattr(internal, "log_registry", None)
    missing += [f"log_registry.{n}" for n in _REGISTRY if not hasattr(registry, n)]
    if missing:
        names = ", ".join(missing)
        report(f"this torch lacks {names}: ExecuTorch's TORCH_LOGS names are off")
    return None if missing else Torch(internal)


def report(message: str) -> None:
    """Say ``message`` once on stderr; never raises."""
    if message not in _reported:
        _reported.add(message)
        try:
            sys.stderr.write(f"{__name__.rpartition('.')[0]}: {message}\n")
        except Exception:  # noqa: BLE001 - a closed stderr must not break import torch
            pass


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
            if not _torch(load(), log) or _theirs(log, load()):
                self.propagate[qname] = log.propagate

    def arrange(self, torch: Torch | None) -> None:
        """Levels, destinations and test capture of our loggers, from the settings."""
        with self.lock:
            env = self.env()
            asked = bool(env or self.settings)  # TORCH_LOGS or set_logs named ours
            theirs = {q for q in QNAMES if _theirs(logging.getLogger(q), torch)}
            wanted = {q: v for q, v in self.settings.items() if "." in q}
            for name, qnames in COMPONENTS.items():
                level = env.get(name, self.settings.get(name, logging.NOTSET))
                wanted.update(dict.fromkeys(qnames, level))
            wanted = {q: v for q, v in wanted.items() if asked and q not in theirs}
            top = logging.getLogger("executorch")
            if asked and ("executorch" in self.leveled or top.level == logging.NOTSET):
                wanted["executorch"] = logging.WARNING  # as torch's unnamed components
            for qname in self.leveled - wanted.keys() - theirs:
                logging.getLogger(qname).setLevel(logging.NOTSET)
            for qname, level in {**self.kept, **wanted}.items():
                logging.getLogger(qname).setLevel(level)
            for qname in QNAMES:
                self.route(logging.getLogger(qname), torch, asked, qname in theirs)
            (top.removeHandler if _theirs(top, torch) else top.addHandler)(FALLBACK)
            self.leveled, self.kept = set(wanted), {}
            for log in self.artifact_logs:
                self.switch(log)
            for enforce in self.overrides:
                enforce()

    def route(
        self, log: logging.Logger, torch: Torch | None, asked: bool, theirs: bool
    ) -> None:
        """torch's handler if asked; else propagating, and handlers, as its owner set."""
        handlers = _torch(torch, log)
        if not handlers:
            self.propagate[log.name] = log.propagate
        torch_mode = asked and bool(handlers) and not theirs
        for handler in () if torch_mode else handlers:
            log.removeHandler(handler)
        if not theirs or log.name in self.kept:  # theirs: undo torch's re-init
            log.propagate = not torch_mode and self.propagate.get(log.name, True)
        (log.addHandler if torch_mode else log.removeHandler)(FALLBACK)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """Module ``name``'s logger of ``artifact``: DEBUG records, shown if it is named."""
    if artifact not in ARTIFACTS:
        raise ValueError(f"unknown artifact {artifact!r}; known: {sorted(ARTIFACTS)}")
    STATE.sync()
    log = logging.getLogger(f"{name}.__{artifact}")  # torch's naming
    log.artifact_name = artifact  # type: ignore[attr-defined]  # torch's format shows it
    with STATE.lock:
        STATE.artifact_logs.add(log)
        STATE.switch(log)
    return log


def _torch(torch: Torch | None, log: logging.Logger) -> list[logging.Handler]:
    return [h for h in log.handlers if torch and torch.internal._is_torch_handler(h)]


def _theirs(log: logging.Logger, torch: Torch | None) -> bool:
    """True if other code gave ``log`` a handler (neither ours nor torch's)."""
    mine = [*STATE.handlers, *_torch(torch, log)]
    return any(h not in mine for h in log.handlers)


def _passed(name: str) -> list[logging.Logger]:
    """The loggers a record of logger ``name`` passes on its way up."""
    passed = [logging.getLogger(name)]
    while passed[-1].propagate and (parent := passed[-1].parent):
        passed.append(parent)
    return passed


def has_handlers(log: logging.Logger) -> bool:
    """True if records of ``log`` meet a handler other than ours."""
    return any(h is not FALLBACK for g in _passed(log.name) for h in g.handlers)


class Fallback(logging.Handler):
    """Ours, on ``executorch`` (torch mode: each component): hands records that stop before
    the root to the test capture there, prints those no handler takes as the last resort."""

    def emit(self, record: logging.LogRecord) -> None:
        passed = _passed(record.name)
        met = [h for log in passed for h in log.handlers if h is not FALLBACK]
        root = logging.getLogger()
        kinds = tuple(getattr(sys.modules.get(m), c, type(None)) for m, c in _CAPTURES)
        for handler in root.handlers if passed[-1] is not root else ():
            if isinstance(handler, kinds) and handler not in met:
                if record.levelno >= handler.level:
                    handler.handle(record)
        # override_logs' levels stand for the root level DebugPass used to set: not asked
        forced = QNAMES if STATE.overrides else {}
        asked = [g.level for g in passed if g is not root and g.name not in forced]
        if met or (record.levelno < logging.WARNING and not any(asked)):
            return
        fmt = "%(message)s" if record.levelno >= logging.WARNING else _BASIC
        try:
            sys.stderr.write(logging.Formatter(fmt).format(record) + "\n")
        except Exception:  # noqa: BLE001 - as logging's handlers do
            self.handleError(record)


FALLBACK = Fallback()
STATE = State()
