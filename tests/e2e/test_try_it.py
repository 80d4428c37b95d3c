"""Issue 32's "try it" on the released wheel: ``et-log-try DIR`` migrates a copy of the installed
executorch, the line it prints puts the copy first on PYTHONPATH, and the seed's scenario then
works on the user's own install (TORCH_LOGS names a backend, its why-not lines, the record read
back by et-log-report); undoing it (``rm -rf DIR``) leaves the install as pip left it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from harness.wheel_env import WheelEnv, child_base_env, tree_hash

pytestmark = pytest.mark.e2e

EXPORT = """
import torch
from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
from executorch.exir import to_edge_transform_and_lower


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        return torch.pow(self.linear(x), 3)


program = torch.export.export(Model(), (torch.randn(2, 8),))
to_edge_transform_and_lower(program, partitioner=[XnnpackPartitioner()]).to_executorch()
print("lowered")
"""


def _run(wheel: WheelEnv, args: list[str], cwd: Path, path: str, **env: str):
    full = {**child_base_env(), "PYTHONPATH": path, **env}
    return subprocess.run(
        [str(wheel.python), *args], cwd=cwd, env=full, capture_output=True, text=True, timeout=900
    )


def test_try_it_migrates_a_copy_and_undo_leaves_the_install(wheel: WheelEnv, tmp_path) -> None:
    before = tree_hash(wheel.executorch_dir)
    folder = tmp_path / "et-log-try"
    made = _run(wheel, ["-m", "codemods.try_it", str(folder)], tmp_path, str(wheel.et_log_dir))
    assert made.returncode == 0, made.stdout + made.stderr
    (export_line,) = [
        line.strip() for line in made.stdout.splitlines() if "export PYTHONPATH=" in line
    ]
    assert export_line == f"export PYTHONPATH={folder}${{PYTHONPATH:+:$PYTHONPATH}}", export_line
    assert not (folder / "executorch" / "logs").exists()  # et-log's runtime, not vendored

    (tmp_path / "your_export.py").write_text(EXPORT, encoding="utf-8")
    record = tmp_path / "record.json"
    path = os.pathsep.join([str(folder), str(wheel.et_log_dir)])  # what the printed line makes
    lowered = _run(
        wheel,
        ["your_export.py"],
        tmp_path,
        path,
        TORCH_LOGS="xnnpack",
        EXECUTORCH_DELEGATION_RECORD=str(record),
    )
    assert lowered.returncode == 0 and "lowered" in lowered.stdout, lowered.stderr[-3000:]
    assert re.search(
        r"XnnpackPartitioner: \w*pow\w* \(aten\.pow\.Tensor_Scalar\) stays on the CPU",
        lowered.stderr,
    ), lowered.stderr[-3000:]
    (run,) = json.loads(record.read_text(encoding="utf-8"))["runs"]
    assert run["partitioner"] == "XnnpackPartitioner" and run["delegated"] >= 1
    shown = _run(
        wheel, ["-m", "et_log_report", "show", str(record)], tmp_path, str(wheel.et_log_dir)
    )
    assert shown.returncode == 0 and "XNN.CONSTRAINT" in shown.stdout, shown.stdout + shown.stderr

    shutil.rmtree(folder)  # the undo the command prints
    assert tree_hash(wheel.executorch_dir) == before  # pip's install was never touched
    plain = _run(wheel, ["your_export.py"], tmp_path, str(wheel.et_log_dir), TORCH_LOGS="xnnpack")
    assert plain.returncode == 0 and "lowered" in plain.stdout, plain.stderr[-3000:]
    assert "stays on the CPU" not in plain.stderr  # the pristine package: no why-not lines
