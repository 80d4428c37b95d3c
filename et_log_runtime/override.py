"""``override_logs``: for a while, ExecuTorch's loggers at a level, also to a file: what
``exir.common.override_logger`` (``DebugPass(log_filename=...)``) did on the root."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from .api import to_level
from .state import STATE

__all__ = ["override_logs"]


@contextmanager
def override_logs(
    level: int | str = logging.DEBUG,
    *,
    filename: str | None = None,
    fmt: str | None = None,
) -> Iterator[None]:
    """While active, ExecuTorch's loggers log at ``level`` and also to ``filename``
    (truncated), formatted by ``fmt``, whatever TORCH_LOGS and ``set_logs`` say; on exit
    all is as before. Nested uses stack."""
    number = to_level(level, "override_logs level")
    loggers = [logging.getLogger(q) for qs in STATE.components.values() for q in qs]
    added = (
        [logging.FileHandler(filename, mode="w", encoding="utf-8")] if filename else []
    )
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
            STATE.arrange(STATE.sync())  # the settings' levels, and the outer overrides
        for each in added:
            each.close()
