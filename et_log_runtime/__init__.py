"""ExecuTorch's loggers as components of torch's logging, switched with ``set_logs``.

Until ``set_logs`` is first called nothing is registered with torch: ExecuTorch's loggers are
plain library loggers, and an application's logging receives their records as it always did.
README.md: the names, the two modes, what torch decides.
"""

import logging
import os

from .names import ARTIFACTS, COMPONENTS, TOP, parse
from .state import STATE
from .torch_api import load

__all__ = ["artifact_enabled", "get_artifact_logger", "get_logger", "set_logs"]


def get_logger(name: str) -> logging.Logger:
    """The logger of module ``name``: ``logging.getLogger(name)``, nothing added to it.

    ExecuTorch's modules make their logger with this function so that each logs under the
    component of its folder (``executorch.backends.xnnpack...`` under ``xnnpack``).
    """
    return logging.getLogger(name)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """Module ``name``'s logger of ``artifact`` (``xnnpack_graph``): off until named in
    ``set_logs``; log its text at DEBUG, after checking ``artifact_enabled``."""
    if artifact not in ARTIFACTS:
        raise ValueError(f"unknown artifact {artifact!r}; known: {sorted(ARTIFACTS)}")
    with STATE.lock:
        api = STATE.registered()
        if api is not None and artifact in STATE.names:
            return api.artifact_logger(name, artifact)
        log = logging.getLogger(f"{name}.__{artifact}")  # the name torch would give it
        log.propagate = False  # off, as torch keeps an artifact nobody named
        if log not in STATE.early_artifacts:
            STATE.early_artifacts.append(log)
        return log


def artifact_enabled(logger: logging.Logger) -> bool:
    """True if artifact ``logger`` prints: skip building a dump nobody will see."""
    return logger.propagate and logger.isEnabledFor(logging.DEBUG)


def _level(name: str, value: object) -> int:
    number = logging.getLevelName(value) if isinstance(value, str) else value
    if type(number) is int and logging.getLevelName(number) != f"Level {number}":
        return number
    raise ValueError(f"set_logs: {name}={value!r} is not a logging level")


def set_logs(*settings: str, **names: int | str | bool | None) -> None:
    """Set ExecuTorch's components and artifacts, as torch's ``set_logs`` sets its own.

    ``set_logs("+xnnpack")`` shows XNNPACK's DEBUG lines, ``"xnnpack"`` its INFO, ``"-xnnpack"``
    only its errors, ``"xnnpack_graph"`` turns that artifact on; keywords work too
    (``set_logs(xnnpack=logging.DEBUG, xnnpack_graph=True)``).
    A name given is registered with torch, which from then on owns its loggers as it owns
    dynamo's: its handler on stderr, no propagation to the application's handlers; the names
    not given stay plain library loggers. Each call replaces ExecuTorch's earlier settings and
    keeps torch's own (dynamo's); while ``TORCH_LOGS`` is set, torch ignores the call (and
    says so).
    """
    wanted: dict[str, object] = dict(names)
    for text in settings:
        if not isinstance(text, str):
            raise TypeError(
                f"set_logs: a setting is a string such as '+xnnpack': {text!r}"
            )
        for name, level in parse(text).items():  # ``-artifact`` switches one off
            wanted[name] = level != logging.ERROR if name in ARTIFACTS else level
    chosen: dict[str, int | bool] = {}
    for name, value in wanted.items():
        if name not in COMPONENTS and name not in ARTIFACTS:
            known = ", ".join(sorted([*COMPONENTS, *ARTIFACTS]))
            raise ValueError(
                f"set_logs: {name!r} is none of ExecuTorch's names ({known}); torch's own "
                "names and module paths go to torch._logging.set_logs"
            )
        if name in ARTIFACTS:
            if not (value is None or isinstance(value, bool)):
                raise ValueError(f"set_logs: {name} is an artifact: give True or False")
            if value:
                chosen[name] = True
        elif value is not None:
            chosen[name] = _level(name, value)
    with STATE.lock:  # torch's set_logs is not thread-safe: ours at least take turns
        # with TORCH_LOGS set torch ignores the call (and warns): register nothing for it
        api = load() if "TORCH_LOGS" in os.environ else STATE.register(wanted)
        # a component registered before and not named now goes back to WARNING, as torch
        # keeps its own top logger: not to whatever level the root has
        earlier = {name: logging.WARNING for name in STATE.names if name in COMPONENTS}
        chosen = {**earlier, **chosen}
        api.set_logs(chosen, [*COMPONENTS, *ARTIFACTS], TOP)
