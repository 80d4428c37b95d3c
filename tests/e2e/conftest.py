"""The cached wheel environment, timings of the e2e steps printed in pytest's terminal summary, and
progress on the terminal while they run (``progress``: each e2e test and each timed step is a
phase, said as it starts and ends, with a heartbeat meanwhile)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import progress
import pytest
from partition_runs import PartitionRuns, lower_all
from progress import (  # noqa: F401 (hooks)
    pytest_collection_finish,
    pytest_runtest_logstart,
    pytest_runtest_protocol,
)
from vendored import VendoredCopy, vendored_copy
from wheel_env import WheelEnv, WheelEnvError, ensure_wheel_env

_TIMINGS: list[tuple[str, float]] = []


class Timings:
    """Named wall-clock durations of the e2e steps."""

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        started = time.monotonic()
        try:
            with progress.phase(name):
                yield
        finally:
            _TIMINGS.append((name, time.monotonic() - started))


@pytest.fixture(scope="session")
def e2e_timings() -> Timings:
    return Timings()


@pytest.fixture(scope="session")
def wheel(e2e_timings) -> WheelEnv:
    """The released wheel's cached venv; a failure to install fails the test (never skips it)."""
    with e2e_timings.step("wheel venv ready (cached, or built cold)"):
        try:
            return ensure_wheel_env(log=progress.say)
        except WheelEnvError as error:
            pytest.fail(f"cannot install the released ExecuTorch wheel:\n{error}", pytrace=False)


@pytest.fixture(scope="session")
def partition_runs(
    wheel: WheelEnv, tmp_path_factory: pytest.TempPathFactory, e2e_timings: Timings
) -> PartitionRuns:
    """The lowerings test_backends_partition_report.py and test_delegation_record.py share."""
    with e2e_timings.step("partition runs: every backend before/after, records, diff variants"):
        return lower_all(wheel, tmp_path_factory.mktemp("partition-runs"))


@pytest.fixture(scope="session")
def vendored_wheel(wheel, tmp_path_factory, e2e_timings) -> VendoredCopy:
    """A copy of the wheel's package carrying the runtime, migrated with ``--vendor`` (shared by
    the wheel scenario's vendored mode and the vendored package's own checks)."""
    with e2e_timings.step("codemods.migrate --vendor exir backends extension devtools (on a copy)"):
        copy = vendored_copy(wheel, tmp_path_factory.mktemp("vendored"))
    assert copy.done.returncode == 0, copy.done.stderr[-4000:]
    return copy


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _TIMINGS:
        return
    terminalreporter.section("e2e timings (released ExecuTorch wheel)")
    for name, seconds in _TIMINGS:
        terminalreporter.write_line(f"{seconds:8.1f}s  {name}")
    terminalreporter.write_line(f"{sum(s for _, s in _TIMINGS):8.1f}s  total of the steps above")
