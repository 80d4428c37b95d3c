"""Issue 23 on the released wheel, migrated: the delegation record of every backend that lowers
here, read back by et-log-report, in torch's trace rendered by tlparse, compared by the diff
gate, and drawn as a page that headless Chromium opens.

The lowerings are the session's ``partition_runs`` (shared with test_backends_partition_report.py;
see partition_runs.py): no lowering of its own. A backend that cannot lower here is skipped with
its reason, never passed.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from harness.backend_lowering import COMPONENT, DRIVER
from harness.headless_chromium import open_page
from harness.partition_runs import DIFF_VARIANTS, PartitionRuns

from et_log_report import load, parse, render_html
from et_log_report.codes import describe
from et_log_report.text import run_table

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
REPORT_TAG = "[__partition_report] "
CALL = "executorch_call_delegate"


def _record(partition_runs: PartitionRuns, backend: str, setting: str = "partition_report"):
    run = partition_runs.runs[f"{backend}:{setting}"]
    if run.unavailable_reason:
        pytest.skip(f"{backend}: cannot lower here: {run.unavailable_reason}")
    assert run.lowered, run.describe()
    return run, load(partition_runs.record(backend, setting))


@pytest.mark.parametrize("backend", list(COMPONENT))
def test_every_node_once_every_cpu_node_coded_every_line_the_models(
    partition_runs, backend
) -> None:
    lowering, record = _record(partition_runs, backend)
    (run,) = record.runs  # one partitioner, one run
    assert run.partitioner == lowering.summary["partitioners"][0]
    names = [node.name for node in run.nodes]
    assert len(names) == len(set(names))  # each call_function node once
    cpu = {n["name"] for n in lowering.summary["cpu_nodes"]}
    delegated = {n["name"] for d in lowering.summary["delegates"] for n in d["nodes"]}
    left = {node.name for node in run.shown if node.partition is None}  # quantization too
    assert left == cpu, lowering.describe()
    assert {node.name for node in run.shown if node.partition} == delegated
    for node in run.left:
        assert node.reasons and all(r.code and r.text.strip() for r in node.reasons), node
        assert all(describe(code) for code in node.codes), node  # codes of the table
    sources = [node.source for node in run.ops]
    assert all(s is None or s.file == str(DRIVER) for s in sources), sources
    assert any(s is not None for s in sources)


@pytest.mark.parametrize("backend", list(COMPONENT))
def test_the_partition_report_table_says_what_the_record_says(partition_runs, backend) -> None:
    lowering, record = _record(partition_runs, backend)
    printed = [
        line.message.removeprefix(REPORT_TAG)
        for line in lowering.lines
        if line.message.startswith(REPORT_TAG)
    ]
    assert printed == run_table(record.runs[0]).splitlines(), lowering.describe()


def _canonical(run: object) -> str:
    return json.dumps(run, sort_keys=True)


def test_torch_trace_carries_the_record_and_tlparse_renders_it(partition_runs, tmp_path) -> None:
    """The ``partition_report`` process lowered every backend in turn under ``TORCH_TRACE``: its
    trace carries each run as its ``EXECUTORCH_DELEGATION_RECORD`` file has it, and tlparse's page
    links each."""
    _record(partition_runs, "xnnpack")
    whole = load(partition_runs.whole_record)
    (log,) = partition_runs.trace.glob("*.log")
    assert [run.raw for run in load(log).runs] == [run.raw for run in whole.runs]
    tlparse = shutil.which("tlparse", path=str(Path(sys.executable).parent)) or "tlparse"
    out = tmp_path / "tlparse"
    proc = subprocess.run(
        [tlparse, str(log), "-o", str(out), "--no-browser"], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    index = (out / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'href="([^"]*executorch_delegation_record[^"]*\.json)"', index)
    shown = [json.loads((out / link).read_text(encoding="utf-8")) for link in links]
    assert sorted(map(_canonical, shown)) == sorted(_canonical(run.raw) for run in whole.runs)


def test_one_file_for_the_process_the_same_runs_as_a_file_per_lowering(partition_runs) -> None:
    """``EXECUTORCH_DELEGATION_RECORD`` (every run of the process) and ``delegation_records(path)``
    (one lowering's runs) write the same runs."""
    whole = load(partition_runs.whole_record)
    each = []
    for backend in [*COMPONENT, *DIFF_VARIANTS]:
        if partition_runs.runs[f"{backend}:partition_report"].lowered:
            each += [run.raw for run in load(partition_runs.record(backend)).runs]
    assert len(each) >= 5, "fewer than five lowerings here"
    assert [run.raw for run in whole.runs] == each


def _report(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "et_log_report", *args]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True)


