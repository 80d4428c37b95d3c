"""Adding a reason code is one entry in `et_log_report/codes.py` (docs/ARCHITECTURE.md): a
throwaway code, written into a copy of the package, is listed by `et-log-report codes`, explains
a record's node in `show`, and lands in docs/delegation.md's table when the page is generated."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from report_support import node, record, run, write

REPO = Path(__file__).resolve().parents[2]
ENTRY = (
    '    ReasonCode(\n        "XNN.THROWAWAY",\n        "A cause no backend has yet.",\n'
    '        "Nothing: this code exists only in a test.",\n    ),\n'
)


def test_a_new_reason_code_is_one_entry(tmp_path: Path) -> None:
    copy = tmp_path / "et_log_report"
    shutil.copytree(REPO / "et_log_report", copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "docs", tmp_path / "docs")  # the page the docs command writes
    codes = copy / "codes.py"
    text = codes.read_text(encoding="utf-8")
    opening = "CODES: tuple[ReasonCode, ...] = (\n"
    assert opening in text
    codes.write_text(text.replace(opening, opening + ENTRY, 1), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}

    def command(*argv: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", *argv], env=env, capture_output=True, text=True, cwd=tmp_path
        )
        assert done.returncode == 0, done.stderr
        return done

    assert (
        "XNN.THROWAWAY\n  A cause no backend has yet." in command("et_log_report", "codes").stdout
    )
    left = node("pow", "aten.pow.Tensor_Scalar", 3, code="XNN.THROWAWAY", text="why")
    path = write(tmp_path / "record.json", record(run("XnnpackPartitioner", [left])))
    shown = command("et_log_report", "show", str(path)).stdout
    assert "Nothing: this code exists only in a test." in shown, shown
    command("et_log_report.docs")
    page = (tmp_path / "docs" / "delegation.md").read_text(encoding="utf-8")
    row = "| `XNN.THROWAWAY` | A cause no backend has yet. | Nothing: this code exists only in a test. |"
    assert row in page and row not in (REPO / "docs" / "delegation.md").read_text(encoding="utf-8")
