"""The calls that change logging: ``set_logs``, ``route_to_app``, ``register_component``/``_artifact``.

All are thread-safe (one re-entrant lock, ``registry.LOCK``) and go through ``sync.sync``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import destinations, registry, settings, sync

__all__ = ["logger_names", "register_artifact", "register_component", "route_to_app", "set_logs"]


def set_logs(
    *settings_strings: str,
    modules: Mapping[str, int | str | None] | None = None,
    **names: int | str | bool | None,
) -> None:
    """Set log levels and artifacts, merging with earlier calls.

    ``settings_strings``: TORCH_LOGS strings (``"+executorch,xnnpack_graph"``, same grammar as the
    variable). ``names``: component or torch log name -> level (a number or a name such as
    ``"DEBUG"``; ``all=`` is torch), artifact -> True/False. ``modules``: any logger name -> level.
    None forgets a name's earlier setting. Names that TORCH_LOGS mentions keep the variable's
    setting. Bad names or values raise ValueError (TypeError for a non-string setting) and change
    nothing.
    """
    updates = settings.normalize(settings_strings, modules, names)
    with registry.LOCK:
        settings.warn_shadowed(updates)
        changed = settings.merge(updates)
        internal = registry.torch_internal()
        stale = internal is not None and not settings.in_effect(internal)
        sync.sync(reapply=changed or stale or internal is None)


def route_to_app(enabled: bool = True) -> None:
    """Send ExecuTorch's records to the application's own logging instead of torch's handler.

    While on, every component logger (and the artifacts below it) drops torch's stderr handler and
    propagates: records reach the handlers the application configured (``dictConfig`` on the root
    or on ``executorch``), each once, formatted by them. Levels still come from TORCH_LOGS and
    ``set_logs``. Survives later ``set_logs`` calls and torch's re-initialisations. It also
    re-enables ExecuTorch loggers that ``dictConfig(disable_existing_loggers=True)`` switched off,
    so call it after configuring logging. ``route_to_app(False)`` gives the output back to torch.
    """
    if not isinstance(enabled, bool):
        raise TypeError(f"route_to_app(enabled): expected True or False, got {enabled!r}")
    with registry.LOCK:
        destinations.set_routed(enabled)
        sync.sync(reapply=True)  # torch re-creates its handlers; the post-init step arranges them


def register_component(name: str, loggers: str | Iterable[str]) -> bool:
    """Make ``name`` a TORCH_LOGS / set_logs component covering logger(s) ``loggers``.

    Returns True when ``name`` is (now) ours. A clash with an existing name is reported on stderr
    and returns False; nothing is overwritten. Malformed arguments raise ValueError.
    """
    ok = registry.add_component(name, loggers)
    if ok:
        sync.sync()
    return ok


def register_artifact(name: str, description: str, component: str) -> bool:
    """Make ``name`` an off-by-default artifact of ``component`` (see ``get_artifact_logger``).

    Returns True when ``name`` is (now) ours; a clash is reported on stderr and returns False.
    """
    ok = registry.add_artifact(name, description, component)
    if ok:
        sync.sync()
    return ok


def logger_names() -> tuple[str, ...]:
    """Every logger our TORCH_LOGS names cover (children follow them), e.g. for ``dictConfig``."""
    return registry.logger_names()
