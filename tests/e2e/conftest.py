"""The cached wheel environment, timings of the e2e steps printed in pytest's terminal summary, and
progress on the terminal while they run (``progress``: each e2e test and each timed step is a
phase, said as it starts and ends, with a heartbeat meanwhile)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from harness import progress
from harness.backend_lowering import (
    MigratedLowerings,
    Side,
    lower_batch,
    migrated_copy,
    pristine_copy,
)
from harness.lower_with_backend import BACKENDS
from harness.partition_runs import PartitionRuns, lower_all
from harness.progress import (  # noqa: F401 (hooks)
    pytest_collection_finish,
    pytest_runtest_logstart,
    pytest_runtest_protocol,
)
from harness.vendored import VendoredCopy, vendored_copy
from harness.wheel_env import WheelEnv, WheelEnvError, ensure_wheel_env

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
def pristine_overlay(wheel: WheelEnv, tmp_path_factory) -> Path:
    """A copy of the installed package as users have it, never migrated (shared)."""
    return pristine_copy(wheel, tmp_path_factory.mktemp("backends-pristine"))


@pytest.fixture(scope="session")
def before_lowerings(wheel: WheelEnv, pristine_overlay: Path, e2e_timings) -> Side:
    """Every partitioner on the unmigrated wheel, one process (shared by every test file)."""
    with e2e_timings.step(f"backends before migration: {len(BACKENDS)} lowerings, one process"):
        runs, whole = lower_batch(wheel, pristine_overlay, BACKENDS, None, with_et_log=False)
    assert whole.returncode == 0, whole.describe()
    return Side(runs, whole)


@pytest.fixture(scope="session")
def migrated_overlay(wheel: WheelEnv, tmp_path_factory, e2e_timings) -> Path:
    """The wheel's package migrated (``exir backends extension devtools``), for the lowerings."""
    with e2e_timings.step("python -m codemods.migrate exir backends extension devtools"):
        overlay, _report = migrated_copy(wheel, tmp_path_factory.mktemp("backends-migrated"))
    return overlay


@pytest.fixture(scope="session")
def mechanical_overlay(wheel: WheelEnv, tmp_path_factory, e2e_timings) -> Path:
    """The wheel's package after class A alone (``migrate --mechanical exir backends extension
    devtools``), its report beside it as ``migration-report.json``."""
    with e2e_timings.step("python -m codemods.migrate --mechanical (on a copy)"):
        copy = tmp_path_factory.mktemp("class-a-after")
        overlay, _report = migrated_copy(wheel, copy, mechanical=True)
    return overlay


@pytest.fixture(scope="session")
def migrated_lowerings(
    wheel: WheelEnv, migrated_overlay: Path, e2e_timings: Timings
) -> MigratedLowerings:
    """Lowerings of the migrated copy per TORCH_LOGS setting, each process run once a session."""
    return MigratedLowerings(wheel, migrated_overlay, e2e_timings.step)


@pytest.fixture(scope="session")
def partition_runs(
    wheel: WheelEnv,
    before_lowerings: Side,
    migrated_overlay: Path,
    tmp_path_factory: pytest.TempPathFactory,
    e2e_timings: Timings,
) -> PartitionRuns:
    """The lowerings test_backends_partition_report.py and test_delegation_record.py share."""
    with e2e_timings.step("partition runs: partition_report, every backend name, webgpu as vulkan"):
        folder = tmp_path_factory.mktemp("partition-runs")
        return lower_all(wheel, folder, before_lowerings.runs, migrated_overlay)


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
