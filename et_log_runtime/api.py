"""What migrated code and users call: loggers, artifacts, ``set_logs``, ``override_logs``."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from .state import STATE, parse


def get_logger(name: str) -> logging.Logger:
    """The logger of module ``name``: a plain ``logging.Logger`` whose level and output
    follow the component covering it (``executorch``, ``xnnpack``...)."""
    STATE.sync()
    return logging.getLogger(name)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """The logger of off-by-default ``artifact`` in module ``name``: what it logs (at DEBUG)
    prints only when the artifact is named (``TORCH_LOGS=xnnpack_graph``)."""
    if artifact not in STATE.artifacts:
        raise ValueError(
            f"unknown artifact {artifact!r}; known: {sorted(STATE.artifacts)}"
        )
    STATE.sync()
    log = logging.getLogger(f"{name}.__{artifact}")  # torch names artifact loggers so
    with STATE.lock:
        log.artifact_name = artifact  # type: ignore[attr-defined]
        STATE.artifact_logs[log.name] = log
        STATE.switch(log, STATE.artifact_on(artifact))
    return log


def artifact_enabled(logger: logging.Logger) -> bool:
    """True if artifact ``logger`` prints: skip building a dump nobody will see."""
    return logger.isEnabledFor(logging.DEBUG)


def logger_names() -> tuple[str, ...]:
    """Every logger our names cover (children follow them), e.g. for ``dictConfig``."""
    return tuple(sorted({q for qnames in STATE.components.values() for q in qnames}))


def to_level(value: object, what: str) -> int:
    """A level number or name (``"DEBUG"``) as a number; ValueError naming ``what``."""
    number = logging.getLevelName(value) if isinstance(value, str) else value
    if isinstance(number, int) and not isinstance(number, bool):
        if number in logging._levelToName:
            return number
    raise ValueError(f"set_logs: {what}: {value!r} is not a logging level")


def set_logs(
    *settings: str,
    modules: Mapping[str, int | str | None] | None = None,
    **names: int | str | bool | None,
) -> None:
    """ExecuTorch's levels and artifacts as TORCH_LOGS sets them, merged with earlier
    calls: ``set_logs("+executorch,xnnpack_graph")``, ``set_logs(xnnpack=logging.DEBUG,
    partition_report=True)``, ``modules={"executorch.exir.passes": "DEBUG"}``. None forgets
    a setting; TORCH_LOGS wins for names it mentions; bad input raises, changing nothing."""
    asked = [(n, v, False) for n, v in [*names.items(), *(modules or {}).items()]]
    for text in settings:
        if not isinstance(text, str):
            raise TypeError(
                f"set_logs: settings are strings such as '+xnnpack', got {text!r}"
            )
        asked += [(name, level, True) for name, level in parse(text).items()]
    ours: dict[str, int | bool | None] = {}
    for name, value, from_text in asked:
        if name in STATE.artifacts:
            if not (from_text or value is None or isinstance(value, bool)):
                raise ValueError(f"set_logs: {name} is an artifact: give True or False")
            ours[name] = True if from_text else value  # type: ignore[assignment]
        elif name in STATE.components or STATE.component_for(name):
            ours[name] = None if value is None else to_level(value, name)
        else:
            known = ", ".join(sorted([*STATE.components, *STATE.artifacts]))
            raise ValueError(
                f"set_logs: {name!r} is not ExecuTorch's ({known}, or a logger below them); "
                "torch's own names go to torch._logging.set_logs"
            )
    with STATE.lock:
        shadowed = sorted(ours.keys() & STATE.env().keys())
        if shadowed:
            logging.getLogger(__name__).warning(
                "TORCH_LOGS takes precedence for %s", shadowed
            )
        for name, value in ours.items():
            STATE.switched.pop(name, None)
            STATE.levels.pop(name, None)
            if isinstance(value, bool):
                STATE.switched[name] = value
            elif value is not None:
                STATE.levels[name] = value
        STATE.apply(STATE.sync())


@contextmanager
def override_logs(
    level: int | str = logging.DEBUG,
    *,
    filename: str | None = None,
    fmt: str | None = None,
) -> Iterator[None]:
    """While active, ExecuTorch's loggers log at ``level`` and also to ``filename``
    (truncated), formatted by ``fmt``, whatever TORCH_LOGS and ``set_logs`` say; on exit
    all is as before. Nested uses stack. (What ``exir.common.override_logger``, i.e.
    ``DebugPass(log_filename=...)``, did on the root logger.)"""
    number = to_level(level, "override_logs level")
    loggers = [logging.getLogger(q) for qs in STATE.components.values() for q in qs]
    added = [logging.FileHandler(filename, "w", "utf-8")] if filename else []
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
