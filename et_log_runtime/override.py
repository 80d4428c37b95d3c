"""``override_logs``: temporarily raise ExecuTorch's verbosity and add a destination.

The runtime-aware replacement for helpers that configure the root logger around other code's root
calls, such as ExecuTorch's ``exir.common.override_logger`` used by ``DebugPass(log_filename=...)``:
after migration those calls log on component loggers, which do not propagate to the root.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from . import destinations, registry, settings, sync

__all__ = ["override_logs"]


def _targets(components: str | Iterable[str] | None) -> list[str]:
    """Logger names for component names (all of ours if None) and dotted logger names."""
    if components is None:
        return list(registry.logger_names())
    names: list[object] = [components] if isinstance(components, str) else list(components)
    qnames: list[str] = []
    for name in names:
        if isinstance(name, str) and name in registry.components:
            qnames.extend(registry.components[name])
        elif isinstance(name, str) and "." in name and registry.is_qualified_name(name):
            qnames.append(name)
        else:
            valid = ", ".join(sorted(registry.components))
            raise ValueError(
                f"override_logs: unknown component {name!r}; give component names ({valid}) "
                f"or dotted logger names"
            )
    return list(dict.fromkeys(qnames))


@contextmanager
def override_logs(
    level: int | str = logging.DEBUG,
    *,
    filename: str | None = None,
    fmt: str | None = None,
    handler: logging.Handler | None = None,
    components: str | Iterable[str] | None = None,
) -> Iterator[None]:
    """While active, ``components`` (default: all of ExecuTorch) log at ``level`` and also go to
    ``filename`` (truncated, UTF-8) and/or ``handler``.

    ``fmt`` is the format of the added destinations (default: the bare message). Levels, handlers
    and formatters are restored on exit, also on exceptions; nested uses stack (innermost wins).
    While active it beats TORCH_LOGS and ``set_logs`` for those loggers, as a scoped, explicit
    request; artifacts stay as they are. Output already on stderr is not duplicated. Process-wide,
    not per thread.
    """
    number = settings.to_level(level, "override_logs: level")
    if handler is not None and not isinstance(handler, logging.Handler):
        raise TypeError(f"override_logs: handler must be a logging.Handler, got {handler!r}")
    sync.sync()  # our names known to torch, so the loggers below are the ones torch manages
    loggers = [logging.getLogger(q) for q in _targets(components)]
    formatter = logging.Formatter(fmt) if fmt else None
    added: list[logging.Handler] = []
    opened: logging.FileHandler | None = None
    if filename:
        opened = logging.FileHandler(filename, mode="w", encoding="utf-8")
        added.append(opened)
    old_formatter = handler.formatter if handler is not None else None
    if handler is not None:
        added.append(handler)
    for each in added:
        if formatter is not None:
            each.setFormatter(formatter)
    layer = destinations.Override(number, loggers, added)
    destinations.push_override(layer)
    try:
        yield
    finally:
        if destinations.pop_override(layer):
            sync.sync(reapply=True)  # settings changed meanwhile: recompute levels from them
        if opened is not None:
            opened.close()
        if handler is not None:
            handler.setFormatter(old_formatter)
