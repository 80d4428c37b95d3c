"""Issue 32, the seed's last story: a critical operator that stays on the CPU ends its
partitioner run with one WARNING on the backend's component, shown with nothing configured,
silenced by ``TORCH_LOGS=-<backend>``, never fatal; the record marks the critical nodes."""

from __future__ import annotations

import json

import pytest

MODEL = """
import json, os, sys
import torch
from et_log_runtime import get_logger
from et_log_runtime.partition_report import delegation_records, lowering, report_rejection, run_partitioner

xnnpack = get_logger("executorch.backends.xnnpack.partition.config.gemm_configs")
if "HINT" in os.environ:  # the call the WARNING told the user to make
    import et_log_runtime

    exec(os.environ["HINT"])


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
    critical_operators = ("aten.linear.*", "aten.convolution.*")  # the backend's table

    def __init__(self, take_linear):
        self.take_linear = take_linear

    def __call__(self, program):
        for node in program.graph_module.graph.nodes:
            if node.op != "call_function":
                continue
            if "linear" in node.name and self.take_linear:
                node.meta["delegation_tag"] = "tag0"
            elif "linear" in node.name:
                code = os.environ.get("LINEAR_CODE", "XNN.DTYPE")  # the backend's reason
                report_rejection(xnnpack, node, "dtype float64 not supported", code)
            else:
                report_rejection(xnnpack, node, "only support power == 2", "XNN.CONSTRAINT")
        return Result(program, {"tag0"})


XnnpackPartitioner.__module__ = "executorch.backends.xnnpack.partition.xnnpack_partitioner"
if "--python-pattern" in sys.argv:  # read at each partitioner run: Python sets it too
    os.environ["EXECUTORCH_CRITICAL_OPS"] = "aten.pow.*"
program = torch.export.export(Model(), (torch.randn(2, 4),))
class XnnpackFloatPartitioner(XnnpackPartitioner):  # a second partitioner of the lowering
    pass


if "--count-sources" in sys.argv:  # how many nodes' source lines the run looked up
    import et_log_runtime.partition_report as partition_report

    looked, source = [], partition_report._source
    partition_report._source = lambda meta: looked.append(meta) or source(meta)
    run_partitioner(XnnpackPartitioner(False), program)
    print(json.dumps([len(looked)]))
    sys.exit(0)
with delegation_records() as runs:
    if "--chain" in sys.argv:  # one lowering, two partitioners in turn (_program.py's loop)
        with lowering():
            run_partitioner(XnnpackPartitioner(False), program)
            run_partitioner(XnnpackFloatPartitioner("--second-takes" in sys.argv), program)
        print("after the lowering", file=sys.stderr)
    elif "--raises" in sys.argv:  # the lowering's second partitioner fails
        try:
            with lowering():
                run_partitioner(XnnpackPartitioner(False), program)
                raise RuntimeError("the second partitioner failed")
        except RuntimeError as error:
            print(error, file=sys.stderr)
    elif "--methods" in sys.argv:  # two methods, the same node names; one has a second run
        with lowering():
            run_partitioner(XnnpackPartitioner(False), program, method="forward")
            run_partitioner(XnnpackPartitioner(False), program, method="prefill")
            run_partitioner(XnnpackFloatPartitioner(True), program, method="forward")
        print("after the lowering", file=sys.stderr)
    else:
        partitioner = XnnpackPartitioner("--take-linear" in sys.argv)
        if "--no-table" in sys.argv:  # the user drops this instance's table
            partitioner.critical_operators = ()
        run_partitioner(partitioner, program)
print(json.dumps(runs[-1:]))
"""
LINEAR_LINE = MODEL.splitlines().index("        y = self.linear(x)") + 1
POW_LINE = LINEAR_LINE + 1


def _lower(run, tmp_path, *flags: str, **env: str):
    model = tmp_path / "export_model.py"
    model.write_text(MODEL, encoding="utf-8")  # torch.export reads source lines from a file
    proc = run(None, [str(model), *flags], **env)
    assert proc.returncode == 0, proc.stderr  # never fatal
    (record,) = json.loads(proc.stdout)
    return proc.stderr.splitlines(), record


def test_a_critical_operator_left_on_the_cpu_warns_once_with_nothing_configured(
    run, tmp_path
) -> None:
    lines, record = _lower(run, tmp_path)
    assert lines == [
        "XnnpackPartitioner left 1 critical operator(s) on the CPU: linear "
        f"(aten.linear.default, XNN.DTYPE: dtype float64 not supported) at export_model.py:{LINEAR_LINE} "
        "(linear: Linear, float32) (each node left: TORCH_LOGS=partition_report)"
    ]
    linear, pow_node = record["nodes"]
    assert linear.get("critical") is True and "critical" not in pow_node


