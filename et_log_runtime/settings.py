"""The merged log settings behind ``set_logs``: validation, merging, and torch's LogState built from them.

Precedence, from strongest: the TORCH_LOGS variable for every name it mentions; then the latest
setting for that name, whether it came from our ``set_logs`` or from torch's own
``torch._logging.set_logs`` (adopted by ``sync`` right after torch applies it); then the default
(WARNING, artifacts off). Nothing here imports torch or any module above ``registry``.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping

from . import registry

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (import-light)
if TYPE_CHECKING:
    from .torch_api import TorchLogging, TorchLogState

__all__ = ["normalize", "parse_settings", "to_level"]

ENV = "TORCH_LOGS"
_log = logging.getLogger(registry.PACKAGE)
# TORCH_LOGS grammar as torch 2.13 checks it: names with an optional +/-, spaces only after commas.
# Compiled on first use, not at import: the torch hook imports this module inside `import torch`.
_GRAMMAR = r"[+-]?[\w.]+(?:,\s*[+-]?[\w.]+)*"

requested: dict[str, int | bool] = {}  # merged settings, oldest first: name -> level / bool
origin: dict[str, str] = {}  # name -> "text" (a settings string), "name" (keyword), "module"
_direct: set[str] = set()  # loggers whose level we set without torch (reset when forgotten)
_env_baseline: dict[str, tuple[dict[str, int], set[str]]] = {}  # TORCH_LOGS text -> its own state
_snapshot: tuple[str | None, dict[str, int], frozenset[str]] = (None, {}, frozenset())
applying = False  # True while our own apply() re-initialises torch's loggers


def valid_levels() -> str:
    """``CRITICAL (50), ERROR (40), ...`` for error messages."""
    pairs = sorted(logging._levelToName.items(), reverse=True)
    return ", ".join(f"{name} ({value})" for value, name in pairs)


def to_level(value: object, what: str) -> int:
    """A registered level number or level name ("DEBUG") as an int; ValueError naming ``what``."""
    if isinstance(value, str) and value in logging._nameToLevel:
        return logging._nameToLevel[value]
    if isinstance(value, int) and not isinstance(value, bool) and value in logging._levelToName:
        return value
    raise ValueError(f"{what}: {value!r} is not a logging level; valid levels: {valid_levels()}")


def parse_settings(text: object) -> dict[str, int]:
    """Parse a TORCH_LOGS string: ``+name`` DEBUG, ``-name`` ERROR, ``name`` INFO.

    The grammar is exactly the one torch applies to TORCH_LOGS (spaces only after a comma), so a
    string accepted here also works in the variable, and the reverse.
    """
    if not isinstance(text, str):
        raise TypeError(
            f"set_logs: positional settings are TORCH_LOGS-style strings such as "
            f"'+executorch,xnnpack_graph', got {text!r}; give levels by keyword: xnnpack=10"
        )
    if text == "":
        return {}
    if not re.fullmatch(_GRAMMAR, text):
        tidy = ",".join(part.strip() for part in text.split(","))
        hint = (
            f"; TORCH_LOGS allows spaces only after a comma: write {tidy!r}"
            if re.fullmatch(_GRAMMAR, tidy)
            else ""
        )
        raise ValueError(f"invalid log settings {text!r}: expected [+|-]name,[+|-]name,...{hint}")
    result: dict[str, int] = {}
    for token in re.sub(r"\s+", "", text).split(","):
        sign, name = (token[0], token[1:]) if token[0] in "+-" else ("", token)
        if not registry.is_qualified_name(name):
            raise ValueError(f"invalid log setting {token!r} in {text!r}: expected [+|-]name")
        level = {"+": logging.DEBUG, "-": logging.ERROR}.get(sign, logging.INFO)
        result["torch" if name == "all" else name] = level
    return result


def _torch_kind(name: str) -> str | None:
    """'artifact' / 'log' if torch (loaded) knows ``name``, else None."""
    internal = registry.torch_internal()
    if internal is None:
        return None
    reg = internal.log_registry
    if reg.is_artifact(name):
        return "artifact"
    if reg.is_log(name) or name in reg.child_log_qnames:
        return "log"
    return None


def _kind(name: str) -> str:
    """'artifact', 'log', or 'unknown' (not checkable before torch loads)."""
    if name in registry.artifacts:
        return "artifact"
    if name in registry.components or name in ("torch", "all") or "." in name:
        return "log"
    kind = _torch_kind(name)
    if kind is not None:
        return kind
    internal = registry.torch_internal()
    if internal is None:
        return "unknown"  # maybe one of torch's names: checked when torch loads (reported then)
    reg = internal.log_registry
    valid = sorted({*reg.log_alias_to_log_qnames, *reg.artifact_names, *registry.components})
    raise ValueError(f"unknown log or artifact name {name!r}; valid names: {', '.join(valid)}")


def _value(name: str, value: object) -> int | bool | None:
    kind = _kind(name)  # unknown names raise, also with None
    if value is None:
        return None
    if kind == "artifact":
        if not isinstance(value, bool):
            raise ValueError(f"set_logs: {name} is an artifact; give True or False, not {value!r}")
        return value
    if kind == "unknown" and isinstance(value, bool):
        return value  # an artifact of torch's, perhaps: checked when torch loads
    if isinstance(value, bool):
        raise ValueError(
            f"set_logs: {name} is a log, not an artifact; give a level, not {value!r}; "
            f"valid levels: {valid_levels()}"
        )
    return to_level(value, f"set_logs: {name}")


Update = dict[str, tuple[int | bool | None, str]]  # name -> (value, origin)


def normalize(
    settings: tuple[object, ...],
    modules: Mapping[str, object] | None,
    names: Mapping[str, object],
) -> Update:
    """Validate one ``set_logs`` call: name -> (level / bool / None, where it came from)."""
    updates: Update = {}
    for text in settings:
        for name, level in parse_settings(text).items():
            # a bare artifact name switches it on; "+xnnpack_graph" too, as in TORCH_LOGS
            updates[name] = (True if _kind(name) == "artifact" else level, "text")
    for name, value in names.items():
        key = "torch" if name == "all" else name
        updates[key] = (_value(key, value), "name")
    if modules is None:
        return updates
    if not isinstance(modules, Mapping):
        raise TypeError(f"set_logs: modules= takes a dict of logger name -> level, got {modules!r}")
    for name, value in modules.items():
        if not registry.is_qualified_name(name):
            raise ValueError(f"set_logs: modules key {name!r} is not a logger name")
        if isinstance(value, bool):
            raise ValueError(
                f"set_logs: modules={{{name!r}: {value!r}}}: modules= takes levels, not bools "
                f"(artifacts are switched by name: set_logs(xnnpack_graph=True)); "
                f"valid levels: {valid_levels()}"
            )
        chosen = None if value is None else to_level(value, f"set_logs: modules[{name!r}]")
        updates[name] = (chosen, "module")
    return updates


def merge(updates: Update) -> bool:
    """Merge one validated call into ``requested`` (latest last); True if anything changed."""
    before = list(requested.items())
    for name, (value, source) in updates.items():
        requested.pop(name, None)
        origin.pop(name, None)
        if value is not None:
            requested[name] = value
            origin[name] = source
    return list(requested.items()) != before


def env_names(env: str | None) -> set[str]:
    """The names a TORCH_LOGS value mentions (empty if unset or malformed)."""
    if not env:
        return set()
    try:
        return set(parse_settings(env))
    except ValueError:
        return set()


def _build_state(internal: TorchLogging, skip: set[str]) -> TorchLogState:
    """torch's LogState for ``requested`` minus ``skip``; logger names are never imported/walked."""
    reg = internal.log_registry
    state = internal.LogState()
    qnames = reg.get_log_qnames()
    for name, value in requested.items():
        if name in skip:
            continue
        if reg.is_artifact(name):
            if value is True or (value is not False and origin.get(name) == "text"):
                state.enable_artifact(name)  # a name in a settings string switches it on
            elif value is not False:
                registry.report(f"set_logs: {name!r} is an artifact; give True or False")
        elif isinstance(value, bool):
            registry.report(f"set_logs: {name!r} is not an artifact; give a logging level")
        elif reg.is_log(name):
            state.enable_log(reg.log_alias_to_log_qnames[name], value)
        elif name in qnames or name in reg.child_log_qnames:
            state.enable_log(name, value)
        elif "." in name or origin.get(name) == "module":
            if internal._has_registered_parent(name):
                reg.register_child_log(name)
            else:
                reg.register_log(name, name)
            state.enable_log(name, value)
        else:
            registry.report(f"set_logs: unknown log or artifact name {name!r} ignored")
    return state


