"""The artifact switch with real torch: artifact_enabled follows the names in TORCH_LOGS (the
partition_report run itself: test_partition_report.py)."""

from __future__ import annotations

import pytest

PARTITION = """
import torch
from et_log_runtime import artifact_enabled, get_artifact_logger

graph = get_artifact_logger("executorch.backends.xnnpack.s", "xnnpack_graph")
report = get_artifact_logger("executorch.exir.backend.p", "partition_report")
print("graph-enabled:", artifact_enabled(graph))
print("report-enabled:", artifact_enabled(report))
"""


@pytest.mark.parametrize("setting", ["partition_report", "+executorch,+xnnpack", None])
def test_partition_report_only_when_named(run, setting) -> None:
    env = {} if setting is None else {"TORCH_LOGS": setting}
    proc = run(PARTITION, **env)
    assert proc.returncode == 0, proc.stderr
    named = setting == "partition_report"
    assert f"report-enabled: {named}" in proc.stdout
    assert "graph-enabled: False" in proc.stdout


def test_artifact_enabled_follows_the_name(run) -> None:
    proc = run(PARTITION, TORCH_LOGS="xnnpack_graph")
    assert "graph-enabled: True" in proc.stdout, proc.stderr