def test_diff_names_the_nodes_that_fell_back_without_the_add_config(partition_runs) -> None:
    _record(partition_runs, "xnnpack")
    _, without = _record(partition_runs, "xnnpack_without_add")
    base, new = partition_runs.record("xnnpack"), partition_runs.record("xnnpack_without_add")
    proc = _report("diff", str(base), str(new))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    after = proc.stdout.split("  fell back (2):\n")[1].splitlines()
    fell = [line for line in after[:2] if line.startswith("    ")]
    adds = [node for node in without.runs[0].left if node.target == "aten.add.Tensor"]
    assert len(fell) == len(adds) == 2, proc.stdout
    for node, line in zip(adds, fell, strict=True):
        assert line.split()[:2] == [node.name, "(aten.add.Tensor)"]
        assert ": NO_CONFIG: no config for this operator" in line


def test_diff_of_the_same_model_lowered_twice_exits_0(partition_runs) -> None:
    _record(partition_runs, "xnnpack")
    _record(partition_runs, "xnnpack", "xnnpack")
    proc = _report(
        "diff",
        str(partition_runs.record("xnnpack")),
        str(partition_runs.record("xnnpack", "xnnpack")),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "  fell back (" not in proc.stdout and "  reason changed (" not in proc.stdout
    assert "no regression: 0 node(s) fell back" in proc.stdout


def test_diff_survives_renumbered_nodes_and_moved_lines(partition_runs) -> None:
    """The model after an edit: a relu added first renames the nodes after it, and every line
    of forward moved; the one new node is delegated; nothing else changed."""
    _, base = _record(partition_runs, "xnnpack")
    _, edited = _record(partition_runs, "xnnpack_edited_model")
    old = {(n.name, n.source.line if n.source else None) for n in base.runs[0].ops}
    new = {(n.name, n.source.line if n.source else None) for n in edited.runs[0].ops}
    assert not old & new  # no node kept both its name and its line
    proc = _report(
        "diff",
        str(partition_runs.record("xnnpack")),
        str(partition_runs.record("xnnpack_edited_model")),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(
        r"new, delegated \(1\):\n    aten_relu_default \(aten.relu.default\)", proc.stdout
    )
    assert "  fell back (" not in proc.stdout and "  gone (" not in proc.stdout  # no section


def test_the_page_shows_every_partitioner_in_chromium(partition_runs, tmp_path) -> None:
    runs = json.loads(partition_runs.whole_record.read_text(encoding="utf-8"))["runs"]
    assert len({run["partitioner"] for run in runs}) >= 5, "fewer than five backends lowered here"
    page = tmp_path / "delegation.html"
    page.write_text(
        render_html(parse({"schema": 1, "runs": runs}, "all backends")), encoding="utf-8"
    )
    screenshot = tmp_path / "delegation.png"
    console, dom = open_page(page, screenshot)
    assert console == [], console
    assert screenshot.stat().st_size > 10_000
    summary = dom.split("<section")[0]
    for run in runs:
        assert f"<td>{run['partitioner']}</td>" in summary  # in the table the screenshot shows
