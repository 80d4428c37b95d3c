"""The partition run with real torch fx graphs: one table per run on ``partition_report``, one INFO
line per node left on the CPU on the component of the partitioner that ran, nothing kept while off."""

from __future__ import annotations

import json
import sys

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
from et_log_runtime import get_logger
from et_log_runtime.partition_report import report_rejection, run_partitioner

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
if sys.argv[2:3] and sys.argv[2].startswith("app="):  # an application's own logging setup
    logging.basicConfig(level=sys.argv[2][4:], format="%(levelname)s %(name)s: %(message)s")
if sys.argv[2:] == ["verbose"]:  # a partitioner's verbose flag sets its module's own level
    logging.getLogger(sys.argv[1]).setLevel(logging.DEBUG)
program = Program(torch.fx.symbolic_trace(Model()))
print("calls:", sorted(n.name for n in program.graph_module.graph.nodes if n.op == "call_function"))
run_partitioner(DemoPartitioner(), program)
from et_log_runtime import partition_report  # white box: is anything kept while nobody reads?
probe = partition_report.PartitionRun(DemoPartitioner())
partition_report._open.run = probe
report_rejection(vulkan, next(iter(program.graph_module.graph.nodes)), "kept?")
partition_report._open.run = None
print("live:", probe.live)
print("kept:", sum(len(r) for r in probe.reasons.values()))
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
    assert report[1].split() == ["node", "target", "code", "reason"]
    rows = [m.split() for m in report[2:]]
    assert rows == [
        ["sort", "sort", "UNSPECIFIED", "no", "operator", "implementation"],
        ["trunc", "trunc", "NONE_GIVEN", "no", "reason", "given", "by", "DemoPartitioner"],
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
    why = _run(run, "my_project.partition", "executorch")  # its why-not: on ExecuTorch's core,
    assert "DemoPartitioner: sort (sort) stays on the CPU" in why.stderr, why.stderr
    silent = _run(run, "my_project.partition", "-executorch")  # not on the application's logger
    assert "stays on the CPU" not in silent.stderr, silent.stderr


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
from et_log_runtime import get_logger
from et_log_runtime.partition_report import report_rejection, run_partitioner

xnnpack = get_logger("executorch.backends.xnnpack.partition.config.gemm_configs")
graph = torch.fx.symbolic_trace(lambda x: torch.pow(x, 3))
node = [n for n in graph.graph.nodes if n.op == "call_function"][0]
report_rejection(xnnpack, node, "only support power == 2, got 3")
report_rejection(None, node, "no logger: not logged")


class WebGPUPartitioner:
    def __init__(self, fail=False):
        self.fail = fail

    def __call__(self, program):
        worker = threading.Thread(target=report_rejection, args=(xnnpack, node, "other thread"))
        worker.start()
        worker.join()
        report_rejection(xnnpack, node, "in this run")
        if self.fail:
            raise RuntimeError("partitioner failed")
        return None


WebGPUPartitioner.__module__ = "executorch.backends.webgpu.partitioner.partitioner"
run_partitioner(WebGPUPartitioner(), None)
try:
    run_partitioner(WebGPUPartitioner(fail=True), None)
except RuntimeError:
    pass
report_rejection(xnnpack, node, "after the runs")
"""


def test_outside_a_run_the_reason_is_logged_at_once_on_the_backend_at_debug(run) -> None:
    quiet = run(OUTSIDE, TORCH_LOGS="xnnpack")
    assert quiet.returncode == 0 and messages(quiet.stderr) == [], quiet.stderr
    proc = run(OUTSIDE, TORCH_LOGS="+xnnpack,webgpu")
    assert proc.returncode == 0, proc.stderr
    assert messages(proc.stderr) == [
        "pow_1 (pow) not delegated: only support power == 2, got 3",
        "pow_1 (pow) not delegated: other thread",  # another thread is not inside the run
        "pow_1 (pow) not delegated: other thread",
        "pow_1 (pow) not delegated: after the runs",  # a failed run emits nothing, and ends
    ], proc.stderr


# An application that shows DEBUG for one module's logger (not the component's): inside a run
# that shows no reasons the backend's line still reaches that logger, as its old debug line did.
MODULE_DEBUG = """
import logging
logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
logging.getLogger("executorch.backends.xnnpack.partition.config").setLevel(logging.DEBUG)
""" + OUTSIDE.replace("run_partitioner(WebGPUPartitioner(fail=True), None)", "pass")


def test_a_module_logger_at_debug_still_gets_each_reason_inside_a_run(run) -> None:
    proc = run(MODULE_DEBUG)
    assert proc.returncode == 0, proc.stderr
    name = "executorch.backends.xnnpack.partition.config.gemm_configs"
    assert f"{name}: pow_1 (pow) not delegated: in this run" in proc.stderr.splitlines()
    shown = run(MODULE_DEBUG, TORCH_LOGS="webgpu")  # the run keeps it: no line of its own
    assert "not delegated: after the runs" in shown.stderr, shown.stderr
    assert "not delegated: in this run" not in shown.stderr


# torch.export keeps each node's source line; a backend reports a stable code with its reason.
RECORD = """
import json, os, sys
import torch
from et_log_runtime import get_logger
from et_log_runtime.partition_report import delegation_records, report_rejection, run_partitioner

xnnpack = get_logger("executorch.backends.xnnpack.partition.config.gemm_configs")


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x):
        y = self.linear(x)
        return torch.pow(y, 3)


