"""Our TORCH_LOGS names and how they are pushed into torch's log registry; the runtime's lock.

Everything here is stdlib only. torch's registry is touched only through the module object
``torch._logging._internal`` when it is already in ``sys.modules`` (never imported from here).
Registration is idempotent and reports name clashes instead of overwriting torch's names.
The bottom of the runtime's import graph: it imports only ``components``. Bringing torch up to
date (names, then settings, then destinations) is ``sync.sync``'s job, not this module's.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any, cast

from .components import ARTIFACTS, COMPONENTS, Artifact

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (import-light)
if TYPE_CHECKING:
    from .torch_api import TorchLogging

__all__ = [
    "LOCK",
    "PACKAGE",
    "add_artifact",
    "add_component",
    "logger_names",
    "problems",
    "torch_internal",
]

# One lock for everything that changes logging state (names, settings, destinations, torch's
# loggers). Re-entrant: set_logs -> torch's _init_logs -> our post-init step all run under it.
LOCK = threading.RLock()
# This package's own name: ``et_log_runtime``, or wherever it was vendored (docs/runtime.md).
PACKAGE = __name__.rpartition(".")[0]

_PUSHED_ATTR = "_et_log_pushed"  # set on torch's LogRegistry: which of our names it holds
_GENERATION_ATTR = "_et_log_generation"  # ... and which generation of our names it has seen

components: dict[str, tuple[str, ...]] = dict(COMPONENTS)
artifacts: dict[str, Artifact] = dict(ARTIFACTS)
early_artifact_logs: set[str] = set()  # artifact loggers made before torch was imported
problems: list[str] = []  # every clash reported so far, in order (also written to stderr)
_reported: set[str] = set()
_generation = 0  # bumped on every new name; torch's registry records the generation it has seen
_defaulted_parents: set[str] = set()  # top-level loggers we gave WARNING (quiet by default)
after_push: list[Callable[[], None]] = []  # called when names reach torch (the pytest plugin)


def torch_internal() -> TorchLogging | None:
    """``torch._logging._internal`` if torch has loaded it, else None (never imports torch)."""
    return cast("TorchLogging | None", sys.modules.get("torch._logging._internal"))


def report(message: str) -> None:
    """Tell the user about a registration problem once, on stderr, without ever raising."""
    if message in _reported:
        return
    _reported.add(message)
    problems.append(message)
    try:
        sys.stderr.write(f"et-log: {message}\n")
    except Exception:  # noqa: BLE001 - a closed stderr must not break import torch
        pass


def is_qualified_name(text: object) -> bool:
    """True for dotted Python names such as ``executorch.backends.xnnpack``."""
    return isinstance(text, str) and all(part.isidentifier() for part in text.split("."))


def _check_name(kind: str, name: object) -> None:
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"{kind} name must be an identifier such as 'my_backend', got {name!r}")


def add_component(name: str, loggers: str | Iterable[str]) -> bool:
    """Record component ``name`` covering ``loggers``; True if it is (now) ours. See control."""
    global _generation
    _check_name("component", name)
    qnames = (loggers,) if isinstance(loggers, str) else tuple(loggers)
    bad = [q for q in qnames if not is_qualified_name(q)]
    if not qnames or bad:
        raise ValueError(f"component {name!r} needs dotted logger names, got {loggers!r}")
    with LOCK:
        if components.get(name) == qnames:
            return True
        if name in components or name in artifacts:
            report(f"component {name!r} not registered: et-log already uses that name")
            return False
        if _torch_owns(name):
            report(_clash_text("component", name))
            return False
        components[name] = qnames
        _generation += 1
    return True


def add_artifact(name: str, description: str, component: str) -> bool:
    """Record artifact ``name`` of ``component``; True if it is (now) ours. See control."""
    global _generation
    _check_name("artifact", name)
    with LOCK:
        if component not in components:
            raise ValueError(
                f"artifact {name!r}: unknown component {component!r}; register it first"
            )
        known = artifacts.get(name)
        if known is not None and known.component == component:
            return True
        if known is not None or name in components:
            report(f"artifact {name!r} not registered: et-log already uses that name")
            return False
        if _torch_owns(name):
            report(_clash_text("artifact", name))
            return False
        artifacts[name] = Artifact(name, component, description)
        _generation += 1
    return True


def logger_names() -> tuple[str, ...]:
    """Every logger a component of ours covers (children follow), sorted; for ``dictConfig``."""
    return tuple(sorted({q for qnames in components.values() for q in qnames}))


def covers(name: str) -> bool:
    """True if logger ``name`` is one of our component loggers or below one."""
    return any(
        name == q or name.startswith(q + ".") for qnames in components.values() for q in qnames
    )


def pushed_qnames(reg: object) -> list[str]:
    """The component loggers of ours that torch's registry holds (clashing names excluded)."""
    pushed = getattr(reg, _PUSHED_ATTR, ())
    return [q for name in pushed for q in components.get(name, ())]


