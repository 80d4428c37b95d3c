"""Progress shows on the terminal while a long e2e test runs, whatever pytest captures: a child
pytest runs a slow test marked e2e with progress's hooks and a short heartbeat (fast; not e2e)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFTEST = """
from harness import progress
from harness.progress import pytest_collection_finish, pytest_runtest_logstart, pytest_runtest_protocol

progress.QUIET_SECONDS = 0.3
"""
TEST = """
import time

from harness import progress
import pytest


@pytest.mark.e2e
def test_slow():
    print("captured until the end")
    with progress.phase("openvino: lowering after the migration"):
        time.sleep(1.5)


def test_quick():
    pass
"""


def test_a_slow_e2e_test_says_what_it_does_as_it_goes(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (tmp_path / "test_slow.py").write_text(TEST, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-W", "ignore", "-rP"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert all(line.startswith("[e2e ") for line in done.stdout.splitlines() if "[e2e " in line)
    lines = [line for line in done.stdout.splitlines() if line.startswith("[e2e ")]
    said = [line.split("] ", 1)[1] for line in lines]
    assert said[0] == "test_slow.py::test_slow ...", said
    assert said[1] == "openvino: lowering after the migration ...", said
    assert any(
        s.startswith("openvino: lowering after the migration: still running (") for s in said
    )
    assert said[-1].startswith("test_slow.py::test_slow: "), said
    assert not any("test_quick" in s for s in said)  # not marked e2e: no phase
    # said while the test ran, before pytest showed what the test captured
    assert done.stdout.index(lines[-1]) < done.stdout.index("captured until the end")
