"""Nothing written outside the clone and the caches: OpenVINO's and NNCF's telemetry, which write
a client id and usage counts into ~/intel/ on first import, stay off in every process the e2e tests
start (``wheel_env.child_base_env``). Checked in the wheel venv with a throw-away HOME."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from harness.wheel_env import WheelEnv, child_base_env

pytestmark = pytest.mark.e2e

# What a lowering to OpenVINO imports: NNCF (its quantizer) and OpenVINO's converter telemetry.
IMPORTS = (
    "import nncf\n"
    "from openvino.tools.ovc.telemetry_utils import init_ovc_telemetry\n"
    "init_ovc_telemetry()\n"
)


def test_openvino_and_nncf_write_nothing_into_home(wheel: WheelEnv, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {**child_base_env(), "HOME": str(home)}
    done = subprocess.run(
        [str(wheel.python), "-c", IMPORTS], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == []
