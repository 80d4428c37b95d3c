"""pytest plugin (``pytest11`` entry point): ``caplog`` and ``assertLogs`` on the root see ExecuTorch.

torch gives every registered logger its own stderr handler and ``propagate=False``, so records
never reach the root logger where ``caplog`` (and ``assertLogs()`` without a name) listens (pytest
issue 3697). The runtime itself hands such records to test-capture handlers on the root
(``destinations.RootCapture``, also outside pytest). This plugin adds what only a test runner
can: during each test phase it lifts the WARNING default et-log put on the ``executorch`` logger,
so ``caplog.set_level(logging.DEBUG)`` or ``assertLogs(level="DEBUG")`` decide as they do for
plain loggers, and it keeps pytest's handlers off our artifact loggers that are switched off.
Loggers of torch itself are left alone. Importing this module is cheap and never imports torch.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from _pytest.logging import LogCaptureHandler

__all__: list[str] = []


_in_phase = False
_relaxed: list[logging.Logger] = []


def _relax_defaults() -> None:
    from . import registry

    for log in map(logging.getLogger, registry.defaulted_parents()):
        if log.level == logging.WARNING and log not in _relaxed:
            log.setLevel(logging.NOTSET)
            _relaxed.append(log)


def _relax_in_phase() -> None:
    if _in_phase:
        _relax_defaults()


def pytest_configure(config: pytest.Config) -> None:
    from . import registry

    if _relax_in_phase not in registry.after_push:
        registry.after_push.append(_relax_in_phase)  # torch imported later, mid-test


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
    from . import registry

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
    _relax_defaults()
    _silence_disabled_artifacts()
    try:
        return (yield)
    finally:
        _in_phase = False
        for log in _relaxed:
            if log.level == logging.NOTSET:
                log.setLevel(logging.WARNING)
        _relaxed.clear()
