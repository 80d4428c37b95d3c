"""``warn_once``: a logged warning shown once per (call site, message), like ``warnings``' default.

The memo is bounded: each call site remembers at most ``MAX_MESSAGES_PER_SITE`` distinct messages.
When a site shows a new message beyond that, the oldest message that site showed is forgotten
(first in, first out) and would be shown again if it came back. A site that repeats at most that
many distinct texts behaves exactly like ``warnings.warn``; a per-node loop with a counter in its
text costs constant memory. Thread-safe: exactly one line per (site, message) under any threads.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections import deque

__all__ = ["MAX_MESSAGES_PER_SITE", "warn_once"]

MAX_MESSAGES_PER_SITE = 1000

_Key = tuple[str, int, type, str]  # (filename, line, category, text)
_seen: set[_Key] = set()  # read without the lock on the fast path (set lookups are atomic)
_order: dict[tuple[str, int, type], deque[str]] = {}  # per site: its remembered texts, oldest first
_lock = threading.Lock()
_getframe = sys._getframe


def _remember(key: _Key) -> bool:
    """Mark ``key`` as shown; False if another thread already did. Call with ``_lock`` held."""
    if key in _seen:
        return False
    site = key[:3]
    texts = _order.get(site)
    if texts is None:
        texts = _order[site] = deque()
    texts.append(key[3])
    _seen.add(key)
    if len(texts) > MAX_MESSAGES_PER_SITE:
        _seen.discard((*site, texts.popleft()))
    return True


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
    with _lock:
        if not _remember(key):
            return
    logger.warning(text, stacklevel=max(stacklevel, 1) + 1)
