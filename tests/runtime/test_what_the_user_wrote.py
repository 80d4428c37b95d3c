"""Issue 45: a node is named as the user wrote it. A float64 ``nn.Linear`` that decomposition
turned into ``permute`` + ``addmm`` is a linear to the record (``written``), its critical table
and ``check --require 'aten.linear.*'``; the WARNING, the why-not lines, the table and the gates
name its module (``head64: Linear``), its dtype and the user's line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runtime_support import messages

from et_log_report.cli import main as report

MODEL = """
import json, os, sys
import torch
from et_log_runtime import get_logger
from et_log_runtime.partition_report import delegation_records, report_rejection, run_partitioner

xnnpack = get_logger("executorch.backends.xnnpack.partition.config.gemm_configs")


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head64 = torch.nn.Linear(4, 3).double()

    def forward(self, x):
        return torch.relu(self.head64(x))


class Result:
    def __init__(self, program, tags):
        self.tagged_exported_program, self.partition_tags = program, tags


class XnnpackPartitioner:  # refuses float64 as XNNPACK's GEMM configs do
    critical_operators = ("aten.linear.*",)  # the addmm is critical only as what it was

    def __call__(self, program):
        for node in program.graph_module.graph.nodes:
            if node.op == "call_function" and node.target == torch.ops.aten.addmm.default:
                report_rejection(xnnpack, node, "invalid dtype", "XNN.DTYPE")
            elif node.target == torch.ops.aten.permute.default and "PERMUTE" in os.environ:
                report_rejection(xnnpack, node, "invalid dtype", "XNN.DTYPE")  # as on the wheel
            elif node.op == "call_function" and node.target == torch.ops.aten.relu.default:
                node.meta["delegation_tag"] = "tag0"
        return Result(program, {"tag0"})


XnnpackPartitioner.__module__ = "executorch.backends.xnnpack.partition.xnnpack_partitioner"
exported = torch.export.export(Model(), (torch.randn(2, 4, dtype=torch.float64),))
program = exported.run_decompositions()  # linear -> permute + addmm, as to_edge does
with delegation_records() as runs:
    run_partitioner(XnnpackPartitioner(), program)
print(json.dumps(runs))
"""
LINE = MODEL.splitlines().index("        return torch.relu(self.head64(x))") + 1
WROTE = "head64: Linear, float64, from aten.linear.default"


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wrote") / "export_model.py"
    path.write_text(MODEL, encoding="utf-8")  # torch.export reads source lines from a file
    return path


def _lower(run, model: Path, **env: str) -> tuple[list[str], dict]:
    proc = run(None, [str(model)], **env)
    assert proc.returncode == 0, proc.stderr
    (record,) = json.loads(proc.stdout)
    return messages(proc.stderr), record


def test_the_record_keeps_what_the_user_wrote(run, model: Path) -> None:
    _, record = _lower(run, model)
    addmm = next(n for n in record["nodes"] if n["target"] == "aten.addmm.default")
    assert (addmm["written"], addmm["dtype"]) == ("aten.linear.default", "float64")
    assert (addmm["source"]["module"], addmm["source"]["module_type"]) == ("head64", "Linear")
    assert addmm["source"]["line"] == LINE
    assert addmm["critical"] is True  # through what it was: the table names no addmm
    relu = next(n for n in record["nodes"] if n["target"] == "aten.relu.default")
    assert "written" not in relu  # not decomposed: what it is is what the user wrote
    assert relu["source"].get("module_type") is None  # written in the top module itself


def test_the_warning_names_the_module_the_dtype_and_the_line(run, model: Path) -> None:
    lines, _ = _lower(run, model)
    (warning,) = [line for line in lines if "critical operator(s)" in line]
    # one operator the user wrote: the permute it also became (no reason of its own) is not a second
    assert warning.startswith("XnnpackPartitioner left 1 critical operator(s) on the CPU: addmm ")
    assert (
        f"(aten.addmm.default, XNN.DTYPE: invalid dtype) at export_model.py:{LINE} ({WROTE})"
        in warning
    ), warning


def test_the_warning_names_the_node_that_computes_the_operator(run, model: Path) -> None:
    """XNNPACK and Arm refuse the permute and the addmm alike: the item is the addmm, the last
    node the linear became (the wheel's permute_copy came first and was named, review of CI)."""
    lines, _ = _lower(run, model, PERMUTE="1")
    (warning,) = [line for line in lines if "critical operator(s)" in line]
    assert warning.startswith("XnnpackPartitioner left 1 critical operator(s) on the CPU: addmm ")


def test_the_why_not_line_and_the_table_carry_the_user_s_line(run, model: Path) -> None:
    lines, _ = _lower(run, model, TORCH_LOGS="xnnpack,partition_report")
    why = [line for line in lines if "addmm" in line and "stays on the CPU" in line]
    assert why == [
        "XnnpackPartitioner: addmm (aten.addmm.default) stays on the CPU: invalid dtype "
        f"(at export_model.py:{LINE}, {WROTE})"
    ], lines
    (row,) = [line for line in lines if line.lstrip().startswith("addmm ")]
    assert row.endswith(f"invalid dtype (at export_model.py:{LINE}, {WROTE})"), row


def test_require_linear_fails_on_the_linear_it_became(run, model: Path, tmp_path, capsys) -> None:
    path = tmp_path / "record.json"
    _lower(run, model, EXECUTORCH_DELEGATION_RECORD=str(path))
    assert report(["check", str(path), "--require", "aten.linear.*"]) == 1
    out = capsys.readouterr().out
    assert (
        f"required aten.linear.*: addmm (aten.addmm.default) at export_model.py:{LINE} ({WROTE}) "
        "stays on the CPU after XnnpackPartitioner: XNN.DTYPE"
    ) in out, out
    assert report(["check", str(path), "--critical"]) == 1
    assert report(["check", str(path), "--require", "aten.relu.*"]) == 0
