"""``warn_once``: a logged warning shown once per (call site, message), like ``warnings``' default."""

from __future__ import annotations

import logging
import sys

__all__ = ["warn_once"]

_seen: set[tuple[str, int, type, str]] = set()
_getframe = sys._getframe


def warn_once(
    logger: logging.Logger,
    message: str | Warning,
    category: type[Warning] = UserWarning,
    stacklevel: int = 1,
) -> None:
    """Log ``message`` at WARNING on ``logger`` the first time this call site emits that text.

    ``stacklevel`` picks the call site exactly as in ``warnings.warn``: 1 is the line calling
    ``warn_once``, 2 its caller, and so on; the log record points at that line too. ``message`` may
    be a Warning instance (its class is then the category). A warning the logger would drop is not
    remembered, so it still shows once the logger is enabled.
    """
    if type(message) is str:
        text = message
    elif isinstance(message, Warning):
        category, text = type(message), str(message)
    else:
        text = str(message)
    try:
        frame = _getframe(stacklevel if stacklevel > 1 else 1)  # < 1 counts as 1, as in warnings
    except ValueError:  # stacklevel beyond the stack: like warnings, use the outermost site
        key = ("sys", 1, category, text)
    else:
        key = (frame.f_code.co_filename, frame.f_lineno, category, text)
    if key in _seen or not logger.isEnabledFor(logging.WARNING):
        return
    _seen.add(key)
    logger.warning(text, stacklevel=max(stacklevel, 1) + 1)
