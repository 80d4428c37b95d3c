"""What migrated code and users call: loggers and artifacts, ``set_logs``,
``override_logs``, and the two that show what Python would print through a logger:
``warn`` (a real ``warnings.warn``, only displayed through the logger) and
``stdout_to_log`` (what the calling thread prints through ``sys.stdout``).
"""

from __future__ import annotations

import logging
import sys
import threading
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import FrameType
from typing import Any

from .components import ARTIFACTS, COMPONENTS, QNAMES
from .state import STATE, has_handlers, parse

_DISPLAY = "_showwarnmsg_impl"  # the warnings module's default display (3.10-3.13)
_python: list[object] = []  # Python's own display, once replaced
_showing = threading.local()  # .logger: the logger of this thread's warn() under way


def get_logger(name: str) -> logging.Logger:
    """``logging.getLogger(name)``, once our names are registered with torch."""
    STATE.sync()
    return logging.getLogger(name)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """The logger of off-by-default ``artifact`` in module ``name`` (its DEBUG records
    pass only while the artifact is named: ``TORCH_LOGS=xnnpack_graph``)."""
    if artifact not in ARTIFACTS:
        raise ValueError(f"unknown artifact {artifact!r}; known: {sorted(ARTIFACTS)}")
    STATE.sync()
    log = logging.getLogger(f"{name}.__{artifact}")  # torch's naming
    with STATE.lock:
        STATE.artifact_logs.add(log)
        STATE.switch(log)
    return log


def artifact_enabled(logger: logging.Logger) -> bool:
    """True if artifact ``logger`` prints: skip building a dump nobody will see."""
    return logger.isEnabledFor(logging.DEBUG)


def logger_names() -> tuple[str, ...]:
    """Every logger our names cover (children follow them), e.g. for ``dictConfig``."""
    return tuple(sorted(set(QNAMES)))


def to_level(value: object, what: str) -> int:
    """A level number or name (``"DEBUG"``) as a number; ValueError naming ``what``."""
    number = logging.getLevelName(value) if isinstance(value, str) else value
    if isinstance(number, int) and not isinstance(number, bool):
        if number in logging._levelToName:
            return number
    raise ValueError(f"set_logs: {what}: {value!r} is not a logging level")


def set_logs(
    *settings: str,
    modules: Mapping[str, int | str | None] | None = None,
    **names: int | str | bool | None,
) -> None:
    """ExecuTorch's levels and artifacts as TORCH_LOGS sets them, merged with earlier
    calls; None forgets a setting. Bad input raises and changes nothing."""
    ours: dict[str, object] = {**names, **(modules or {})}
    for text in settings:
        if not isinstance(text, str):
            raise TypeError(
                f"set_logs: settings are strings such as '+xnnpack', got {text!r}"
            )
        ours.update({n: n in ARTIFACTS or v for n, v in parse(text).items()})
    for name, value in ours.items():
        if name in ARTIFACTS:
            if not (value is None or isinstance(value, bool)):
                raise ValueError(f"set_logs: {name} is an artifact: give True or False")
        elif name in COMPONENTS or STATE.component_for(name):
            ours[name] = None if value is None else to_level(value, name)
        else:
            known = ", ".join(sorted([*COMPONENTS, *ARTIFACTS]))
            raise ValueError(
                f"set_logs: {name!r} is not ExecuTorch's ({known}, or a logger below them); "
                "torch's own names go to torch._logging.set_logs"
            )
    with STATE.lock:
        shadowed = sorted(ours.keys() & STATE.env().keys())
        if shadowed:
            logging.getLogger(__name__).warning(
                "TORCH_LOGS takes precedence for %s", shadowed
            )
        for name, value in ours.items():
            STATE.switched.pop(name, None)
            STATE.levels.pop(name, None)
            if isinstance(value, bool):
                STATE.switched[name] = value
            elif isinstance(value, int):
                STATE.levels[name] = value
        STATE.apply(STATE.sync())


