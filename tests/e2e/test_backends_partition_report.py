"""Issue 16, items 1 and 2 on the released wheel: every partitioner that lowers here, migrated
(`exir backends extension devtools`), explains every node it left on the CPU.

For each backend: ``TORCH_LOGS=partition_report`` prints one table for the run whose rows are
exactly the ``call_function`` nodes left on the CPU, each with a reason; ``TORCH_LOGS`` naming the
backend (beside the other backends, ``partition_report`` not named) has one INFO line per such
node on the backend's own component and no table; the program bytes are those of
the unmigrated wheel (``PYTHONHASHSEED=0``; Core ML's bytes differ run to run even unmigrated:
there the same delegates and CPU nodes). A backend that cannot lower here is skipped with its
reason, never passed. Slow (the session's ``partition_runs``: three processes): run with ``-m e2e``
or by file.
"""

from __future__ import annotations

import re

import pytest
from harness.backend_lowering import COMPONENT, Lowering, lowered_run
from harness.partition_runs import PartitionRuns

NONDETERMINISTIC_BYTES = {"coreml"}
WHY_NOT = re.compile(
    r"^(?P<partitioner>\w+): (?P<node>\S+) \((?P<target>[^)]*)\) stays on the CPU: (?P<reason>.+?)"
    r"(?: \(at (?P<origin>[^()]*)\))?$"  # then the user's line, module and dtype (issue 45)
)
HEADER = re.compile(
    r"^(?P<partitioner>\w+): (?P<partitions>\d+) partition\(s\), (?P<delegated>\d+) node\(s\) "
    r"delegated; (?P<left>\d+) node\(s\) not partitioned \[component (?P<component>[\w.]+)\]$"
)

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def runs(partition_runs: PartitionRuns) -> dict[str, Lowering]:
    """Per backend: the unmigrated lowering, and the migrated one under both settings."""
    return partition_runs.runs


def _cpu_nodes(run: Lowering) -> set[str]:
    return {node["name"] for node in run.summary["cpu_nodes"]}


def _messages(run: Lowering) -> list[str]:
    return [line.message for line in run.lines]


@pytest.mark.parametrize("backend", list(COMPONENT))
def test_the_report_lists_every_node_left_on_the_cpu_with_a_reason(runs, backend) -> None:
    before = lowered_run(runs, f"{backend}:before")
    run = lowered_run(runs, f"{backend}:partition_report")
    messages = [m.removeprefix("[__partition_report] ") for m in _messages(run)]
    headers = [(i, h) for i, m in enumerate(messages) if (h := HEADER.match(m))]
    assert len(headers) == 1, run.describe()  # one partitioner run, one table
    at, header = headers[0]
    assert header["component"] == COMPONENT[backend]
    rows = [m.split(None, 2) for m in messages[at + 2 : at + 2 + int(header["left"])]]
    listed = {row[0] for row in rows}
    assert listed == _cpu_nodes(run), run.describe()  # every node left on the CPU, nothing else
    assert all(len(row) == 3 and row[2].strip() for row in rows), rows  # each with a reason
    assert not any(WHY_NOT.match(m) for m in messages)  # the component itself stays quiet
    if backend not in NONDETERMINISTIC_BYTES:
        assert run.summary["program_sha256"] == before.summary["program_sha256"]
    assert run.partition() == before.partition()


@pytest.mark.parametrize("backend", list(COMPONENT))
def test_the_backend_name_explains_every_node_left_on_the_cpu(runs, backend) -> None:
    before = lowered_run(runs, f"{backend}:before")
    run = lowered_run(runs, f"{backend}:{COMPONENT[backend]}")
    why = [m for line in run.lines if (m := WHY_NOT.match(line.message))]
    assert {m["node"] for m in why} == _cpu_nodes(run), run.describe()
    assert all(m["reason"].strip() for m in why)
    assert all(line.level == "INFO" for line in run.lines if WHY_NOT.match(line.message))
    assert not any("[__partition_report]" in m for m in _messages(run))
    if backend not in NONDETERMINISTIC_BYTES:
        assert run.summary["program_sha256"] == before.summary["program_sha256"]
    assert run.partition() == before.partition()


def test_webgpu_is_explained_under_webgpu_not_vulkan(runs) -> None:
    run = lowered_run(runs, "webgpu:webgpu")
    assert {m.split(":")[0] for m in _messages(run) if WHY_NOT.match(m)} == {"WebGPUPartitioner"}
    under_vulkan = lowered_run(runs, "webgpu:vulkan")
    assert not [m for m in _messages(under_vulkan) if WHY_NOT.match(m)], under_vulkan.describe()


def _reasons(run: Lowering) -> list[str]:
    given = [m["reason"] for line in run.lines if (m := WHY_NOT.match(line.message))]
    return [r for r in given if not r.startswith("no reason given by ")]


def test_vulkan_reasons_keep_the_shapes_and_dtypes(runs) -> None:
    """vulkan-log-skip: each skip reason keeps `utils.node_io_str(node)`, the node's values and
    arguments (`<value> = <target>(<args>, ...)`), as Vulkan's own line had them (issue 21)."""
    given = _reasons(lowered_run(runs, "vulkan:vulkan"))
    if not given:
        pytest.skip("Vulkan gave no reason for any node of this model")
    assert all(re.search(r" = \S+\(.* \.\.\.\)$", reason) for reason in given), given


def test_openvino_logs_each_rejection_once(runs) -> None:
    """openvino-rejections: "Op not supported" is the run's why-not line, not a line of its own
    beside it (issue 21)."""
    run = lowered_run(runs, "openvino:openvino")
    lines = [m for m in _messages(run) if "Op not supported" in m]
    if not lines:
        pytest.skip("OpenVINO supports every op of this model")
    assert all(WHY_NOT.match(m) for m in lines), run.describe()
    assert len(lines) == len({WHY_NOT.match(m)["node"] for m in lines}), lines  # type: ignore[index]
