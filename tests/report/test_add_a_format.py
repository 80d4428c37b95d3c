"""Adding a format to `et-log-report diff` is one module and one entry in `formats.py`
(docs/ARCHITECTURE.md): a throwaway format, written into a copy of the package, is offered by the
command line and prints what its module renders, the exit status unchanged."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from report_support import mixed_ops, renumbered, write

REPO = Path(__file__).resolve().parents[2]

# The throwaway format: one line per run, the counts before and after, comma-separated.
MODULE = '''"""`et-log-report diff --format csv`: a line per run."""

from .diff import Diff


def render_diff_csv(diff: Diff, failures: list[str]) -> str:
    rows = ["run,before,after"]
    for run in diff.runs:
        counts = [r.delegated if r else "" for r in (run.before, run.after)]
        rows.append(",".join(map(str, [run.label, *counts])))
    return "\\n".join(rows + failures)
'''


def test_a_new_diff_format_is_its_module_and_one_entry(tmp_path: Path) -> None:
    copy = tmp_path / "et_log_report"
    shutil.copytree(REPO / "et_log_report", copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "diff_csv.py").write_text(MODULE, encoding="utf-8")
    formats = copy / "formats.py"
    text = formats.read_text(encoding="utf-8")
    text = text.replace(
        "from .diff_json import", "from .diff_csv import render_diff_csv\nfrom .diff_json import"
    )
    text = text.replace(
        '    "json": render_diff_json,\n',
        '    "json": render_diff_json,\n    "csv": render_diff_csv,\n',
    )
    formats.write_text(text, encoding="utf-8")
    base = write(tmp_path / "base.json", mixed_ops(pow_partition="tag1"))
    worse = write(tmp_path / "worse.json", renumbered(mixed_ops()))
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}
    argv = [sys.executable, "-m", "et_log_report", "diff", str(base), str(worse)]
    done = subprocess.run(
        [*argv, "--format", "csv"], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 1, done.stderr  # a regression: the gate's exit status as ever
    lines = done.stdout.splitlines()
    assert lines[0] == "run,before,after" and len(lines) >= 2, done.stdout
    assert all(line.count(",") == 2 for line in lines[1:2]), done.stdout
    usage = subprocess.run([*argv, "--help"], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert "csv" in usage.stdout, usage.stdout
