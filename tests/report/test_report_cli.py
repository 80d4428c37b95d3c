"""et-log-report as CI runs it: exit 0 fine, 1 a regression or a failed gate, 2 bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from report_support import mixed_ops, node, record, renumbered, run, write

from et_log_report.cli import main

REPO = Path(__file__).resolve().parents[2]


def _main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def records(tmp_path: Path) -> dict[str, str]:
    base = write(tmp_path / "base.json", mixed_ops(pow_partition="tag1"))
    same = write(tmp_path / "same.json", renumbered(mixed_ops(pow_partition="tag1")))
    worse = write(tmp_path / "worse.json", renumbered(mixed_ops()))
    return {"base": str(base), "same": str(same), "worse": str(worse)}


def test_diff_exits_0_when_nothing_fell_back(capsys, records) -> None:
    code, out, _ = _main(capsys, "diff", records["base"], records["same"])
    assert code == 0, out
    assert out.splitlines()[-1] == "no regression: 0 node(s) fell back to the CPU"


def test_diff_exits_1_and_names_the_node_and_its_new_code(capsys, records) -> None:
    code, out, _ = _main(capsys, "diff", records["base"], records["worse"])
    assert code == 1
    assert "XnnpackPartitioner #1: 4 of 5 operator(s) delegated (80.0%) -> 3 of 5" in out
    (line,) = [line for line in out.splitlines() if "aten.pow.Tensor_Scalar" in line]
    assert line.split()[0].startswith("pow_1_") and "[was pow_1]" in line
    assert "model.py:12 `cube = torch.pow(y, 3)`" in line
    assert "XNN.CONSTRAINT: only support power == 2, got 3" in line


def test_diff_as_json(capsys, records) -> None:
    code, out, _ = _main(capsys, "diff", records["base"], records["worse"], "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["regressions"] == 1
    (change,) = data["runs"][0]["changes"]
    assert (change["kind"], change["codes"], change["was"]) == ("fell back", ["XNN.CONSTRAINT"], [])


def test_gates_on_diff_and_check(capsys, records) -> None:
    code, out, _ = _main(capsys, "check", records["base"], "--min-coverage", "80")
    assert code == 0 and "every gate passes" in out
    code, out, _ = _main(capsys, "check", records["base"], "--min-coverage", "81")
    assert code == 1 and "coverage of the whole record: 4 of 5 operator(s), 80.0% < 81%" in out
    args = ("--min-coverage", "XnnpackPartitioner=90", "--require", "aten.sort.*")
    code, out, _ = _main(capsys, "diff", records["base"], records["same"], *args)
    assert code == 1
    assert "coverage of XnnpackPartitioner: 4 of 5 operator(s), 80.0% < 90%" in out
    assert "required aten.sort.*: sort_" in out and "NO_CONFIG" in out


def test_a_required_pattern_that_matches_nothing_fails(capsys, records) -> None:
    code, out, _ = _main(capsys, "check", records["base"], "--require", "aten.conv*")
    assert code == 1 and "required aten.conv*: no operator of" in out


def test_require_looks_at_the_end_of_the_lowering(capsys, tmp_path) -> None:
    """sort, left by XNNPACK, is taken by the partitioner after it: the requirement holds."""
    first = mixed_ops()["runs"][0]
    left = [dict(n) for n in first["nodes"] if n["partition"] is None]
    call = node("executorch_call_delegate", "executorch_call_delegate", None)
    taken = [left[0], {**left[1], "partition": "t", "reasons": []}, left[2]]
    path = write(tmp_path / "two.json", record(first, run("VulkanPartitioner", [call, *taken])))
    assert _main(capsys, "check", str(path), "--require", "aten.sort.default")[0] == 0
    code, out, _ = _main(capsys, "check", str(path), "--min-coverage", "80")
    assert code == 0, out  # 4 of 5 in the end


def test_critical_fails_on_a_critical_operator_left_on_the_cpu(capsys, tmp_path) -> None:
    """Issue 32: the runtime marks critical nodes; `check --critical` fails on those left."""
    data = mixed_ops()
    for entry in data["runs"][0]["nodes"]:
        entry["critical"] = entry["target"] in ("aten.linear.default", "aten.pow.Tensor_Scalar")
    path = write(tmp_path / "critical.json", data)
    assert _main(capsys, "check", str(path))[0] == 0  # only when asked
    code, out, _ = _main(capsys, "check", str(path), "--critical")
    assert code == 1, out
    (line,) = [line for line in out.splitlines() if line.startswith("critical ")]
    assert line.startswith("critical pow_1 (aten.pow.Tensor_Scalar) at model.py:12 stays"), line
    assert line.endswith("after XnnpackPartitioner: XNN.CONSTRAINT"), line
    data["runs"][0]["nodes"][3]["critical"] = False  # pow no longer critical: linear is taken
    assert _main(capsys, "check", str(write(path, data)), "--critical")[0] == 0


@pytest.mark.parametrize(
    "argv",
    [
        ("diff", "a.json", "b.json", "--min-cov", "5"),  # no abbreviations
        ("check", "a.json", "--min-coverage", "120"),
        ("check", "a.json", "--min-coverage", "Xnn=lots"),
        ("frobnicate",),
    ],
)
def test_bad_arguments_exit_2(capsys, argv) -> None:
    with pytest.raises(SystemExit) as caught:
        main(list(argv))
    assert caught.value.code == 2
    assert "et-log-report" in capsys.readouterr().err


def test_a_bad_file_exits_2_naming_it(capsys, records, tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"schema": 1, "runs": [', encoding="utf-8")
    code, out, err = _main(capsys, "diff", records["base"], str(broken))
    assert (code, out) == (2, "")
    assert err.startswith(f"et-log-report: error: {broken}: not a delegation record: not JSON")


def test_html_writes_one_page(capsys, records, tmp_path) -> None:
    page = tmp_path / "page.html"
    code, out, _ = _main(capsys, "html", records["base"], "-o", str(page))
    assert code == 0 and out == f"wrote {page}\n"
    assert "XnnpackPartitioner" in page.read_text(encoding="utf-8")


def test_the_module_runs_as_the_command(records) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "et_log_report", "diff", records["base"], records["worse"]],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1 and "fell back (1):" in proc.stdout, proc.stderr
    codes = subprocess.run(
        [sys.executable, "-m", "et_log_report", "codes"], cwd=REPO, capture_output=True, text=True
    )
    assert codes.returncode == 0 and "XNN.CONSTRAINT\n" in codes.stdout


@pytest.mark.parametrize("gates", [(), ("--min-coverage", "80"), ("--require", "aten.linear.*")])
def test_a_record_with_no_run_fails_check_and_diff_naming_the_likely_cause(
    capsys, records, tmp_path: Path, gates: tuple[str, ...]
) -> None:
    """Nothing recorded is never a pass: an ExecuTorch that was not migrated writes a record
    with no run, and a gate on it would pass on nothing."""
    empty = str(write(tmp_path / "empty.json", record()))
    for argv in (
        ["check", empty, *gates],
        ["diff", records["base"], empty, *gates],
        ["diff", empty, records["base"], *gates],
        ["diff", empty, empty, *gates],
    ):
        code, out, _ = _main(capsys, *argv)
        assert code == 1, (argv, out)
        assert f"{empty}: no partitioner run was recorded" in out, (argv, out)
        assert "not migrated with the delegation record's recipes" in out, (argv, out)


def test_show_of_a_record_with_no_run_says_why(capsys, tmp_path: Path) -> None:
    empty = str(write(tmp_path / "empty.json", record()))
    code, out, _ = _main(capsys, "show", empty)
    assert code == 0 and "no partitioner run was recorded" in out, out


def test_a_record_never_written_is_named_with_the_likely_cause(capsys, tmp_path: Path) -> None:
    absent = str(tmp_path / "rec.json")
    for argv in (["show", absent], ["check", absent, "--min-coverage", "80"]):
        with pytest.raises(SystemExit) as exited:
            main(argv)
        _, err = capsys.readouterr()
        assert exited.value.code == 2 and absent in err and "no partitioner run" in err, err


def test_show_and_the_page_mark_a_critical_operator_left_on_the_cpu(capsys, tmp_path) -> None:
    linear = node("linear", "aten.linear.default", 7, code="XNN.DTYPE", text="float64")
    relu = node("relu", "aten.relu.default", 8, code="XNN.DTYPE", text="float64")
    linear["critical"] = True
    path = str(write(tmp_path / "record.json", record(run("XnnpackPartitioner", [linear, relu]))))
    code, out, _ = _main(capsys, "show", path)
    assert code == 0 and "critical, left on the CPU: linear (aten.linear.default)" in out, out
    assert "relu (aten.relu.default)" not in out.split("critical, left on the CPU:")[1]
    page = tmp_path / "record.html"
    assert _main(capsys, "html", path, "-o", str(page))[0] == 0
    rows = [r for r in page.read_text(encoding="utf-8").split("<tr") if "<code>linear</code>" in r]
    assert rows and all('class="critical"' in r for r in rows), rows
    relu_rows = [
        r for r in page.read_text(encoding="utf-8").split("<tr") if "<code>relu</code>" in r
    ]
    assert relu_rows and not any('class="critical"' in r for r in relu_rows), relu_rows
