"""warn_once: once per (call site, message), call site chosen by stacklevel like warnings.warn."""

from __future__ import annotations

import logging
import sys
import threading
from collections import Counter

import pytest

from et_log_runtime import once, warn_once

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


def _same_site(log: logging.Logger, message: str) -> None:
    warn_once(log, message)


def test_memo_is_bounded_per_site_oldest_forgotten_first(monkeypatch, caplog) -> None:
    monkeypatch.setattr(once, "MAX_MESSAGES_PER_SITE", 3)
    for n in [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]:  # 3 and 4 pushed out 0 and 1; 2 still remembered
        _same_site(LOG, f"node {n}")
    assert [m for _, _, m in _lines(caplog)] == [f"node {n}" for n in [0, 1, 2, 3, 4, 1, 0]]
    monkeypatch.setattr(once, "MAX_MESSAGES_PER_SITE", 1000)
    for n in range(5000):  # a counter in the text: memory stays at the cap for this site
        _same_site(LOG, f"distinct {n}")
    site = [
        k
        for k in once._order
        if k[0] == __file__ and k[1] == _same_site.__code__.co_firstlineno + 1
    ]
    assert len(site) == 1 and len(once._order[site[0]]) == 1000
    assert sum(1 for key in once._seen if key[:3] == site[0]) == 1000


THREADS = 16


class _Count(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.messages: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        self.messages[record.getMessage()] += 1


def test_warn_once_one_line_per_site_under_16_threads() -> None:
    log = logging.getLogger("tests.runtime.threads.warn_once")
    counter = _Count()
    log.addHandler(counter)
    log.propagate = False
    # only the first calls of a round can race, so many short rounds (today's code: 5-20 extra lines)
    rounds = [f"round {n}: op falls back to portable kernels" for n in range(600)]
    barrier = threading.Barrier(THREADS)

    def work() -> None:
        for message in rounds:
            barrier.wait()
            for _ in range(20):
                _same_site(log, message)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work) for _ in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
        log.removeHandler(counter)
    assert counter.messages == Counter(rounds)  # each round's text exactly once
