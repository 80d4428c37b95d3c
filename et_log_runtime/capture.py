"""``stdout_to_log``: what a called tool prints on stdout becomes lines of a module's logger.

For tools a backend calls in-process that print their report instead of logging it (Arm's Vela,
whose compiler core writes from C++): the component decides whether the lines show
(``TORCH_LOGS=arm`` at INFO), and a library lowering leaves the application's stdout alone.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import IO

from .loggers import get_logger

__all__ = ["stdout_to_log"]

# the log record points at the line that opened the ``with`` block, not at this module:
# 1 = here, 2 = contextlib's __exit__, 3 = the caller's ``with`` statement
_CALLER = 3


@contextlib.contextmanager
def stdout_to_log(name: str, level: int = logging.INFO) -> Iterator[None]:
    """Capture stdout while the block runs; log each non-blank line on ``get_logger(name)``.

    Both ``sys.stdout`` and file descriptor 1 (what C/C++ extensions write to) are captured. The
    lines are logged when the block ends, also when it raises (they often say why). Nothing is
    formatted when the logger is not enabled for ``level``.
    """
    buffer = io.StringIO()
    with tempfile.TemporaryFile() as raw:
        try:
            with _descriptor_to(1, raw), contextlib.redirect_stdout(buffer):
                yield
        finally:
            raw.seek(0)
            text = buffer.getvalue() + raw.read().decode(errors="replace")
            log = get_logger(name)
            if log.isEnabledFor(level):
                for line in text.splitlines():
                    if line.strip():
                        log.log(level, "%s", line.rstrip(), stacklevel=_CALLER)


@contextlib.contextmanager
def _descriptor_to(fd: int, target: IO[bytes]) -> Iterator[None]:
    """Point ``fd`` at ``target`` while the block runs (left alone when it cannot be duplicated)."""
    try:
        saved = os.dup(fd)
    except OSError:
        yield
        return
    sys.stdout.flush()
    _flush_c_streams()
    os.dup2(target.fileno(), fd)
    try:
        yield
    finally:
        _flush_c_streams()
        os.dup2(saved, fd)
        os.close(saved)


def _flush_c_streams() -> None:
    """``fflush(NULL)``: C stdio buffers reach the descriptor they were written for."""
    try:
        import ctypes

        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError, TypeError):
        pass
