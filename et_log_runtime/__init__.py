"""ExecuTorch's loggers in PyTorch's component logging (``TORCH_LOGS=+executorch,xnnpack``).
Standard library only: torch is used once loaded, never imported."""

import logging
import sys
import threading
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from . import state
from .partition_report import delegation_records, report_rejection, run_partitioner
from .state import STATE, get_artifact_logger

__all__ = [
    "artifact_enabled",
    "delegation_records",
    "get_artifact_logger",
    "get_logger",
    "logger_names",
    "override_logs",
    "report_rejection",
    "run_partitioner",
    "set_logs",
    "stdout_to_log",
    "warn",
]
_DISPLAY = "_showwarnmsg_impl"  # the warnings module's default display (3.10-3.13)
_python: list[Any] = []  # Python's own display, once replaced
_showing = threading.local()  # .logger: the logger of this thread's warn() under way


def get_logger(name: str) -> logging.Logger:
    """``logging.getLogger(name)``, once our names are registered with torch."""
    STATE.sync()
    return logging.getLogger(name)


def artifact_enabled(logger: logging.Logger) -> bool:
    """True if artifact ``logger`` prints: skip building a dump nobody will see."""
    return logger.isEnabledFor(logging.DEBUG)


def logger_names() -> tuple[str, ...]:
    """Every logger our names cover (children follow them), e.g. for ``dictConfig``."""
    return tuple(sorted(state.QNAMES))


def _level(value: object, what: str) -> int:
    number = logging.getLevelName(value) if isinstance(value, str) else value
    if type(number) is int and number in logging._levelToName:
        return number
    raise ValueError(f"set_logs: {what}: {value!r} is not a logging level")


def set_logs(
    *settings: str,
    modules: Mapping[str, int | str | None] | None = None,
    **names: int | str | bool | None,
) -> None:
    """ExecuTorch's levels and artifacts as TORCH_LOGS sets them, merged with earlier
    calls (None forgets one); bad input raises, changing nothing."""
    ours: dict[str, object] = {**names, **(modules or {})}
    for text in settings:
        if not isinstance(text, str):
            raise TypeError(f"set_logs: a setting is a string ('+xnnpack'): {text!r}")
        ours |= {n: n in state.ARTIFACTS or v for n, v in state.parse(text).items()}
    for name, value in ours.items():
        if name in state.ARTIFACTS:
            if not (value is None or isinstance(value, bool)):
                raise ValueError(f"set_logs: {name} is an artifact: give True or False")
        elif name in state.COMPONENTS or state.covering(name):
            ours[name] = None if value is None else _level(value, name)
        else:
            known = ", ".join(sorted([*state.COMPONENTS, *state.ARTIFACTS]))
            raise ValueError(
                f"set_logs: {name!r} is not ExecuTorch's ({known}, or a logger below them); "
                "torch's own names go to torch._logging.set_logs"
            )
    with STATE.lock:
        if shadowed := sorted(ours.keys() & STATE.env().keys()):
            message = "TORCH_LOGS takes precedence for %s"
            logging.getLogger(__name__).warning(message, shadowed)
        merged = {**STATE.settings, **ours}
        STATE.settings = {n: v for n, v in merged.items() if isinstance(v, int)}
        torch = STATE.sync()
        if torch and torch.initialised() and (STATE.env() or STATE.settings):
            torch.reinit()  # torch's handlers where needed; it ends with STATE.arrange
        else:
            STATE.arrange(torch)


@contextmanager
def override_logs(
    level: int | str = logging.DEBUG,
    *,
    filename: str | None = None,
    fmt: str | None = None,
) -> Iterator[None]:
    """ExecuTorch's loggers at ``level``, also to ``filename``, while active; stacks."""
    number = _level(level, "override_logs level")
    loggers = [logging.getLogger(q) for q in state.QNAMES]
    added = [logging.FileHandler(filename, "w", "utf-8")] if filename else []
    for each in added if fmt else ():
        each.setFormatter(logging.Formatter(fmt))

    def enforce() -> None:
        for log in loggers:
            log.setLevel(number)
            for each in added:
                log.addHandler(each)  # (once: addHandler skips a handler it has)

    STATE.sync()
    with STATE.lock:
        saved = [log.level for log in loggers]
        STATE.handlers += added  # the runtime's own, not an owner's configuration
        STATE.overrides.append(enforce)
        enforce()
    try:
        yield
    finally:
        with STATE.lock:
            STATE.overrides.remove(enforce)
            for log, old in zip(loggers, saved, strict=True):
                log.setLevel(old)
                for each in added:
                    log.removeHandler(each)
            for each in added:
                STATE.handlers.remove(each)
                each.close()
            STATE.arrange(STATE.sync())  # the settings' levels, and the outer overrides


def warn(
    logger: logging.Logger,
    message: str | Warning,
    category: type[Warning] | None = None,
    stacklevel: int = 1,
    source: object = None,
) -> None:
    """``warnings.warn(...)``, displayed (if at all) through ``logger``."""
    python = getattr(warnings, _DISPLAY, None)
    if getattr(python, "__module__", "") == "warnings":  # again after catch_warnings()
        _python[:] = [python]
        setattr(warnings, _DISPLAY, _display)
    outer = getattr(_showing, "logger", None)
    _showing.logger = logger  # Python displays during the call, in this thread
    try:
        warnings.warn(message, category, max(stacklevel, 1) + 1, source)
    finally:
        _showing.logger = outer


def _display(shown: warnings.WarningMessage) -> None:
    logger = getattr(_showing, "logger", None)
    if logger is None or not state.has_handlers(logger):
        _python[0](shown)  # not ours, or nowhere to log it
    elif logger.isEnabledFor(logging.WARNING):
        where = (logger.name, logging.WARNING, shown.filename, shown.lineno)
        args = (shown.category.__name__, shown.message)
        logger.handle(logger.makeRecord(*where, "%s: %s", args, None))


class _Router:
    """``sys.stdout`` while captures run: a capturing thread's lines go to its logger."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.threads: dict[int, list[Any]] = {}  # [logger, level, where, text pending]

    def write(self, text: str, end: bool = False) -> int:
        capture = self.threads.get(threading.get_ident())
        if capture is None:
            return int(self.stream.write(text))
        log, level, (path, number, function), pending = capture
        *lines, capture[3] = (pending + text).split("\n")
        for line in [*lines, capture[3]] if end else lines:
            if line.strip() and log.isEnabledFor(level):
                args = (log.name, level, path, number, "%s", (line.rstrip(),))
                log.handle(log.makeRecord(*args, None, function))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)  # flush, encoding, isatty, fileno...


@contextmanager
def stdout_to_log(name: str, level: int = logging.INFO) -> Iterator[None]:
    """Each line this thread prints in the block: a record of ``get_logger(name)``."""
    caller = sys._getframe(2)  # the ``with`` line
    where = (caller.f_code.co_filename, caller.f_lineno, caller.f_code.co_name)
    thread = threading.get_ident()
    with STATE.lock:
        router = sys.stdout if isinstance(sys.stdout, _Router) else _Router(sys.stdout)
        sys.stdout, outer = router, router.threads.get(thread)
        router.threads[thread] = [get_logger(name), level, where, ""]
    try:
        yield
    finally:
        router.write("", end=True)
        with STATE.lock:
            router.threads.pop(thread)
            if outer is not None:
                router.threads[thread] = outer
            elif not router.threads and sys.stdout is router:
                sys.stdout = router.stream
