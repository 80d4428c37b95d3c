"""The artifact emitters with real torch: partition_report tables and artifact_enabled."""

from __future__ import annotations

import pytest

PARTITION = """
import logging
import torch
from et_log_runtime import artifact_enabled, emit_partition_report, get_artifact_logger
from et_log_runtime import get_logger, report_rejection

backend = get_logger("executorch.backends.xnnpack.partition.config.gemm_configs")


class Node:
    def __init__(self, name, target):
        self.name, self.target = name, target

    def __str__(self):
        return self.name


class Partition:
    nodes = ["a", "b"]


report_rejection(backend, Node("aten_pow", "aten.pow.Tensor_Scalar"), "power == 2 only")
emit_partition_report("executorch.exir.backend.p", "DemoPartitioner", [Partition()])
graph = get_artifact_logger("executorch.backends.xnnpack.s", "xnnpack_graph")
print("graph-enabled:", artifact_enabled(graph))
"""


@pytest.mark.parametrize("setting", ["partition_report", "+executorch,+xnnpack", None])
def test_partition_report_only_when_named(run, setting) -> None:
    env = {} if setting is None else {"TORCH_LOGS": setting}
    proc = run(PARTITION, **env)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if "__partition_report" in line]
    if setting != "partition_report":
        assert lines == [] and "graph-enabled: False" in proc.stdout
        return
    assert (
        "DemoPartitioner: 1 partition(s), 2 node(s) delegated; 1 node(s) not partitioned"
        in (lines[0])
    )
    assert any(
        "xnnpack" in row and "aten_pow" in row and "power == 2 only" in row for row in lines
    ), lines
    assert "graph-enabled: False" in proc.stdout


def test_artifact_enabled_follows_the_name(run) -> None:
    proc = run(PARTITION, TORCH_LOGS="xnnpack_graph")
    assert "graph-enabled: True" in proc.stdout, proc.stderr


def test_rejections_are_not_kept_while_the_report_is_off(run) -> None:
    code = PARTITION + (
        "\nfrom et_log_runtime import artifacts\nprint('kept:', len(artifacts._rows()))\n"
    )
    assert "kept: 0" in run(code).stdout
