"""ExecuTorch's loggers in PyTorch's component logging (``TORCH_LOGS=+executorch,xnnpack``);
standard library only, patching nothing (README.md: the modes, the API, the limits)."""

import logging
import os
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from .names import ARTIFACTS, COMPONENTS, QNAMES, is_ours, parse
from .partition_report import (
    delegation_records,
    lowering,
    report_rejection,
    run_partitioner,
)
from .state import STATE, artifact_enabled, get_artifact_logger, quiet_unnamed

__all__ = [
    "artifact_enabled",
    "delegation_records",
    "get_artifact_logger",
    "get_logger",
    "lowering",
    "override_logs",
    "register_with_torch",
    "report_rejection",
    "run_partitioner",
    "set_logs",
    "set_verbose",
    "warn",
]


def register_with_torch() -> None:
    """What torch's ``torch.backends`` hook calls inside ``import torch``."""
    STATE.sync(hook=True)


def get_logger(name: str) -> logging.Logger:
    """``logging.getLogger(name)``, once our names are registered with torch."""
    STATE.sync()
    return logging.getLogger(name)


def _level(value: object, what: str, named: bool = True) -> int:
    """A level's number; torch's set_logs takes only named ones, ``setLevel`` any."""
    number = logging.getLevelName(value) if isinstance(value, str) else value
    known = type(number) is int and logging.getLevelName(number) != f"Level {number}"
    if type(number) is int and (known or not named):
        return number
    raise ValueError(f"{what}: {value!r} is not a logging level")


def set_logs(
    *settings: str,
    modules: Mapping[str, int | str | None] | None = None,
    **names: int | str | bool | None,
) -> None:
    """torch's ``set_logs`` for our names; like torch's, it resets every setting."""
    ours: dict[str, object] = {**names, **(modules or {})}
    for text in settings:
        if not isinstance(text, str):
            raise TypeError(f"set_logs: a setting is a string ('+xnnpack'): {text!r}")
        parsed = parse(text).items()  # an artifact is on unless `-name` switches it off
        ours |= {n: v != logging.ERROR if n in ARTIFACTS else v for n, v in parsed}
    chosen: dict[str, int | bool] = {}
    for name, value in ours.items():
        if not is_ours(name):
            known = ", ".join(sorted([*COMPONENTS, *ARTIFACTS]))
            what = f"not ExecuTorch's ({known}, or a logger below them)"
            also = "torch's own names go to torch._logging.set_logs"
            raise ValueError(f"set_logs: {name!r} is {what}; {also}")
        if name in ARTIFACTS:
            if not (value is None or isinstance(value, bool)):
                raise ValueError(f"set_logs: {name} is an artifact: give True or False")
            chosen |= {name: True} if value else {}
        elif value is not None:
            chosen[name] = _level(value, f"set_logs: {name}")
    torch = STATE.registered(asked=True)
    if torch is None:
        raise RuntimeError("set_logs: import torch first (a logging API we know)")
    with STATE.lock:  # torch's set_logs is not thread-safe: ours at least take turns
        if not os.environ.get("TORCH_LOGS"):  # else torch ignores the call, and says so
            quiet_unnamed()
        torch.set_logs(chosen)


@contextmanager
def override_logs(
    level: int | str = logging.DEBUG,
    *,
    filename: str | None = None,
    fmt: str | None = None,
) -> Iterator[None]:
    """ExecuTorch's loggers at ``level`` (to ``filename``; else stderr if unconfigured)."""
    number = _level(level, "override_logs: level", named=False)
    STATE.sync()
    loggers = [logging.getLogger(q) for q in QNAMES]
    added: list[logging.Handler] = []
    if filename:
        added.append(logging.FileHandler(filename, "w", "utf-8"))
    elif not logging.getLogger().handlers and not STATE.asked():
        added.append(logging.StreamHandler())  # stderr, where the root's lines went
    for each in added if fmt else ():
        each.setFormatter(logging.Formatter(fmt))
    with STATE.lock:
        saved = [log.level for log in loggers]
        for log in loggers:
            if STATE.switched(log.name) is None:
                log.setLevel(number)
            for each in added:
                log.addHandler(each)
    try:
        yield
    finally:
        with STATE.lock:
            for log, old in zip(loggers, saved, strict=True):
                # a level other than ours: torch's set_logs reset it meanwhile, keep that
                if log.level == number:
                    log.setLevel(old)
                for each in added:
                    log.removeHandler(each)
            for each in added:
                each.close()


def set_verbose(logger: logging.Logger) -> None:
    """``logger`` at DEBUG, on stderr as ``basicConfig()`` did if nothing shows it."""
    logger.setLevel(logging.DEBUG)
    if not logger.hasHandlers() and not STATE.asked():  # basicConfig's default format
        logger.addHandler(shown := logging.StreamHandler())
        shown.setFormatter(logging.Formatter(logging.BASIC_FORMAT))
        shown.addFilter(lambda _: not logging.root.handlers)  # else the root shows it


def warn(
    logger: logging.Logger,
    message: str | Warning,
    category: type[Warning] | None = None,
    stacklevel: int = 1,
    source: object = None,
) -> None:
    """``warnings.warn`` from the caller's line, unless ``-<component>`` switched it off."""
    always = issubclass(category or type(message), (DeprecationWarning, FutureWarning))
    if always or (STATE.switched(logger.name) or 0) <= logging.WARNING:
        warnings.warn(message, category, max(stacklevel, 1) + 1, source)
