"""pytest plugin (``pytest11`` entry point): make ``caplog`` see ExecuTorch component logs.

torch gives every registered logger its own stderr handler and ``propagate=False``, so records never
reach the root logger where pytest's ``caplog`` listens (pytest issue 3697). pytest >= 9.2 attaches
its capture handlers to loggers that are non-propagating when a test phase starts, but not to those
that become so mid-phase (torch imported inside the test), and older pytest not at all. This plugin
keeps pytest's handlers off our disabled artifact loggers, forwards our component loggers' records to pytest's capture handlers that are not attached already,
and during each phase lifts the WARNING default et-log put on the ``executorch`` logger, so
``caplog.set_level`` decides as it does for plain loggers.
Loggers of torch itself are left alone. Importing this module is cheap and never imports torch.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from _pytest.logging import LogCaptureHandler

__all__ = ["ForwardToCaplog"]


class ForwardToCaplog(logging.Handler):
    """Hands records of a non-propagating logger to pytest's capture handlers on the root logger."""

    def __init__(self, owner: logging.Logger) -> None:
        super().__init__(logging.NOTSET)
        self.owner = owner

    def emit(self, record: logging.LogRecord) -> None:
        if self.owner.propagate:
            return  # the record reaches the root handlers by itself
        attached = self.owner.handlers  # pytest >= 9.2 attaches to such loggers at phase start
        for handler in logging.getLogger().handlers:
            if (
                isinstance(handler, LogCaptureHandler)
                and handler not in attached
                and record.levelno >= handler.level
            ):
                handler.handle(record)


def _component_loggers() -> list[logging.Logger]:
    from et_log_runtime import registry

    if registry.torch_internal() is None:
        return []  # without torch our loggers propagate normally; caplog already works
    return [logging.getLogger(qname) for qnames in registry.components.values() for qname in qnames]


def _attach_forwarders() -> None:
    for log in _component_loggers():
        if not any(isinstance(h, ForwardToCaplog) for h in log.handlers):
            log.addHandler(ForwardToCaplog(log))
    if _in_phase:
        _relax_defaults()


_in_phase = False
_relaxed: list[logging.Logger] = []


def _relax_defaults() -> None:
    from et_log_runtime import registry

    for log in map(logging.getLogger, registry.defaulted_parents()):
        if log.level == logging.WARNING and log not in _relaxed:
            log.setLevel(logging.NOTSET)
            _relaxed.append(log)


def pytest_configure(config: pytest.Config) -> None:
    from et_log_runtime import registry

    if _attach_forwarders not in registry.after_push:
        registry.after_push.append(_attach_forwarders)  # torch imported later, mid-test


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _capturing())


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _capturing())


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    return (yield from _capturing())


def _silence_disabled_artifacts() -> None:
    """pytest >= 9.2 also attaches to our off artifact loggers (non-propagating): undo that."""
    from et_log_runtime import registry

    internal = registry.torch_internal()
    if internal is None:
        return
    for qname in internal.log_registry.get_artifact_log_qnames():
        log = logging.getLogger(qname)
        if getattr(log, "artifact_name", None) in registry.artifacts and not log.propagate:
            for handler in [h for h in log.handlers if isinstance(h, LogCaptureHandler)]:
                log.removeHandler(handler)


def _capturing() -> Iterator[None]:
    global _in_phase
    _in_phase = True
    _attach_forwarders()
    _silence_disabled_artifacts()
    try:
        return (yield)
    finally:
        _in_phase = False
        for log in _relaxed:
            if log.level == logging.NOTSET:
                log.setLevel(logging.WARNING)
        _relaxed.clear()
