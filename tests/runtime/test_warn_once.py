"""warn_once: once per (call site, message), call site chosen by stacklevel like warnings.warn."""

from __future__ import annotations

import logging

import pytest

from et_log_runtime import warn_once

LOG = logging.getLogger("tests.runtime.warn_once")


def _lines(caplog: pytest.LogCaptureFixture) -> list[tuple[str, int, str]]:
    return [(r.levelname, r.lineno, r.getMessage()) for r in caplog.records]


def _helper(message: str) -> None:
    warn_once(LOG, message, stacklevel=2)  # the caller's line is the site


def test_loop_of_1000_logs_once(caplog: pytest.LogCaptureFixture) -> None:
    for node in range(1000):
        warn_once(LOG, "node not partitioned")
        assert node >= 0
    assert [m for _, _, m in _lines(caplog)] == ["node not partitioned"]
    assert caplog.records[0].levelno == logging.WARNING
    assert caplog.records[0].filename == "test_warn_once.py"


def test_different_messages_and_sites_are_separate(caplog: pytest.LogCaptureFixture) -> None:
    for name in ["a", "b", "a", "b"]:
        warn_once(LOG, f"unsupported op {name}")
    warn_once(LOG, "unsupported op a")  # same text, another line: another site
    assert [m for _, _, m in _lines(caplog)] == [
        "unsupported op a",
        "unsupported op b",
        "unsupported op a",
    ]


def test_stacklevel_picks_the_callers_line(caplog: pytest.LogCaptureFixture) -> None:
    for _ in range(3):
        _helper("via helper")
        line_a = _helper.__code__.co_firstlineno  # noqa: F841 - keeps the loop body two lines
    _helper("via helper")
    records = caplog.records
    assert [r.getMessage() for r in records] == ["via helper", "via helper"]
    assert records[0].funcName == "test_stacklevel_picks_the_callers_line"
    assert records[1].lineno == records[0].lineno + 2  # each record points at its calling line


def test_warning_instance_and_category(caplog: pytest.LogCaptureFixture) -> None:
    warn_once(LOG, RuntimeWarning("slow path"))
    warn_once(LOG, "plain", category=RuntimeWarning)
    assert [m for _, _, m in _lines(caplog)] == ["slow path", "plain"]


def test_disabled_logger_does_not_use_up_the_once(caplog: pytest.LogCaptureFixture) -> None:
    quiet = logging.getLogger("tests.runtime.warn_once.quiet")
    quiet.setLevel(logging.ERROR)
    try:
        for level in (logging.ERROR, logging.NOTSET):
            quiet.setLevel(level)
            warn_once(quiet, "shown when enabled")
    finally:
        quiet.setLevel(logging.NOTSET)
    assert [m for _, _, m in _lines(caplog)] == ["shown when enabled"]


def test_stacklevel_edges(caplog: pytest.LogCaptureFixture) -> None:
    line = test_stacklevel_edges.__code__.co_firstlineno
    warn_once(LOG, "zero counts as one", stacklevel=0)
    for _ in range(2):
        warn_once(LOG, "beyond the stack", stacklevel=10_000)
    records = caplog.records
    assert [r.getMessage() for r in records] == ["zero counts as one", "beyond the stack"]
    assert records[0].lineno == line + 2
