"""Timings of the end-to-end test, printed in pytest's terminal summary (also under CI)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

_TIMINGS: list[tuple[str, float]] = []


class Timings:
    """Named wall-clock durations of the e2e steps."""

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        started = time.monotonic()
        try:
            yield
        finally:
            _TIMINGS.append((name, time.monotonic() - started))


@pytest.fixture(scope="session")
def e2e_timings() -> Timings:
    return Timings()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _TIMINGS:
        return
    terminalreporter.section("e2e timings (released ExecuTorch wheel)")
    for name, seconds in _TIMINGS:
        terminalreporter.write_line(f"{seconds:8.1f}s  {name}")
    terminalreporter.write_line(f"{sum(s for _, s in _TIMINGS):8.1f}s  total of the steps above")