def up_to_date(reg: object) -> bool:
    """True if torch's registry already holds every name we have (the cheap common case)."""
    return getattr(reg, _GENERATION_ATTR, None) == _generation and not early_artifact_logs


def _torch_owns(name: str) -> bool:
    internal = torch_internal()
    if internal is None:
        return False
    reg = internal.log_registry
    pushed: set[str] = getattr(reg, _PUSHED_ATTR, set())
    return name not in pushed and (reg.is_log(name) or reg.is_artifact(name))


def _clash_text(kind: str, name: str) -> str:
    return (
        f"{kind} {name!r} not registered: torch already registers {name!r}, and et-log never "
        f"overwrites it. Rename the {kind} ({PACKAGE}.components or register_{kind}())."
    )


def _late_text(name: str) -> str:
    return (
        f"TORCH_LOGS named {name!r} before et-log could register it (TORCH_DEVICE_BACKEND_AUTOLOAD=0"
        f" or torch < 2.13), so torch took it as the package path {name!r}, which covers every"
        f" logger below it. Re-enable autoload, use set_logs(), or run `python -m {PACKAGE}"
        f" install-startup-hook` (docs/runtime.md)."
    )


def push_to_torch(internal: TorchLogging) -> bool:
    """Register every name torch's registry does not hold yet; True if anything was added.

    Never raises for clashes (reported instead). Does not re-initialise torch's loggers.
    """
    reg = internal.log_registry
    pushed: set[str] | None = getattr(reg, _PUSHED_ATTR, None)
    if pushed is None:
        pushed = set()
        setattr(reg, _PUSHED_ATTR, pushed)
    elif up_to_date(reg):
        return False
    added = _push_components(reg, pushed)
    added = _push_artifacts(internal, pushed) or added
    for qname in sorted(early_artifact_logs):
        reg.register_artifact_log(qname)
        internal.configure_artifact_log(logging.getLogger(qname))
    early_artifact_logs.clear()
    setattr(reg, _GENERATION_ATTR, _generation)
    for listener in after_push if added else ():
        try:
            listener()
        except Exception as exc:  # noqa: BLE001 - must never break import torch
            report(f"listener {listener!r} failed: {exc!r}")
    return added


def _push_components(reg: Any, pushed: set[str]) -> bool:
    added = False
    for name, qnames in components.items():
        if name in pushed:
            continue
        if reg.is_log(name) or reg.is_artifact(name):
            late = reg.log_alias_to_log_qnames.get(name) == [name]  # TORCH_LOGS took it as a path
            report(_late_text(name) if late else _clash_text("component", name))
            continue
        reg.register_log(name, list(qnames))
        pushed.add(name)
        added = True
        for qname in qnames:
            _default_parent_level(qname)
    return added


def _push_artifacts(internal: TorchLogging, pushed: set[str]) -> bool:
    reg, added = internal.log_registry, False
    for art in artifacts.values():
        if art.name in pushed:
            continue
        if reg.is_log(art.name) or reg.is_artifact(art.name):
            report(_clash_text("artifact", art.name))
            continue
        internal.register_artifact(art.name, art.description, visible=True, off_by_default=True)
        pushed.add(art.name)
        added = True
    return added


def _default_parent_level(qname: str) -> None:
    """Give the top-level package logger WARNING (like torch's own ``torch`` logger) if unset.

    torch resets registered loggers to NOTSET, so without this they would follow the root logger's
    level; the user's own setting of that logger, if any, is kept.
    """
    top = qname.split(".", 1)[0]
    if top == qname or top in _defaulted_parents:
        return
    parent = logging.getLogger(top)
    if parent.level == logging.NOTSET:
        parent.setLevel(logging.WARNING)
        _defaulted_parents.add(top)


def defaulted_parents() -> frozenset[str]:
    """The top-level loggers whose WARNING level et-log set (the pytest plugin relaxes them)."""
    return frozenset(_defaulted_parents)
