"""ExecuTorch's FLAKE8 and UFMT gates hold on every file the migration changes: no finding the
pristine file did not have, no file ufmt would reformat that it did not before.

Needs an ExecuTorch checkout named by ET_LOG_EXECUTORCH_SRC (skipped otherwise) and builds the gates'
venv at ExecuTorch's pins once (cached under ET_LOG_E2E_CACHE)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from harness.executorch_gates import ensure_gates_env, flake8, ufmt_unformatted
from harness.executorch_gates_report import FOLDERS, GateFigures, measure

SOURCE = os.environ.get("ET_LOG_EXECUTORCH_SRC")
needs_executorch = pytest.mark.skipif(
    not SOURCE, reason="set ET_LOG_EXECUTORCH_SRC to an ExecuTorch checkout to run its lint gates"
)


def test_new_findings_are_counted_by_file_code_and_message() -> None:
    figures = GateFigures(
        changed=("a.py", "b.py"),
        flake8_before=("a.py:3:1: F401 'os' imported but unused",),
        flake8_after=(
            "a.py:5:1: F401 'os' imported but unused",  # moved by the added import: not new
            "a.py:9:1: F401 'os' imported but unused",  # a second one: new
            "b.py:1:1: E501 line too long (90 > 80 characters)",
        ),
        ufmt_before=("a.py",),
        ufmt_after=("a.py", "b.py"),
    )
    assert figures.new_flake8 == [
        "a.py:9:1: F401 'os' imported but unused",
        "b.py:1:1: E501 line too long (90 > 80 characters)",
    ]
    assert figures.new_ufmt == ["b.py"]


@needs_executorch
def test_the_gates_see_a_bad_file(tmp_path: Path) -> None:
    """The harness can fail: ExecuTorch's own config flags an unused import and a bad layout."""
    assert SOURCE is not None
    for name in (".flake8", "pyproject.toml"):
        shutil.copy2(Path(SOURCE) / name, tmp_path / name)
    (tmp_path / "bad.py").write_text("import os\nx = [1,2]\n", encoding="utf-8")
    python = ensure_gates_env()
    assert any(" F401 " in line for line in flake8(python, tmp_path, ["bad.py"]))
    assert ufmt_unformatted(python, tmp_path, ["bad.py"]) == ["bad.py"]


@needs_executorch
def test_migrated_executorch_passes_its_flake8_and_ufmt() -> None:
    assert SOURCE is not None
    figures = measure(Path(SOURCE), ensure_gates_env(), FOLDERS)
    assert len(figures.changed) > 100, "the migration changed too few files to be the real tree"
    assert figures.new_flake8 == []
    assert figures.new_ufmt == []
