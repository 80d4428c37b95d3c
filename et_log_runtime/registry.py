"""Our TORCH_LOGS names and how they are pushed into torch's log registry.

Everything here is stdlib only. torch's registry is touched only through the module object
``torch._logging._internal`` when it is already in ``sys.modules`` (never imported from here).
Registration is idempotent and reports name clashes instead of overwriting torch's names.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterable
from types import ModuleType

from et_log_runtime.components import ARTIFACTS, COMPONENTS, Artifact

__all__ = [
    "problems",
    "register_artifact",
    "register_component",
    "torch_internal",
]

_PUSHED_ATTR = "_et_log_pushed"  # set on torch's LogRegistry: which of our names it holds

components: dict[str, tuple[str, ...]] = dict(COMPONENTS)
artifacts: dict[str, Artifact] = dict(ARTIFACTS)
early_artifact_logs: set[str] = set()  # artifact loggers made before torch was imported
problems: list[str] = []  # every clash reported so far, in order (also written to stderr)
_reported: set[str] = set()
_generation = 0  # bumped on every new name; torch's registry records the generation it has seen
_defaulted_parents: set[str] = set()  # top-level loggers we gave WARNING (quiet by default)
after_push: list[Callable[[], None]] = []  # called when names reach torch (the pytest plugin)


def torch_internal() -> ModuleType | None:
    """``torch._logging._internal`` if torch has loaded it, else None (never imports torch)."""
    return sys.modules.get("torch._logging._internal")


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


def _check_name(kind: str, name: str) -> None:
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"{kind} name must be an identifier such as 'my_backend', got {name!r}")


def register_component(name: str, loggers: str | Iterable[str]) -> bool:
    """Make ``name`` a TORCH_LOGS / set_logs component covering logger(s) ``loggers``.

    Returns True when ``name`` is (now) ours. A clash with an existing name is reported on stderr
    and returns False; nothing is overwritten. Malformed arguments raise ValueError.
    """
    global _generation
    _check_name("component", name)
    qnames = (loggers,) if isinstance(loggers, str) else tuple(loggers)
    bad = [q for q in qnames if not is_qualified_name(q)]
    if not qnames or bad:
        raise ValueError(f"component {name!r} needs dotted logger names, got {loggers!r}")
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
    sync()
    return True


def register_artifact(name: str, description: str, component: str) -> bool:
    """Make ``name`` an off-by-default artifact of ``component`` (see ``get_artifact_logger``).

    Returns True when ``name`` is (now) ours; a clash is reported on stderr and returns False.
    """
    global _generation
    _check_name("artifact", name)
    if component not in components:
        raise ValueError(f"artifact {name!r}: unknown component {component!r}; register it first")
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
    sync()
    return True


def _torch_owns(name: str) -> bool:
    internal = torch_internal()
    if internal is None:
        return False
    reg = internal.log_registry
    pushed = getattr(reg, _PUSHED_ATTR, set())
    return name not in pushed and (reg.is_log(name) or reg.is_artifact(name))


def _clash_text(kind: str, name: str) -> str:
    return (
        f"{kind} {name!r} not registered: torch already registers {name!r}, and et-log never "
        f"overwrites it. Rename the {kind} (et_log_runtime/components.py or register_{kind}())."
    )


def _late_text(name: str) -> str:
    return (
        f"TORCH_LOGS named {name!r} before et-log could register it (TORCH_DEVICE_BACKEND_AUTOLOAD=0"
        f" or torch < 2.13), so torch took it as the package path {name!r}, which covers every"
        f" logger below it. Re-enable autoload, use set_logs(), or run `python -m et_log_runtime"
        f" install-startup-hook` (docs/runtime.md)."
    )


def push_to_torch(internal: ModuleType) -> bool:
    """Register every name torch's registry does not hold yet; True if anything was added.

    Never raises for clashes (reported instead). Does not re-initialise torch's loggers.
    """
    reg = internal.log_registry
    pushed: set[str] | None = getattr(reg, _PUSHED_ATTR, None)
    if pushed is None:
        pushed = set()
        setattr(reg, _PUSHED_ATTR, pushed)
    elif getattr(reg, "_et_log_generation", None) == _generation and not early_artifact_logs:
        return False
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
    for art in artifacts.values():
        if art.name in pushed:
            continue
        if reg.is_log(art.name) or reg.is_artifact(art.name):
            report(_clash_text("artifact", art.name))
            continue
        internal.register_artifact(art.name, art.description, visible=True, off_by_default=True)
        pushed.add(art.name)
        added = True
    untangle_children(reg)
    for qname in sorted(early_artifact_logs):
        reg.register_artifact_log(qname)
        internal.configure_artifact_log(logging.getLogger(qname))
    early_artifact_logs.clear()
    reg._et_log_generation = _generation
    for listener in after_push if added else ():
        try:
            listener()
        except Exception as exc:  # noqa: BLE001 - must never break import torch
            report(f"listener {listener!r} failed: {exc!r}")
    return added


def untangle_children(reg: object) -> None:
    """Keep our component loggers out of torch's "child" set.

    A package path in TORCH_LOGS (``+executorch.backends``) makes torch mark every logger below it as
    a child, and each later re-initialisation turns propagation back on for children: our loggers,
    which have their own handler, would then print every line twice.
    """
    children = reg.child_log_qnames
    for name in getattr(reg, _PUSHED_ATTR, ()):
        for qname in components.get(name, ()):
            children.discard(qname)


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


def sync() -> ModuleType | None:
    """Bring torch's registry up to date with our names, if torch has loaded its logging.

    Runs from the torch hook (before torch parses TORCH_LOGS) and lazily from ``get_logger``,
    ``set_logs`` and late ``register_*`` calls. After torch has set its loggers up once, newly added
    names are applied at once. Returns torch's logging internals, or None when torch is not loaded.
    """
    internal = torch_internal()
    if internal is None:
        return None
    reg = internal.log_registry
    if getattr(reg, "_et_log_generation", None) == _generation and not early_artifact_logs:
        return internal
    if push_to_torch(internal) and getattr(internal, "LOG_TRACE_HANDLER", None) is not None:
        from et_log_runtime import settings  # torch already initialised its logs: redo it

        settings.apply(internal)
    return internal
