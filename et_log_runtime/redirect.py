"""What Python would print, shown through a logger instead.

``warn`` is a real ``warnings.warn`` (filters, ``-W``, recorders, the once-per-location
registry behave as at the caller's line); only the display changes: while
``warnings._showwarnmsg_impl`` is Python's own, ``warn`` puts in one that sends the warning
its call shows to its logger, all others to Python's. ``stdout_to_log`` logs what the calling
thread prints through ``sys.stdout`` (not other threads', not C writes to descriptor 1).
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import warnings
from collections.abc import Iterator
from types import FrameType
from typing import Any

from .api import get_logger
from .state import has_handlers

_DISPLAY = "_showwarnmsg_impl"  # the warnings module's default display (3.10-3.13)
_python: list[object] = []  # Python's own display, once replaced
_showing = threading.local()  # .logger: the logger of this thread's warn() under way
_lock = threading.Lock()


def warn(
    logger: logging.Logger,
    message: str | Warning,
    category: type[Warning] | None = None,
    stacklevel: int = 1,
    source: object = None,
) -> None:
    """``warnings.warn(message, category, stacklevel, source)``, displayed through
    ``logger``: in its format, silenced with it (``TORCH_LOGS=-xnnpack``)."""
    if getattr(warnings, _DISPLAY, None) is not _display:
        _take_display()
    outer = getattr(_showing, "logger", None)
    _showing.logger = logger  # Python displays during the call, in this thread
    try:
        warnings.warn(message, category, max(stacklevel, 1) + 1, source)
    finally:
        _showing.logger = outer


def _take_display() -> None:
    """Ours in place of Python's own display (again after a ``catch_warnings()`` block);
    a recorder's or an application's is left alone."""
    current = getattr(warnings, _DISPLAY, None)
    named = getattr(current, "__module__", ""), getattr(current, "__name__", "")
    if named == ("warnings", _DISPLAY):
        _python[:] = [current]
        setattr(warnings, _DISPLAY, _display)


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


@contextlib.contextmanager
def stdout_to_log(name: str, level: int = logging.INFO) -> Iterator[None]:
    """While the block runs, each line this thread prints goes to ``get_logger(name)``
    at ``level`` instead (the records point at the ``with`` line)."""
    lines = _Lines(get_logger(name), level, sys._getframe(2))  # 2: the ``with`` line
    thread = threading.get_ident()
    with _lock:
        router = sys.stdout if isinstance(sys.stdout, _Router) else _Router(sys.stdout)
        sys.stdout, outer = router, router.threads.get(thread)
        router.threads[thread] = lines
    try:
        yield
    finally:
        lines.feed("", end=True)
        with _lock:
            router.threads.pop(thread)
            if outer is not None:
                router.threads[thread] = outer
            elif not router.threads and sys.stdout is router:
                sys.stdout = router.stream