class Result:
    def __init__(self, program, tags):
        self.tagged_exported_program, self.partition_tags = program, tags


class XnnpackPartitioner:
    def __call__(self, program):
        for node in program.graph_module.graph.nodes:
            if node.op == "call_function" and "linear" in node.name:
                node.meta["delegation_tag"] = "tag0"
            elif node.op == "call_function":
                report_rejection(xnnpack, node, "only support power == 2, got 3", "XNN.CONSTRAINT")
        return Result(program, {"tag0"})


XnnpackPartitioner.__module__ = "executorch.backends.xnnpack.partition.xnnpack_partitioner"
program = torch.export.export(Model(), (torch.randn(2, 4),))
with delegation_records() as runs:
    run_partitioner(XnnpackPartitioner(), program)
print(json.dumps(runs))
"""


def test_the_record_of_a_run(run, tmp_path) -> None:
    path, model = tmp_path / "record.json", tmp_path / "export_model.py"
    model.write_text(RECORD, encoding="utf-8")  # torch.export reads source lines from a file
    proc = run(None, [str(model)], EXECUTORCH_DELEGATION_RECORD=str(path))
    assert proc.returncode == 0, proc.stderr
    (record,) = json.loads(proc.stdout)
    assert json.loads(path.read_text(encoding="utf-8")) == {"schema": 1, "runs": [record]}
    assert (record["partitioner"], record["component"]) == ("XnnpackPartitioner", "xnnpack")
    assert (record["partitions"], record["operators"], record["delegated"]) == (1, 2, 1)
    linear, pow_node = record["nodes"]
    assert linear["partition"] == "tag0" and linear["reasons"] == []
    assert pow_node["target"] == "aten.pow.Tensor_Scalar" and pow_node["partition"] is None
    assert pow_node["reasons"] == [
        {"code": "XNN.CONSTRAINT", "text": "only support power == 2, got 3"}
    ]
    source = pow_node["source"]
    assert (source["file"], source["code"]) == (str(model), "return torch.pow(y, 3)")
    assert source["line"] == RECORD.splitlines().index("        return torch.pow(y, 3)") + 1
    assert linear["source"]["code"] == "y = self.linear(x)"  # the user's line, not nn.Linear's
    assert linear["source"]["module"] == "linear"
    assert messages(proc.stderr) == []  # recording prints nothing


def test_an_edge_operator_is_named_as_the_aten_operator_it_wraps() -> None:
    """ExecuTorch's EdgeOpOverload has a schema of its own and a long str(); the record, the
    table and the why-not lines name the ATen overload it wraps (``_op``)."""
    import torch

    from et_log_runtime.partition_report import target_name

    class EdgeOpOverload:  # the shape of exir.dialects.edge._ops.EdgeOpOverload
        _op = torch.ops.aten.pow.Tensor_Scalar
        _schema = _op._schema

        def __str__(self) -> str:
            return f"<EdgeOpOverload: {self._op}>: schema = {self._schema}"

    assert target_name(EdgeOpOverload()) == "aten.pow.Tensor_Scalar"
    assert target_name(torch.ops.aten.pow.Tensor_Scalar) == "aten.pow.Tensor_Scalar"
    assert target_name(torch.relu) == "relu"


@pytest.mark.parametrize("level", ["INFO", "DEBUG"])
def test_an_application_s_own_logging_gets_the_why_not_at_debug(run, level) -> None:
    """Nothing of ours named (no TORCH_LOGS, no set_logs): an application at INFO sees no new
    line per node left on the CPU; at DEBUG it sees each, on the component, as a DEBUG record."""
    proc = _run(run, WEBGPU, None, f"app={level}")
    why = [line for line in proc.stderr.splitlines() if "stays on the CPU" in line]
    if level == "INFO":
        assert why == [], proc.stderr
    else:
        assert why and all(w.startswith("DEBUG executorch.backends.webgpu: ") for w in why), why


QUANTIZED = """
import json, operator
import torch
import torch.ao.quantization.fx._decomposed  # registers quantized_decomposed
from et_log_runtime import get_logger
from et_log_runtime.partition_report import delegation_records, report_rejection, run_partitioner