def _content(state: TorchLogState) -> tuple[dict[str, int], frozenset[str]]:
    return dict(state.log_qname_to_level), frozenset(state.artifact_names)


def in_effect(internal: TorchLogging) -> bool:
    """True if torch's current settings are the ones our last apply() installed."""
    env = os.environ.get(ENV) or None
    return (env, *_content(internal.log_state)) == _snapshot


def apply(internal: TorchLogging, init: bool = True) -> None:
    """Install the merged settings into torch; re-initialise torch's loggers if ``init``."""
    global _snapshot, applying
    with registry.LOCK:
        env = os.environ.get(ENV) or None  # torch 2.13 itself fails on TORCH_LOGS="" at import
        state = _build_state(internal, env_names(env))
        if env is None:
            internal._set_log_state(state)
        else:
            # torch re-reads TORCH_LOGS on every init, through a cached parse; extend that cached
            # state (the variable's own entries win) so our settings survive torch's re-inits.
            env_state = internal._parse_log_settings(env)
            base = _env_baseline.setdefault(
                env, (dict(env_state.log_qname_to_level), set(env_state.artifact_names))
            )
            env_state.log_qname_to_level.clear()
            env_state.log_qname_to_level.update(state.log_qname_to_level)
            env_state.log_qname_to_level.update(base[0])
            env_state.artifact_names.clear()
            env_state.artifact_names.update(base[1] | state.artifact_names)
            state = env_state
        _snapshot = (env, *_content(state))
        if init:
            applying = True
            try:
                internal._init_logs()
            finally:
                applying = False


