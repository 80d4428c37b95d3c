"""`bash scripts/demo.sh` as the README runs it: it completes, shows the migration, and leaves
no temporary folder behind. Slow (about a minute:
torch starts a dozen times), so marked e2e."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def _demo(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    scratch = tmp_path / "tmp"
    scratch.mkdir(exist_ok=True)
    full_env = {**os.environ, "TMPDIR": str(scratch), **env}
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / "demo.sh")],
        env=full_env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_the_demo_runs_and_cleans_up_its_temp_folder(tmp_path: Path) -> None:
    done = _demo(tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "6. a second run changes nothing" in done.stdout and "nothing to do" in done.stdout
    assert "WhyNoPartition" in done.stdout  # TORCH_LOGS=xnnpack after the migration
    assert list((tmp_path / "tmp").iterdir()) == []  # mktemp's folder is gone