xnnpack = get_logger("executorch.backends.xnnpack.partition.config.gemm_configs")
qd = torch.ops.quantized_decomposed


class Model(torch.nn.Module):
    def forward(self, x):
        q = qd.quantize_per_tensor(x, 0.1, 0, -128, 127, torch.int8)
        y = qd.dequantize_per_tensor(q, 0.1, 0, -128, 127, torch.int8)
        values, _ = torch.sort(torch.pow(y, 3))
        return values


class Result:
    def __init__(self, program, tags):
        self.tagged_exported_program, self.partition_tags = program, tags


class XnnpackPartitioner:
    def __call__(self, program):
        for node in program.graph_module.graph.nodes:
            if node.op == "call_function" and node.target is operator.getitem:
                report_rejection(xnnpack, node, "no config for getitem", "NO_CONFIG")
            elif node.op == "call_function" and "pow" not in node.name:
                node.meta["delegation_tag"] = "tag0"
        return Result(program, {"tag0"})


XnnpackPartitioner.__module__ = "executorch.backends.xnnpack.partition.xnnpack_partitioner"
with delegation_records() as runs:
    run_partitioner(XnnpackPartitioner(), torch.export.export(Model(), (torch.randn(2, 4),)))
print(json.dumps(runs))
"""


def test_quantization_and_bookkeeping_nodes_are_recorded_but_not_counted(run, tmp_path) -> None:
    """Issue 32: coverage counts the model's operators (pow, sort), not the quantize/dequantize
    nodes around them; a getitem is BOOKKEEPING whatever its backend said; a node of the
    top module has no module path (null, not "")."""
    model = tmp_path / "export_model.py"
    model.write_text(QUANTIZED, encoding="utf-8")
    proc = run(None, [str(model)])
    assert proc.returncode == 0, proc.stderr
    ((record,),) = [json.loads(proc.stdout)]
    targets = [entry["target"] for entry in record["nodes"]]
    assert targets[:2] == [
        "quantized_decomposed.quantize_per_tensor.default",
        "quantized_decomposed.dequantize_per_tensor.default",
    ], targets
    assert (record["operators"], record["delegated"]) == (2, 1)  # pow left, sort taken
    getitems = [entry for entry in record["nodes"] if entry["target"] == "getitem"]
    assert getitems and all(
        entry["reasons"] == [{"code": "BOOKKEEPING", "text": "getitem follows the node it reads"}]
        for entry in getitems
        if entry["partition"] is None
    ), getitems
    assert any(entry["partition"] is None for entry in getitems), getitems
    pow_node = next(entry for entry in record["nodes"] if entry["target"].startswith("aten.pow"))
    assert pow_node["source"]["module"] is None


def test_an_executorch_that_does_not_report_raises_instead_of_an_empty_list(monkeypatch) -> None:
    """A block that lowered through an ExecuTorch whose backend_api does not call
    run_partitioner (not migrated) would give [] and a gate would pass on nothing: it raises,
    naming where that ExecuTorch was imported from; a migrated one that ran nothing gives []."""
    from types import ModuleType

    from et_log_runtime import partition_report
    from et_log_runtime.partition_report import BACKEND_API, delegation_records

    pristine = ModuleType(BACKEND_API)
    pristine.__file__ = "/somewhere/executorch/exir/backend/backend_api.py"
    monkeypatch.setitem(sys.modules, BACKEND_API, pristine)
    with pytest.raises(RuntimeError, match=r"imported from /somewhere/executorch/.*not migrated"):
        with delegation_records():
            pass
    pristine.run_partitioner = partition_report.run_partitioner  # as the recipe imports it
    with delegation_records() as runs:
        pass
    assert runs == []
    monkeypatch.delitem(sys.modules, BACKEND_API)
    with delegation_records() as runs:  # nothing of ExecuTorch imported: nothing lowered
        pass
    assert runs == []


def test_naming_another_component_keeps_the_why_not_at_debug(run) -> None:
    """TORCH_LOGS names XNNPACK; WebGPU's partitioner runs: an application at INFO sees no
    per-node line of WebGPU's, which stays a plain library logger (its run logs at DEBUG)."""
    proc = _run(run, WEBGPU, "xnnpack", "app=INFO")
    why = [line for line in proc.stderr.splitlines() if "stays on the CPU" in line]
    assert why == [], proc.stderr
    shown = _run(run, WEBGPU, "webgpu", "app=INFO")  # named: its INFO lines, by torch
    assert any("stays on the CPU" in line for line in shown.stderr.splitlines()), shown.stderr
