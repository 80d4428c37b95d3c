"""Where ExecuTorch records go: torch's handler or the application's, test capture, overrides.

torch re-creates its handler on every registered logger, and resets levels and ``propagate``,
each time it (re)initialises its logging. ``arrange`` runs right after every such
initialisation (``sync`` wraps torch's ``_init_logs``) and puts our choices back:

- routing (``route_to_app``): our component loggers drop torch's handler and propagate, so the
  application's own handlers (root, ``executorch``, named in ``dictConfig``) get every record once;
- ``RootCapture`` on each component logger: hands records to a test's capture handler on the root
  (unittest ``assertLogs()``, pytest ``caplog``) when they cannot get there by propagation;
- active ``override_logs`` layers: their level and extra destination, innermost last.

Stdlib only; imports nothing above ``registry``.
"""

from __future__ import annotations

import logging
import sys

from . import registry

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (import-light)
if TYPE_CHECKING:
    from .torch_api import TorchLogging

__all__ = ["ROOT_CAPTURE", "Override", "RootCapture", "arrange", "routed"]

_root = logging.root
_CAPTURE_CLASSES = (
    ("unittest._log", "_CapturingHandler"),
    ("_pytest.logging", "LogCaptureHandler"),
)
_route = False  # route_to_app(): propagate to the application's handlers instead of torch's
generation = 0  # bumped whenever levels were recomputed from the settings (torch init or not)
overrides: list[Override] = []  # active override_logs layers, outermost first


def routed() -> bool:
    """True while ``route_to_app`` is on."""
    return _route


def set_routed(enabled: bool) -> None:
    global _route
    _route = enabled


def _capture_types() -> tuple[type, ...]:
    """Test-capture handler classes of the frameworks already imported (never imports them)."""
    found = []
    for module_name, class_name in _CAPTURE_CLASSES:
        module = sys.modules.get(module_name)
        cls = getattr(module, class_name, None) if module is not None else None
        if isinstance(cls, type):
            found.append(cls)
    return tuple(found)


class RootCapture(logging.Handler):
    """Hands records of non-propagating component loggers to test-capture handlers on the root.

    Inert in production: with no capture handler on the root it returns after one list check.
    One instance (``ROOT_CAPTURE``) serves every component logger.
    """

    def handle(self, record: logging.LogRecord) -> bool:
        handlers = _root.handlers
        if not handlers:
            return False
        types = _capture_types()
        if not types or not any(isinstance(h, types) for h in handlers):
            return False
        reached = []  # handlers the record meets anyway on its way up from where it was logged
        origin = logging.Logger.manager.loggerDict.get(record.name)
        log = origin if isinstance(origin, logging.Logger) else None
        while log is not None:
            reached.extend(log.handlers)
            if log is _root or not log.propagate:
                break
            log = log.parent
        if log is _root:
            return False  # propagation delivers it
        for handler in handlers:
            if isinstance(handler, types) and handler not in reached:
                if record.levelno >= handler.level:
                    handler.handle(record)
        return True

    def emit(self, record: logging.LogRecord) -> None:
        self.handle(record)


ROOT_CAPTURE = RootCapture()


class Override:
    """One active ``override_logs`` layer: a level and extra handlers on some loggers."""

    def __init__(self, level: int, loggers: list[logging.Logger], handlers: list[logging.Handler]):
        self.level = level
        self.loggers = loggers
        self.handlers = handlers
        self.saved: list[int] = []
        self.generation = -1

    def enforce(self) -> None:
        for log in self.loggers:
            log.setLevel(self.level)
            for handler in self.handlers:
                if handler not in log.handlers:
                    log.addHandler(handler)


def push_override(layer: Override) -> None:
    """Activate ``layer`` (innermost); remembers the levels it replaces."""
    with registry.LOCK:
        layer.saved = [log.level for log in layer.loggers]
        layer.generation = generation
        overrides.append(layer)
        layer.enforce()


def pop_override(layer: Override) -> bool:
    """Deactivate ``layer``; True if levels must be recomputed (settings changed meanwhile)."""
    with registry.LOCK:
        if layer in overrides:
            overrides.remove(layer)
        for log in layer.loggers:
            for handler in layer.handlers:
                log.removeHandler(handler)
        if layer.generation != generation:
            return True
        for log, level in zip(layer.loggers, layer.saved, strict=True):
            log.setLevel(level)
        for outer in overrides:
            outer.enforce()
        return False


def _enable_all_below(qnames: list[str]) -> None:
    """Undo ``dictConfig(disable_existing_loggers=True)`` for our loggers (routing asked for them)."""
    prefixes = tuple(q + "." for q in qnames)
    for name, log in list(logging.Logger.manager.loggerDict.items()):
        if isinstance(log, logging.Logger) and log.disabled:
            if name in qnames or name.startswith(prefixes):
                log.disabled = False


def arrange(internal: TorchLogging | None) -> None:
    """Put routing, test capture and overrides back after levels were (re)computed."""
    global generation
    with registry.LOCK:
        generation += 1
        if internal is not None:
            reg = internal.log_registry
            qnames = registry.pushed_qnames(reg)
            for qname in qnames:
                reg.child_log_qnames.discard(qname)  # torch's re-init would make it propagate
                log = logging.getLogger(qname)
                if _route:
                    for handler in [h for h in log.handlers if internal._is_torch_handler(h)]:
                        log.removeHandler(handler)
                log.propagate = _route
                if ROOT_CAPTURE not in log.handlers:
                    log.addHandler(ROOT_CAPTURE)
            if _route:
                _enable_all_below(qnames)
        for layer in overrides:
            layer.enforce()
