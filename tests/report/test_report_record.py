"""Reading a record: the runtime's own output (JSON file and torch trace), and files that are not
records, each refused with the file and the place named."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from report_support import mixed_ops, node, record, run, write

from et_log_report import RecordError, load, parse
from et_log_report.text import render_record, run_table

REPO = Path(__file__).resolve().parents[2]

# A model file (torch.export keeps source lines of files only) lowered by a partitioner shaped
# like XNNPACK's: it tags linear and the relus, rejects pow with a code, and says nothing on sort.
MODEL = textwrap.dedent(
    """
    import sys
    import torch
    from et_log_runtime import get_logger
    from et_log_runtime.partition_report import report_rejection, run_partitioner

    xnnpack = get_logger("executorch.backends.xnnpack.partition.config.generic_node_configs")


    class Model(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(4, 4)

        def forward(self, x):
            y = self.linear(x)
            for _ in range(2):
                y = torch.relu(y)
            values, _ = torch.sort(torch.pow(y, 3))
            return values


    class Result:
        def __init__(self, program, tags):
            self.tagged_exported_program, self.partition_tags = program, tags


    class XnnpackPartitioner:
        def __call__(self, program):
            for node in program.graph_module.graph.nodes:
                if node.op != "call_function":
                    continue
                if "linear" in node.name or "relu" in node.name:
                    node.meta["delegation_tag"] = "tag0"
                elif "pow" in node.name:
                    report_rejection(xnnpack, node, "only support power == 2", "XNN.CONSTRAINT")
            return Result(program, {"tag0"})


    XnnpackPartitioner.__module__ = "executorch.backends.xnnpack.partition.xnnpack_partitioner"
    run_partitioner(XnnpackPartitioner(), torch.export.export(Model(), (torch.randn(2, 4),)))
    """
)


@pytest.fixture(scope="module")
def lowered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of one real run: model.py, record.json, trace/ and the partition_report log."""
    folder = tmp_path_factory.mktemp("lowered")
    (folder / "model.py").write_text(MODEL, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("TORCH_LOGS", "TORCH_TRACE")}
    env.update(
        PYTHONPATH=str(REPO),
        EXECUTORCH_DELEGATION_RECORD=str(folder / "record.json"),
        TORCH_TRACE=str(folder / "trace"),
        TORCH_LOGS="partition_report",
        TORCH_LOGS_FORMAT="%(message)s",
    )
    proc = subprocess.run(
        [sys.executable, str(folder / "model.py")], env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    (folder / "partition_report.log").write_text(proc.stderr, encoding="utf-8")
    return folder


def test_the_runtimes_record_reads_back(lowered: Path) -> None:
    (only,) = load(lowered / "record.json").runs
    assert (only.partitioner, only.component) == ("XnnpackPartitioner", "xnnpack")
    assert [(n.target, n.partition is not None) for n in only.nodes] == [
        ("aten.linear.default", True),
        ("aten.relu.default", True),
        ("aten.relu.default", True),
        ("aten.pow.Tensor_Scalar", False),
        ("aten.sort.default", False),
        ("getitem", False),
        ("getitem", False),
    ]
    assert (only.operators, only.delegated) == (5, 3)  # getitem is bookkeeping
    assert [n.codes for n in only.left] == [("XNN.CONSTRAINT",), ("NONE_GIVEN",)]
    relus = [n.source for n in only.nodes if n.target == "aten.relu.default"]
    assert relus[0] == relus[1] and relus[0] is not None  # two nodes, one line
    assert relus[0].code == "y = torch.relu(y)" and relus[0].file == str(lowered / "model.py")


def test_the_table_is_the_one_partition_report_printed(lowered: Path) -> None:
    (only,) = load(lowered / "record.json").runs
    printed = (lowered / "partition_report.log").read_text(encoding="utf-8")
    assert run_table(only) in printed
    assert run_table(only).splitlines()[0].startswith("XnnpackPartitioner: 1 partition(s), 3")


def test_the_torch_trace_carries_the_same_run(lowered: Path) -> None:
    (log,) = (lowered / "trace").glob("*.log")
    assert load(log).runs[0].raw == load(lowered / "record.json").runs[0].raw


def test_show_names_each_lowering_and_the_codes() -> None:
    text = render_record(parse(mixed_ops(), "r.json"))
    assert "lowering 1: XnnpackPartitioner (run 1): 3 of 5 operator(s) delegated (60.0%)" in text
    assert "XNN.CONSTRAINT" in text and "NO_CONFIG" in text


def test_a_second_partitioner_continues_the_lowering() -> None:
    """It sees exactly the operators the first left (and the delegate call, bookkeeping)."""
    first = mixed_ops()["runs"][0]
    left = [dict(n) for n in first["nodes"] if n["partition"] is None]
    call = node("executorch_call_delegate", "executorch_call_delegate", None)
    second = run("VulkanPartitioner", [call, *left[:1], {**left[1], "partition": "t"}, left[2]])
    chains = parse(record(first, second, first)).lowerings()
    assert [[r.index for r in chain] for chain in chains] == [[1, 2], [3]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not a delegation record: not JSON (Expecting property name"),
        ('{"schema": 1}', "not a delegation record: a JSON object without 'runs'"),
        ("", "not a delegation record: empty"),
        ("[1, 2]", "not a delegation record: a JSON list"),
        ('"text"', "not a delegation record: a JSON string"),
        ("import logging\n", "not a delegation record: neither JSON nor a TORCH_TRACE log"),
        ('{"schema": 9, "runs": []}', "schema 9, this et-log-report reads schema 1"),
        ('{"schema": 1, "runs": [{"partitioner": "X"}]}', "runs[0]: no 'component'"),
        ("V1201 a line of a torch trace\n", "a torch trace without an executorch_delegation"),
    ],
)
def test_a_file_that_is_no_record_is_named(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load(path)
    assert str(caught.value).startswith(f"{path}")
    assert message in str(caught.value)


def test_a_wrong_type_deep_inside_names_its_place(tmp_path: Path) -> None:
    data = mixed_ops()
    data["runs"][0]["nodes"][3]["reasons"][0]["code"] = 7
    with pytest.raises(RecordError, match=r"runs\[0\]\.nodes\[3\]\.reasons\[0\]\.code: "):
        load(write(tmp_path / "r.json", data))
    data["runs"][0]["nodes"][3]["source"]["line"] = True
    data["runs"][0]["nodes"][3]["reasons"][0]["code"] = "OK"
    with pytest.raises(RecordError, match=r"nodes\[3\]\.source\.line: expected a integer"):
        load(write(tmp_path / "r.json", data))


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="missing.json: cannot read: No such file"):
        load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match=f"{tmp_path}: not a delegation record: a folder"):
        load(tmp_path)
    (tmp_path / "pic.png").write_bytes(b"\x89PNG\r\n")
    with pytest.raises(RecordError, match="pic.png: not UTF-8 text: byte 0x89 at offset 0$"):
        load(tmp_path / "pic.png")


def test_the_records_json_round_trips(tmp_path: Path) -> None:
    data = mixed_ops()
    assert (
        load(write(tmp_path / "r.json", data)).runs[0].raw
        == json.loads(json.dumps(data))["runs"][0]
    )
