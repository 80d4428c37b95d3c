"""The partition run with real torch fx graphs: one table per run on ``partition_report``, one INFO
line per node left on the CPU on the component of the partitioner that ran, nothing kept while off."""

from __future__ import annotations

import pytest
from runtime_support import messages

# A small traced graph, a partitioner that tags relu and add and reports why sort is rejected on
# Vulkan's logger (the way WebGPU runs Vulkan's code); trunc stays without a reason.
GRAPH = """
import logging
import operator
import sys
import threading
import torch
from et_log_runtime import get_logger, partition_run, report_rejection, run_partitioner
from et_log_runtime import partition_report

vulkan = get_logger("executorch.backends.vulkan.partitioner.vulkan_partitioner")


class Model(torch.nn.Module):
    def forward(self, x):
        y = torch.relu(x)
        values = torch.sort(y)[0]
        return torch.trunc(values) + y


class Program:
    def __init__(self, graph_module):
        self.graph_module = graph_module


class Result:
    def __init__(self, program, tags):
        self.tagged_exported_program, self.partition_tags = program, tags


class DemoPartitioner:
    def __call__(self, program):
        for node in program.graph_module.graph.nodes:
            if node.op != "call_function":
                continue
            if node.target in (torch.relu, operator.add):
                node.meta["delegation_tag"] = "tag0"
            elif node.target is torch.sort:
                report_rejection(vulkan, node, "no operator implementation")
                report_rejection(vulkan, node, "no operator implementation")
        return Result(program, {"tag0": "spec"})


DemoPartitioner.__module__ = sys.argv[1]
if sys.argv[2:] == ["verbose"]:  # a partitioner's verbose flag sets its module's own level
    logging.getLogger(sys.argv[1]).setLevel(logging.DEBUG)
program = Program(torch.fx.symbolic_trace(Model()))
print("calls:", sorted(n.name for n in program.graph_module.graph.nodes if n.op == "call_function"))
run_partitioner(DemoPartitioner(), program)
with partition_run(DemoPartitioner()) as run:
    print("live:", run.live)
    report_rejection(vulkan, next(iter(program.graph_module.graph.nodes)), "kept?")
    print("kept:", sum(len(r) for r in run.reasons.values()))
"""

WEBGPU = "executorch.backends.webgpu.partitioner.partitioner"


def _run(run, module: str, setting: str | None, *extra: str):
    env = {} if setting is None else {"TORCH_LOGS": setting}
    proc = run(None, ["-c", GRAPH, module, *extra], **env)
    assert proc.returncode == 0, proc.stderr
    return proc


def test_the_report_lists_every_node_left_on_the_cpu_with_its_reason(run) -> None:
    proc = _run(run, WEBGPU, "partition_report")
    assert "calls: ['add', 'getitem', 'relu', 'sort', 'trunc']" in proc.stdout
    report = messages(proc.stderr)
    assert report[0] == (
        "DemoPartitioner: 1 partition(s), 2 node(s) delegated; 2 node(s) not partitioned "
        "[component webgpu]"
    ), proc.stderr
    rows = [m.split() for m in report[2:]]
    assert rows == [
        ["sort", "sort", "no", "operator", "implementation"],
        ["trunc", "trunc", "no", "reason", "given", "by", "DemoPartitioner"],
    ], report  # getitem is bookkeeping; the same reason twice is one reason
    assert not any("stays on the CPU" in m for m in report)  # webgpu itself is off


def test_the_why_not_goes_to_the_component_of_the_partitioner_that_ran(run) -> None:
    proc = _run(run, WEBGPU, "webgpu")
    assert messages(proc.stderr) == [
        "DemoPartitioner: sort (sort) stays on the CPU: no operator implementation",
        "DemoPartitioner: trunc (trunc) stays on the CPU: no reason given by DemoPartitioner",
    ], proc.stderr
    assert "live: True" in proc.stdout
    assert messages(_run(run, WEBGPU, "vulkan").stderr) == []  # the reason came from Vulkan's code


def test_the_lines_point_at_the_code_that_ran_the_partitioner(run) -> None:
    """torch's format names the file of the call: the core's ``run_partitioner`` call site
    (here the ``-c`` program), never the runtime's own module."""
    lines = [
        line
        for line in _run(run, WEBGPU, "webgpu,partition_report").stderr.splitlines()
        if "]" in line
    ]
    assert lines and all(" <string>:" in line for line in lines), lines
    assert not any("partition_report.py" in line for line in lines), lines


def test_a_core_partitioner_outside_every_component_reports_on_the_core(run) -> None:
    proc = _run(run, "my_project.partition", "partition_report")
    assert "[component my_project.partition]" in proc.stderr, proc.stderr
    assert "executorch/exir/backend" not in proc.stderr  # no file of that name: the runtime's line


@pytest.mark.parametrize(
    ("setting", "extra"), [(None, ()), ("vulkan", ()), ("+executorch", ()), (None, ("verbose",))]
)
def test_nothing_is_kept_or_printed_while_both_are_off(run, setting, extra) -> None:
    proc = _run(run, WEBGPU, setting, *extra)  # verbose: the module's level is not the component's
    assert "live: False" in proc.stdout and "kept: 0" in proc.stdout
    assert not any("CPU" in m for m in messages(proc.stderr)), proc.stderr


OUTSIDE = """
import threading
import torch
from et_log_runtime import get_logger, partition_run, report_rejection

xnnpack = get_logger("executorch.backends.xnnpack.partition.config.gemm_configs")
graph = torch.fx.symbolic_trace(lambda x: torch.pow(x, 3))
node = [n for n in graph.graph.nodes if n.op == "call_function"][0]
report_rejection(xnnpack, node, "only support power == 2, got 3")
report_rejection(None, node, "no logger: not logged")


class WebGPUPartitioner:
    pass


WebGPUPartitioner.__module__ = "executorch.backends.webgpu.partitioner.partitioner"
with partition_run(WebGPUPartitioner()) as run:
    worker = threading.Thread(target=report_rejection, args=(xnnpack, node, "other thread"))
    worker.start()
    worker.join()
    print("in this run:", run.reasons)
try:
    with partition_run(WebGPUPartitioner()) as run:
        report_rejection(xnnpack, node, "before the failure")
        raise RuntimeError("partitioner failed")
except RuntimeError:
    pass
report_rejection(xnnpack, node, "after the runs")
"""


def test_outside_a_run_the_reason_is_logged_at_once_on_the_backend_at_debug(run) -> None:
    quiet = run(OUTSIDE, TORCH_LOGS="xnnpack")
    assert quiet.returncode == 0 and messages(quiet.stderr) == [], quiet.stderr
    proc = run(OUTSIDE, TORCH_LOGS="+xnnpack,webgpu,partition_report")
    assert proc.returncode == 0, proc.stderr
    assert messages(proc.stderr) == [
        "pow_1 (pow) not delegated: only support power == 2, got 3",
        "pow_1 (pow) not delegated: other thread",  # another thread is not inside this run
        "pow_1 (pow) not delegated: after the runs",  # a failed run emits nothing, and ends
    ], proc.stderr
    assert "in this run: {}" in proc.stdout
