"""The calls migrated code and users make: loggers, ``set_logs``, routing, new names."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

from .state import STATE, parse
from .torch_api import report

__all__ = [
    "artifact_enabled",
    "get_artifact_logger",
    "get_logger",
    "logger_names",
    "register_artifact",
    "register_component",
    "route_to_app",
    "set_logs",
    "to_level",
]


def get_logger(name: str) -> logging.Logger:
    """The logger of module ``name`` (``get_logger(__name__)``): a plain ``logging.Logger``
    whose level and output follow the component covering it (``executorch``, ``xnnpack``...)."""
    STATE.sync()
    return logging.getLogger(name)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """The logger of an off-by-default ``artifact`` (``xnnpack_graph``) in module ``name``: it
    prints only when the artifact is named (``TORCH_LOGS=xnnpack_graph``); log at DEBUG."""
    if artifact not in STATE.artifacts:
        known = ", ".join(sorted(STATE.artifacts))
        raise ValueError(f"unknown artifact {artifact!r}; known artifacts: {known}")
    torch = STATE.sync()
    with STATE.lock:
        if torch is not None and artifact in STATE.registered:
            log = torch.artifact_logger(name, artifact)
        else:  # the logger torch would make; torch adopts it when it registers our names
            log = logging.getLogger(f"{name}.__{artifact}")
            log.artifact_name = artifact  # type: ignore[attr-defined]  # torch's mark
            if log not in STATE.early:
                STATE.early.append(log)
        on = STATE.artifact_on(artifact)
        log.setLevel(logging.DEBUG if on else logging.NOTSET)
        log.propagate = on
    return log


def artifact_enabled(logger: logging.Logger) -> bool:
    """True if artifact ``logger`` prints: skip building a large dump nobody will see."""
    return STATE.artifact_on(getattr(logger, "artifact_name", "")) and logger.isEnabledFor(
        logging.DEBUG
    )


def to_level(value: object, what: str) -> int:
    """A level number or name (``"DEBUG"``) as a number; ValueError naming ``what``."""
    if isinstance(value, str) and isinstance(logging.getLevelName(value), int):
        return int(logging.getLevelName(value))
    if isinstance(value, int) and not isinstance(value, bool) and value in logging._levelToName:
        return value
    raise ValueError(f"set_logs: {what}: {value!r} is not a logging level")


def set_logs(
    *settings: str,
    modules: Mapping[str, int | str | None] | None = None,
    **names: int | str | bool | None,
) -> None:
    """Set levels and artifacts like TORCH_LOGS, merging with earlier calls.

    ``set_logs("+executorch,xnnpack_graph")`` takes TORCH_LOGS strings; ``set_logs(xnnpack=
    logging.DEBUG, partition_report=True)`` names; ``modules={"executorch.exir.passes":
    "DEBUG"}`` any logger. None forgets an earlier setting. torch's own names (``dynamo``,
    ``all``...) go to ``torch._logging.set_logs``. Names TORCH_LOGS mentions keep its value.
    Invalid names or values raise ValueError and change nothing.
    """
    asked: list[tuple[str, object, bool]] = []  # (name, value, from a settings string)
    for text in settings:
        if not isinstance(text, str):
            raise TypeError(f"set_logs: settings are strings such as '+xnnpack', got {text!r}")
        asked += [(name, level, True) for name, level in parse(text).items()]
    asked += [("torch" if n == "all" else n, v, False) for n, v in names.items()]
    asked += [(n, v, False) for n, v in (modules or {}).items()]
    ours: dict[str, object] = {}
    theirs: dict[str, object] = {}
    for name, value, from_text in asked:
        if name in STATE.artifacts:
            if not (value is None or from_text or isinstance(value, bool)):
                raise ValueError(f"set_logs: {name} is an artifact: give True or False")
            ours[name] = True if from_text else value
        elif name in STATE.components or STATE.covers(name):
            ours[name] = None if value is None else to_level(value, name)
        else:
            theirs[name] = value
    with STATE.lock:
        torch = STATE.sync()
        if theirs:
            if torch is None:
                raise ValueError(f"set_logs: unknown name(s) {sorted(theirs)}: import torch first")
            merged = {**STATE.torch_settings, **theirs}
            try:
                torch.set_torch_logs(merged)  # torch checks its own names
            except ValueError:
                torch.set_torch_logs(STATE.torch_settings)  # back to what was in effect
                raise
            STATE.torch_settings = {n: v for n, v in merged.items() if v is not None}
        shadowed = sorted(set(ours) & set(STATE.env()))
        if shadowed:
            logging.getLogger(__name__).warning("TORCH_LOGS takes precedence for %s", shadowed)
        for name, value in ours.items():
            STATE.switched.pop(name, None)
            STATE.levels.pop(name, None)
            if isinstance(value, bool):
                STATE.switched[name] = value
            elif isinstance(value, int):
                STATE.levels[name] = value
        STATE.apply(torch)


def route_to_app(enabled: bool | None = True) -> None:
    """``True``: ExecuTorch's records go to the application's handlers (propagation), whatever
    TORCH_LOGS says; ``False``: to torch's handler; ``None``: decided by the settings (default)."""
    if enabled is not None and not isinstance(enabled, bool):
        raise TypeError(f"route_to_app: expected True, False or None, got {enabled!r}")
    with STATE.lock:
        STATE.routed = enabled
        STATE.apply(STATE.sync())


def register_component(name: str, loggers: str | Iterable[str]) -> bool:
    """Make ``name`` a TORCH_LOGS name covering ``loggers``; False (reported) on a clash."""
    qnames = (loggers,) if isinstance(loggers, str) else tuple(loggers)
    _check(name, qnames)
    with STATE.lock:
        if STATE.components.get(name) == qnames:
            return True
        if name in STATE.components or name in STATE.artifacts:
            return _refuse("component", name)
        STATE.components[name] = qnames
        STATE.generation += 1
        return _registered(name)


def register_artifact(name: str, description: str, component: str) -> bool:
    """Make ``name`` an off-by-default artifact of ``component``; False (reported) on a clash."""
    _check(name, ())
    with STATE.lock:
        if component not in STATE.components:
            raise ValueError(f"artifact {name!r}: unknown component {component!r}")
        if STATE.artifacts.get(name, ("",))[0] == component:
            return True
        if name in STATE.components or name in STATE.artifacts:
            return _refuse("artifact", name)
        STATE.artifacts[name] = (component, description)
        STATE.generation += 1
        return _registered(name)


def logger_names() -> tuple[str, ...]:
    """Every logger our names cover (their children follow them), e.g. for ``dictConfig``."""
    return tuple(sorted({q for qnames in STATE.components.values() for q in qnames}))


def _check(name: str, qnames: tuple[str, ...]) -> None:
    if not name.isidentifier():
        raise ValueError(f"a log name is an identifier such as 'my_backend', got {name!r}")
    if any(not all(p.isidentifier() for p in str(q).split(".")) for q in qnames):
        raise ValueError(f"component {name!r} needs dotted logger names, got {qnames!r}")


def _refuse(kind: str, name: str) -> bool:
    report(f"{kind} {name!r} not registered: that name is taken")
    return False


def _registered(name: str) -> bool:
    torch = STATE.sync()
    if torch is not None and name not in STATE.registered:
        STATE.components.pop(name, None)  # torch has that name (reported by sync)
        STATE.artifacts.pop(name, None)
        return False
    STATE.apply(torch)
    return True