def test_without_torch_s_hook_the_warning_gives_the_python_api(run, tmp_path) -> None:
    """Where torch loads no entry point (Buck, `TORCH_DEVICE_BACKEND_AUTOLOAD=0`, a series
    without its hook commit) `TORCH_LOGS=partition_report` would fail inside `import torch`:
    the WARNING names the call that works there (review 10, M1), and following it works."""
    lines, _ = _lower(run, tmp_path, TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    assert len(lines) == 1 and "TORCH_LOGS" not in lines[0], lines
    hint = "et_log_runtime.set_logs('partition_report')"  # torch's would not know our names yet
    assert lines[0].endswith(f"(each node left: {hint})")
    shown, _ = _lower(run, tmp_path, TORCH_DEVICE_BACKEND_AUTOLOAD="0", HINT=hint)
    assert (
        "XnnpackPartitioner: 0 partition(s), 0 node(s) delegated; 2 node(s) not partitioned"
        in "\n".join(shown)
    )


def test_nothing_new_when_the_critical_operator_is_delegated(run, tmp_path) -> None:
    lines, record = _lower(run, tmp_path, "--take-linear")
    assert lines == []
    assert record["nodes"][0]["critical"] is True  # marked, delegated: no warning


@pytest.mark.parametrize("setting", ["-xnnpack", "-executorch,-xnnpack"])
def test_minus_backend_silences_it(run, tmp_path, setting: str) -> None:
    lines, _ = _lower(run, tmp_path, TORCH_LOGS=setting)
    assert lines == []


def test_another_component_switched_off_leaves_it(run, tmp_path) -> None:
    lines, _ = _lower(run, tmp_path, TORCH_LOGS="-vulkan")
    assert len(lines) == 1 and "critical operator(s)" in lines[0], lines


@pytest.mark.parametrize(
    ("flags", "env"),
    [((), {"EXECUTORCH_CRITICAL_OPS": "aten.sort.*, aten.pow.*"}), (("--python-pattern",), {})],
    ids=["environment", "python"],
)
def test_a_user_adds_an_operator_by_pattern(run, tmp_path, flags, env) -> None:
    lines, record = _lower(run, tmp_path, *flags, **env)
    (line,) = lines
    assert line.startswith("XnnpackPartitioner left 2 critical operator(s) on the CPU: "), line
    assert (
        f"pow_1 (aten.pow.Tensor_Scalar, XNN.CONSTRAINT: only support power == 2) at export_model.py:{POW_LINE}"
        in line
    )
    assert all(node["critical"] for node in record["nodes"])


def test_in_a_lowering_what_a_later_partitioner_takes_is_not_named(run, tmp_path) -> None:
    """Review 4: the first partitioner leaves the linear, the second takes it: no WARNING."""
    lines, record = _lower(run, tmp_path, "--chain", "--second-takes")
    assert lines == ["after the lowering"], lines
    assert record["partitioner"] == "XnnpackFloatPartitioner"


def test_in_a_lowering_one_warning_at_its_end_for_what_the_last_left(run, tmp_path) -> None:
    lines, _ = _lower(run, tmp_path, "--chain")
    assert len(lines) == 2 and lines[1] == "after the lowering", lines
    assert lines[0].startswith("XnnpackFloatPartitioner left 1 critical operator(s) on the CPU: ")
    assert (
        f"(aten.linear.default, XNN.DTYPE: dtype float64 not supported) at export_model.py:{LINEAR_LINE}"
        in lines[0]
    )


def test_in_a_lowering_each_method_keeps_its_own_verdict(run, tmp_path) -> None:
    """Review 5: forward's second partitioner takes its linear; prefill's linear, of the same
    node name, stays on the CPU and is named."""
    lines, _ = _lower(run, tmp_path, "--methods")
    assert len(lines) == 2 and lines[1] == "after the lowering", lines
    assert lines[0].startswith("XnnpackPartitioner left 1 critical operator(s) on the CPU: linear ")


@pytest.mark.parametrize(("logs", "looked"), [(None, 1), ("partition_report", 2)])
def test_when_only_the_warning_reads_a_run_only_critical_nodes_are_recorded(
    run, tmp_path, logs: str | None, looked: int
) -> None:
    """Review 5 (m7): with nothing configured the record is not built for every node."""
    lines, count = _lower(
        run, tmp_path, "--count-sources", **({"TORCH_LOGS": logs} if logs else {})
    )
    assert count == looked, lines
    assert any("left 1 critical operator(s)" in line for line in lines), lines


@pytest.mark.parametrize("code", ["XNN.USER_EXCLUDED", "COREML.USER_EXCLUDED", "NO_CONFIG"])
def test_an_operator_the_user_kept_off_the_backend_is_not_named(run, tmp_path, code) -> None:
    """Review 7 (M1): a skip list, a block list or a partitioner given no config for it is the
    user's own choice: no WARNING on each lowering; the record keeps the node and its reason."""
    lines, record = _lower(run, tmp_path, LINEAR_CODE=code)
    assert lines == [], lines
    linear = record["nodes"][0]
    assert "critical" not in linear and linear["reasons"][0]["code"] == code


@pytest.mark.parametrize("code", ["XNN.USER_EXCLUDED", "NO_CONFIG"])
def test_an_operator_the_user_names_is_named_whatever_its_code(run, tmp_path, code) -> None:
    """Review 16, T4: a partitioner built from configs gives NO_CONFIG for an operator it never
    takes (XNNPACK and `aten.sort`): one the user named in EXECUTORCH_CRITICAL_OPS is named."""
    env = {"LINEAR_CODE": code, "EXECUTORCH_CRITICAL_OPS": "aten.linear.*"}
    lines, record = _lower(run, tmp_path, **env)
    (line,) = lines
    assert f"linear (aten.linear.default, {code}: dtype float64 not supported)" in line, line
    assert record["nodes"][0]["critical"] is True


def test_an_instance_without_a_table_names_nothing(run, tmp_path) -> None:
    lines, record = _lower(run, tmp_path, "--no-table")
    assert lines == [] and not any(node.get("critical") for node in record["nodes"])


def test_a_lowering_that_raises_names_nothing(run, tmp_path) -> None:
    """Review 7 (m14): the error, not a WARNING about what the failed lowering left."""
    model = tmp_path / "export_model.py"
    model.write_text(MODEL, encoding="utf-8")
    proc = run(None, [str(model), "--raises"])
    assert proc.returncode == 0 and proc.stderr.splitlines() == ["the second partitioner failed"]