def adopt(internal: TorchLogging) -> None:
    """Take torch's current settings, made by torch's own ``set_logs``, as the latest ones.

    torch's call decides every name of torch's (as it always did: it resets the ones it does not
    mention); our components, artifacts and loggers below them keep their et-log settings.
    """
    reg = internal.log_registry
    torch_levels, torch_artifacts = _content(internal.log_state)

    def ours(name: str) -> bool:
        return name in registry.components or name in registry.artifacts or registry.covers(name)

    for name in [n for n in requested if not ours(n)]:
        del requested[name]
        origin.pop(name, None)
    for qname, level in torch_levels.items():
        requested.pop(qname, None)
        requested[qname] = level
        origin[qname] = "name" if qname in reg.get_log_qnames() else "module"
    for name in torch_artifacts:
        requested.pop(name, None)
        requested[name] = True
        origin[name] = "name"


def apply_without_torch() -> None:
    """Without torch: set component and modules= loggers' levels directly (torch adopts them)."""
    with registry.LOCK:
        for name, qnames in registry.components.items():
            value = requested.get(name)
            level = value if isinstance(value, int) and not isinstance(value, bool) else 0
            for qname in qnames:
                logging.getLogger(qname).setLevel(level)
        for name in _direct - set(requested):
            logging.getLogger(name).setLevel(logging.NOTSET)
        _direct.intersection_update(requested)
        for name, value in requested.items():
            if "." in name or origin.get(name) == "module":
                if not isinstance(value, bool):
                    logging.getLogger(name).setLevel(value)
                    _direct.add(name)


def warn_shadowed(updates: Update) -> None:
    """Tell the user that TORCH_LOGS keeps the names it mentions."""
    shadowed = sorted(set(updates) & env_names(os.environ.get(ENV)))
    if shadowed:
        _log.warning("set_logs: TORCH_LOGS takes precedence for %s", ", ".join(shadowed))
