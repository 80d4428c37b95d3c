"""``stdout_to_log``: what a tool prints becomes log lines (Arm's Vela report).

Each line the calling thread prints through ``sys.stdout`` is logged as it comes; other
threads' output and what C code writes to file descriptor 1 are left alone.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

from .api import get_logger

__all__ = ["stdout_to_log"]

_lock = threading.Lock()


class _Lines:
    """One thread's capture: text in, a record per complete non-blank line out."""

    def __init__(self, logger: logging.Logger, level: int, caller: FrameType) -> None:
        self.logger, self.level, self.pending = logger, level, ""
        code = caller.f_code
        self.where = (code.co_filename, caller.f_lineno, code.co_name)

    def feed(self, text: str, end: bool = False) -> None:
        *lines, self.pending = (self.pending + text).split("\n")
        for line in [*lines, self.pending] if end else lines:
            if line.strip() and self.logger.isEnabledFor(self.level):
                path, number, function = self.where
                args = (
                    self.logger.name,
                    self.level,
                    path,
                    number,
                    "%s",
                    (line.rstrip(),),
                )
                self.logger.handle(self.logger.makeRecord(*args, None, function))


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
