"""``stdout_to_log``: what a called tool prints on stdout becomes lines of a module's logger.

For tools a backend calls in-process that print their report instead of logging it (Arm's Vela):
the component decides whether the lines show (``TORCH_LOGS=arm`` at INFO), and a library lowering
leaves the application's stdout alone.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterator

from et_log_runtime.loggers import get_logger

__all__ = ["stdout_to_log"]


@contextlib.contextmanager
def stdout_to_log(name: str, level: int = logging.INFO) -> Iterator[None]:
    """Capture ``sys.stdout`` while the block runs; log each non-blank line on ``get_logger(name)``.

    The lines are logged when the block ends, also when it raises (they often say why). Nothing is
    formatted when the logger is not enabled for ``level``.
    """
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer):
            yield
    finally:
        log = get_logger(name)
        if log.isEnabledFor(level):
            for line in buffer.getvalue().splitlines():
                if line.strip():
                    log.log(level, "%s", line.rstrip())
