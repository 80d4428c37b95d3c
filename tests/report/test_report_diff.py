"""Comparing two records: nodes pair by what they are (target, source), never by their names."""

from __future__ import annotations

import copy
from typing import Any

from report_support import mixed_ops, node, record, renumbered, run

from et_log_report import compare, parse
from et_log_report.diff import FELL_BACK, NEW_ON_CPU, NEWLY_DELEGATED, REASON_CHANGED
from et_log_report.text import render_diff


def _diff(before, after):
    return compare(parse(before, "base.json"), parse(after, "new.json"))


def test_the_same_lowering_renumbered_is_no_change() -> None:
    base = mixed_ops()
    diff = _diff(base, renumbered(base))
    assert diff.regressions == 0
    assert [run.changes for run in diff.runs] == [()]


def test_a_line_inserted_above_moves_every_node_and_changes_nothing() -> None:
    diff = _diff(mixed_ops(), renumbered(mixed_ops(shift=1)))
    assert diff.regressions == 0 and diff.runs[0].changes == ()


def test_a_node_that_falls_back_is_a_regression_with_its_new_code() -> None:
    diff = _diff(mixed_ops(pow_partition="tag1"), renumbered(mixed_ops()))
    assert diff.regressions == 1
    ((run, change),) = diff.changes(FELL_BACK)
    assert run.label == "XnnpackPartitioner #1"
    assert change.before is not None and change.before.name == "pow_1"
    assert change.node.codes == ("XNN.CONSTRAINT",) and change.node.name != "pow_1"


def test_newly_delegated_is_no_regression() -> None:
    diff = _diff(mixed_ops(), mixed_ops(pow_partition="tag1"))
    assert diff.regressions == 0
    assert [c.node.name for _, c in diff.changes(NEWLY_DELEGATED)] == ["pow_1"]


def test_duplicates_at_one_line_pair_in_graph_order() -> None:
    """Two relus from one line: the second falling back is reported as the second."""
    after = mixed_ops()
    after["runs"][0]["nodes"][2].update(
        partition=None, reasons=[{"code": "XNN.DTYPE", "text": "fp16"}]
    )
    diff = _diff(renumbered(mixed_ops()), after)
    ((_, change),) = diff.changes(FELL_BACK)
    assert change.node.name == "relu_1"
    assert change.before is not None and change.before.name.startswith("relu_1_")


def test_a_changed_code_is_reported_and_a_changed_text_is_not() -> None:
    after = mixed_ops()
    pow_reasons = after["runs"][0]["nodes"][3]["reasons"]
    pow_reasons[0]["text"] = "reworded in a new release"
    assert _diff(mixed_ops(), after).runs[0].changes == ()
    pow_reasons[0]["code"] = "XNN.DTYPE"
    ((_, change),) = _diff(mixed_ops(), after).changes(REASON_CHANGED)
    assert change.before is not None and change.before.codes == ("XNN.CONSTRAINT",)


def test_bookkeeping_never_shows() -> None:
    after = mixed_ops()
    after["runs"][0]["nodes"].append(node("getitem_1", "getitem", 20))
    assert _diff(mixed_ops(), after).runs[0].changes == ()


def test_a_new_node_on_the_cpu_is_listed_but_no_regression() -> None:
    after = mixed_ops()
    after["runs"][0]["nodes"].append(node("trunc", "aten.trunc.default", 30))
    diff = _diff(mixed_ops(), after)
    assert diff.regressions == 0
    assert [c.node.name for _, c in diff.changes(NEW_ON_CPU)] == ["trunc"]


def test_a_partitioner_that_no_longer_runs_is_a_regression() -> None:
    vulkan = run("VulkanPartitioner", [node("add", "aten.add.Tensor", 5, partition="t")])
    base = record(*mixed_ops()["runs"], vulkan)
    diff = _diff(base, mixed_ops())
    assert diff.regressions == 1
    assert [r.label for r in diff.runs if r.missing] == ["VulkanPartitioner #1"]
    assert _diff(mixed_ops(), base).regressions == 0  # a new run is not one


def test_runs_pair_by_partitioner_and_occurrence() -> None:
    first = mixed_ops()["runs"][0]
    second = copy.deepcopy(first)
    second["nodes"][0].update(partition=None, reasons=[{"code": "XNN.DTYPE", "text": "x"}])
    diff = _diff(record(first, first), record(first, second))
    assert [r.label for r in diff.runs] == ["XnnpackPartitioner #1", "XnnpackPartitioner #2"]
    assert [len(r.changes) for r in diff.runs] == [0, 1]


def _lowering(quantized: bool, pow_partition: str | None = None) -> dict[str, Any]:
    """Issue 32's lowering: linear delegated, pow and sort left; quantized, it has delegated
    quantize/dequantize nodes around the linear (``pow_partition``: pow delegated too)."""
    quant = "quantized_decomposed.{}_per_tensor.default"
    kinds = ["quantize", "dequantize", "quantize", "dequantize"] if quantized else []
    nodes = [node(f"{k}_{i}", quant.format(k), 10, partition="tag0") for i, k in enumerate(kinds)]
    nodes += [
        node("linear", "aten.linear.default", 10, partition="tag0"),
        node("pow_1", "aten.pow.Tensor_Scalar", 11, partition=pow_partition, code="XNN.CONSTRAINT"),
        node("sort", "aten.sort.default", 12, code="NONE_GIVEN"),
    ]
    return record(run("XnnpackPartitioner", nodes))


def test_quantizing_moves_no_coverage_when_no_operator_moved() -> None:
    diff = _diff(_lowering(quantized=False), _lowering(quantized=True))
    text = render_diff(diff)
    assert "1 of 3 operator(s) delegated (33.3%) -> 1 of 3 operator(s) delegated (33.3%)" in text
    assert "only quantize/dequantize nodes changed; no operator moved" in text, text
    assert diff.regressions == 0


def test_an_operator_that_moved_with_the_quantization_is_said_as_such() -> None:
    text = render_diff(_diff(_lowering(quantized=False), _lowering(True, pow_partition="tag0")))
    assert "-> 2 of 3 operator(s) delegated (66.7%)" in text, text
    assert "only quantize/dequantize" not in text
