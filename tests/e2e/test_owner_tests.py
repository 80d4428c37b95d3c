"""The tests a recipe adds to ExecuTorch's tree (`xnnpack-verbose-tests`), run on the released
wheel: they pass on the migrated copy, and fail where the partitioner is as released (its import
configures the root logger, whose handler holds the stderr of the import)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from harness.child_runs import child_env

pytestmark = pytest.mark.e2e

TESTS = "backends/xnnpack/test/test_xnnpack_partitioner.py"
PARTITIONER = "backends/xnnpack/partition/xnnpack_partitioner.py"
CLASS = "TestXnnpackPartitionerLogging"


def _pytest(wheel, overlay: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    target = f"{overlay / 'executorch' / TESTS}::{CLASS}"
    return subprocess.run(
        [str(wheel.python), "-m", "pytest", "-q", "-p", "no:cacheprovider", target],
        cwd=cwd,
        env=child_env(overlay, None, wheel.et_log_dir),
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_partitioner_s_logging_tests_pass_on_the_migrated_wheel(
    wheel, migrated_overlay: Path, tmp_path: Path
) -> None:
    done = _pytest(wheel, migrated_overlay, tmp_path)
    assert done.returncode == 0 and "5 passed" in done.stdout, done.stdout[-3000:]


def test_the_partitioner_s_logging_tests_fail_on_the_released_partitioner(
    wheel, migrated_overlay: Path, pristine_overlay: Path, tmp_path: Path
) -> None:
    mixed = tmp_path / "mixed"
    shutil.copytree(migrated_overlay, mixed, symlinks=True)
    shutil.copy2(pristine_overlay / "executorch" / PARTITIONER, mixed / "executorch" / PARTITIONER)
    done = _pytest(wheel, mixed, tmp_path)
    assert done.returncode == 1, done.stdout[-3000:]
    for failed in ("import_leaves_the_root_logger", "verbose_prints_its_line_once"):
        assert f"{CLASS}::test_{failed}" in done.stdout, done.stdout[-3000:]
