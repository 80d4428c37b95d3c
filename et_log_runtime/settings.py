"""``set_logs``: merge log settings (ours and torch's) instead of resetting them.

Precedence, from strongest: the TORCH_LOGS variable for every name it mentions; then the latest
``set_logs`` call for that name; then the default (WARNING, artifacts off). torch's own
``torch._logging.set_logs`` resets everything, ours included, until our next ``set_logs``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from types import ModuleType

from et_log_runtime import registry

__all__ = ["parse_settings", "set_logs"]

_log = logging.getLogger("et_log_runtime")
_ENV = "TORCH_LOGS"

requested: dict[str, int | bool] = {}  # merged settings of all set_logs calls: name -> level/bool
_env_baseline: dict[str, tuple[dict[str, int], set[str]]] = {}  # TORCH_LOGS text -> its own state


def parse_settings(text: str) -> dict[str, int]:
    """Parse a TORCH_LOGS-style string: ``+name`` DEBUG, ``-name`` ERROR, ``name`` INFO."""
    result: dict[str, int] = {}
    for raw in text.split(","):
        token = raw.strip()
        if not token:
            continue
        sign, name = (token[0], token[1:]) if token[0] in "+-" else ("", token)
        if not registry.is_qualified_name(name):
            raise ValueError(f"invalid log setting {token!r} in {text!r}: expected [+|-]name")
        level = {"+": logging.DEBUG, "-": logging.ERROR}.get(sign, logging.INFO)
        result["torch" if name == "all" else name] = level
    return result


def set_logs(
    *settings: str,
    modules: Mapping[str, int | bool | None] | None = None,
    **names: int | bool | None,
) -> None:
    """Set log levels and artifacts, merging with earlier calls.

    ``settings``: TORCH_LOGS-style strings (``"+executorch,xnnpack_graph"``). ``names``: component
    or torch log name -> level (``xnnpack=logging.DEBUG``, ``all=`` for torch), artifact -> bool.
    ``modules``: any logger name -> level. A value of None forgets that name's earlier setting.
    Names mentioned in TORCH_LOGS keep the variable's setting (the environment has the last word).
    """
    updates: dict[str, int | bool | None] = {}
    for text in settings:
        updates.update(parse_settings(text))
    for name, value in names.items():
        updates["torch" if name == "all" else name] = value
    for name in updates:
        _check_known(name)
    for name, value in (modules or {}).items():
        if not registry.is_qualified_name(name):
            raise ValueError(f"set_logs: modules key {name!r} is not a logger name")
        updates[name] = value
    for name, value in updates.items():
        _check_value(name, value)
    shadowed = sorted(set(updates) & _env_names(os.environ.get(_ENV)))
    if shadowed:
        _log.warning("set_logs: TORCH_LOGS takes precedence for %s", ", ".join(shadowed))
    for name, value in updates.items():
        if value is None:
            requested.pop(name, None)
        else:
            requested[name] = value
    internal = registry.sync()
    if internal is None:
        _apply_without_torch()
    else:
        apply(internal)


def _check_known(name: str) -> None:
    if name in ("all", "torch") or "." in name:
        return
    if name in registry.components or name in registry.artifacts:
        return
    internal = registry.torch_internal()
    if internal is None:
        return  # maybe one of torch's names: checked when torch registers (see apply)
    reg = internal.log_registry
    if reg.is_log(name) or reg.is_artifact(name) or name in reg.child_log_qnames:
        return
    valid = sorted({*reg.log_alias_to_log_qnames, *reg.artifact_names, *registry.components})
    raise ValueError(f"unknown log or artifact name {name!r}; valid names: {', '.join(valid)}")


def _check_value(name: str, value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool):
        internal = registry.torch_internal()
        if name in registry.components or (internal and internal.log_registry.is_log(name)):
            raise ValueError(f"set_logs: {name} is a component; give a level, not {value!r}")
        return
    if not isinstance(value, int) or value not in logging._levelToName:
        raise ValueError(f"set_logs: {name}={value!r} is not a logging level or a bool")


def _env_names(env: str | None) -> set[str]:
    if not env:
        return set()
    try:
        return set(parse_settings(env))
    except ValueError:
        return set()


def _build_state(internal: ModuleType, skip: set[str]):  # -> torch's LogState
    """torch's LogState for ``requested`` minus ``skip``; logger names are never imported/walked."""
    reg = internal.log_registry
    state = internal.LogState()
    for name, value in requested.items():
        if name in skip:
            continue
        if reg.is_artifact(name):
            if value is not False:
                state.enable_artifact(name)
        elif isinstance(value, bool):
            registry.report(f"set_logs: {name!r} is not an artifact; give a logging level")
        elif reg.is_log(name):
            state.enable_log(reg.log_alias_to_log_qnames[name], value)
        elif "." in name or name in reg.child_log_qnames:
            if name not in reg.child_log_qnames and not reg.is_log(name):
                if internal._has_registered_parent(name):
                    reg.register_child_log(name)
                else:
                    reg.register_log(name, name)
            state.enable_log(name, value)
        else:
            registry.report(f"set_logs: unknown log or artifact name {name!r} ignored")
    return state


def apply(internal: ModuleType, init: bool = True) -> None:
    """Install the merged settings into torch; re-initialise torch's loggers if ``init``."""
    env = os.environ.get(_ENV) or None  # torch 2.13 itself fails on TORCH_LOGS="" at import
    state = _build_state(internal, _env_names(env))
    if env is None:
        internal._set_log_state(state)
    else:
        # torch re-reads TORCH_LOGS on every init, through a cached parse; extend that cached state
        # (the variable's own entries win) so our settings survive torch's re-initialisations.
        env_state = internal._parse_log_settings(env)
        base = _env_baseline.setdefault(
            env, (dict(env_state.log_qname_to_level), set(env_state.artifact_names))
        )
        env_state.log_qname_to_level.clear()
        env_state.log_qname_to_level.update(state.log_qname_to_level)
        env_state.log_qname_to_level.update(base[0])
        env_state.artifact_names.clear()
        env_state.artifact_names.update(base[1] | state.artifact_names)
    if init:
        registry.untangle_children(internal.log_registry)
        internal._init_logs()


def _apply_without_torch() -> None:
    """Without torch: set our component loggers' levels directly (torch takes over on import)."""
    for name, qnames in registry.components.items():
        value = requested.get(name)
        level = value if isinstance(value, int) and not isinstance(value, bool) else logging.NOTSET
        for qname in qnames:
            logging.getLogger(qname).setLevel(level)
