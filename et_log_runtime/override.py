"""``override_logs``: for a while, ExecuTorch's loggers at a level, with an extra destination.

What ``exir.common.override_logger`` (``DebugPass(log_filename=...)``) did with the root logger,
on the component loggers, which is where ExecuTorch's records are after the migration.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from .api import to_level
from .state import STATE

__all__ = ["override_logs"]


def _loggers(components: str | Iterable[str] | None) -> list[logging.Logger]:
    """Component names (all of ours if None) and dotted logger names, as loggers."""
    names = [components] if isinstance(components, str) else components
    qnames: list[str] = []
    for name in STATE.components if names is None else names:
        if name in STATE.components:
            qnames += STATE.components[name]
        elif "." in name:
            qnames.append(name)
        else:
            raise ValueError(f"override_logs: {name!r} is neither a component nor a logger name")
    return [logging.getLogger(q) for q in dict.fromkeys(qnames)]


@contextmanager
def override_logs(
    level: int | str = logging.DEBUG,
    *,
    filename: str | None = None,
    fmt: str | None = None,
    handler: logging.Handler | None = None,
    components: str | Iterable[str] | None = None,
) -> Iterator[None]:
    """While active, ``components`` (default: all of ExecuTorch's) log at ``level`` and also
    to ``filename`` (truncated, UTF-8) and/or ``handler``, formatted by ``fmt`` (default: the
    message). It beats TORCH_LOGS and ``set_logs`` while active; everything is restored on
    exit, also on exceptions; nested uses stack (innermost wins). Process-wide."""
    number = to_level(level, "override_logs level")
    if handler is not None and not isinstance(handler, logging.Handler):
        raise TypeError(f"override_logs: handler must be a logging.Handler, got {handler!r}")
    STATE.sync()
    loggers = _loggers(components)
    added: list[logging.Handler] = []
    if filename:
        added.append(logging.FileHandler(filename, mode="w", encoding="utf-8"))
    added += [handler] if handler is not None else []
    old_formatter = handler.formatter if handler is not None else None
    for each in added:
        if fmt:
            each.setFormatter(logging.Formatter(fmt))

    def enforce() -> None:
        for log in loggers:
            log.setLevel(number)
            for each in added:
                if each not in log.handlers:
                    log.addHandler(each)

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
            STATE.arrange(STATE.sync())  # levels from the settings, outer overrides again
        if filename:
            added[0].close()
        if handler is not None:
            handler.setFormatter(old_formatter)