@contextmanager
def override_logs(
    level: int | str = logging.DEBUG,
    *,
    filename: str | None = None,
    fmt: str | None = None,
) -> Iterator[None]:
    """While active, ExecuTorch's loggers log at ``level`` and also to ``filename``
    (truncated), formatted by ``fmt``, whatever the settings; nested uses stack. (What
    ``exir.common.override_logger``, i.e. ``DebugPass(log_filename=...)``, did.)"""
    number = to_level(level, "override_logs level")
    loggers = [logging.getLogger(q) for q in QNAMES]
    added = [logging.FileHandler(filename, "w", "utf-8")] if filename else []
    for each in added if fmt else ():
        each.setFormatter(logging.Formatter(fmt))

    def enforce() -> None:
        for log in loggers:
            log.setLevel(number)
            for each in added:
                if each not in log.handlers:
                    log.addHandler(each)

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
                STATE.handlers.remove(each)
                for log in loggers:
                    log.removeHandler(each)
            STATE.arrange(STATE.sync())  # the settings' levels, and the outer overrides
        for each in added:
            each.close()


def warn(
    logger: logging.Logger,
    message: str | Warning,
    category: type[Warning] | None = None,
    stacklevel: int = 1,
    source: object = None,
) -> None:
    """``warnings.warn(message, category, stacklevel, source)``, displayed through
    ``logger``: in its format, silenced with it (``TORCH_LOGS=-xnnpack``)."""
    current = getattr(warnings, _DISPLAY, None)
    named = getattr(current, "__module__", ""), getattr(current, "__name__", "")
    if named == ("warnings", _DISPLAY):  # Python's (again after ``catch_warnings()``)
        _python[:] = [current]
        setattr(warnings, _DISPLAY, _display)
    outer = getattr(_showing, "logger", None)
    _showing.logger = logger  # Python displays during the call, in this thread
    try:
        warnings.warn(message, category, max(stacklevel, 1) + 1, source)
    finally:
        _showing.logger = outer


def _display(shown: warnings.WarningMessage) -> None:
    logger = getattr(_showing, "logger", None)
    if logger is None or not has_handlers(logger):
        _python[0](shown)  # type: ignore[operator]  # not ours, or nowhere to log it
    elif logger.isEnabledFor(logging.WARNING):
        where = (logger.name, logging.WARNING, shown.filename, shown.lineno)
        args = (shown.category.__name__, shown.message)
        logger.handle(logger.makeRecord(*where, "%s: %s", args, None))


class _Lines:
    """One thread's capture: text in, a record per complete non-blank line out."""

    def __init__(self, logger: logging.Logger, level: int, caller: FrameType) -> None:
        self.logger, self.level, self.pending = logger, level, ""
        code = caller.f_code
        self.where = (code.co_filename, caller.f_lineno, code.co_name)

    def feed(self, text: str, end: bool = False) -> None:
        *lines, self.pending = (self.pending + text).split("\n")
        log, (path, number, function) = self.logger, self.where
        for line in [*lines, self.pending] if end else lines:
            if line.strip() and log.isEnabledFor(self.level):
                args = (log.name, self.level, path, number, "%s", (line.rstrip(),))
                log.handle(log.makeRecord(*args, None, function))


class _Router:
    """``sys.stdout`` while captures run: a capturing thread's text goes to its logger."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.threads: dict[int, _Lines] = {}

    def write(self, text: str) -> int:
        lines = self.threads.get(threading.get_ident())
        if lines is None:
            return int(self.stream.write(text))
        lines.feed(text)
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)  # flush, encoding, isatty, fileno...


@contextmanager
def stdout_to_log(name: str, level: int = logging.INFO) -> Iterator[None]:
    """While the block runs, each line this thread prints goes to ``get_logger(name)``
    at ``level`` instead (the records point at the ``with`` line)."""
    lines = _Lines(get_logger(name), level, sys._getframe(2))  # 2: the ``with`` line
    thread = threading.get_ident()
    with STATE.lock:
        router = sys.stdout if isinstance(sys.stdout, _Router) else _Router(sys.stdout)
        sys.stdout, outer = router, router.threads.get(thread)
        router.threads[thread] = lines
    try:
        yield
    finally:
        lines.feed("", end=True)
        with STATE.lock:
            router.threads.pop(thread)
            if outer is not None:
                router.threads[thread] = outer
            elif not router.threads and sys.stdout is router:
                sys.stdout = router.stream
