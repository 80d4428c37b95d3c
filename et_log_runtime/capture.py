"""``stdout_to_log``: what a called tool prints becomes log lines of a module's logger.

For tools a backend runs in-process that print their report instead of logging it (Arm's
Vela). Each complete line the calling thread prints through ``sys.stdout`` is logged as it
comes; other threads' output and what C code writes to file descriptor 1 are left alone.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
from collections.abc import Iterator

from .api import get_logger

__all__ = ["stdout_to_log"]

_LOCK = threading.Lock()


class _Lines:
    """One thread's capture: text in, one log record per complete non-blank line out."""

    def __init__(self, logger: logging.Logger, level: int, where: tuple[str, int, str]):
        self.logger, self.level, self.where = logger, level, where
        self.pending = ""
        self.emitting = False  # a handler writing to this stdout must not loop back here

    def feed(self, text: str, final: bool = False) -> None:
        *lines, self.pending = (self.pending + text).split("\n")
        if final:
            lines, self.pending = [*lines, self.pending], ""
        for line in lines:
            if line.strip() and self.logger.isEnabledFor(self.level):
                path, number, function = self.where
                record = self.logger.makeRecord(
                    self.logger.name,
                    self.level,
                    path,
                    number,
                    "%s",
                    (line.rstrip(),),
                    None,
                    function,
                )
                self.emitting = True
                try:
                    self.logger.handle(record)
                finally:
                    self.emitting = False


class _Router:
    """``sys.stdout`` while a capture is active: routes each capturing thread's writes."""

    def __init__(self, stream: object) -> None:
        self.stream = stream
        self.threads: dict[int, _Lines] = {}

    def write(self, text: str) -> int:
        lines = self.threads.get(threading.get_ident())
        if lines is None or lines.emitting:
            return int(self.stream.write(text))  # type: ignore[attr-defined]
        lines.feed(text)
        return len(text)

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)  # flush, encoding, isatty, fileno...


@contextlib.contextmanager
def stdout_to_log(name: str, level: int = logging.INFO) -> Iterator[None]:
    """While the block runs, each line this thread prints is logged on ``get_logger(name)``
    at ``level`` (nothing printed; nothing formatted when the logger is off for ``level``)."""
    caller = sys._getframe(2)  # the ``with`` statement (1 is contextlib's __enter__)
    where = (caller.f_code.co_filename, caller.f_lineno, caller.f_code.co_name)
    lines = _Lines(get_logger(name), level, where)
    thread = threading.get_ident()
    with _LOCK:
        router = sys.stdout if isinstance(sys.stdout, _Router) else _Router(sys.stdout)
        sys.stdout = router
        outer = router.threads.get(thread)
        router.threads[thread] = lines
    try:
        yield
    finally:
        lines.feed("", final=True)
        with _LOCK:
            if outer is not None:
                router.threads[thread] = outer
            else:
                router.threads.pop(thread, None)
            if not router.threads and sys.stdout is router:
                sys.stdout = router.stream
