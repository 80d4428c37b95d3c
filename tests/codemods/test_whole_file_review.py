"""A file is migrated completely or not at all: when its sites wait for review as a whole (a
file check's verdict), the recipes for it wait too, with the same reason, and the file keeps
its bytes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from codemods.migrate import main

PARTITIONER = "backends/openvino/partitioner.py"
TABLE = """

import logging


def show(graph_module):
    logging.info("the graph:")
    logging.info(graph_module.graph.print_tabular())
"""


def _run(tree: Path, report: Path) -> dict[str, object]:
    argv = [str(tree / "exir"), str(tree / "backends"), "-q", "-j", "1", "--recipes", "all"]
    assert main([*argv, "--report", str(report)]) == 0
    data: dict[str, object] = json.loads(report.read_text())
    return data


def test_the_recipes_of_a_file_left_for_review_wait_with_it(
    sample_copy: Path, tmp_path: Path
) -> None:
    second = tmp_path / "second" / "executorch"
    shutil.copytree(sample_copy, second)
    control = _run(sample_copy, tmp_path / "control.json")["recipes"]
    assert any(r["path"].endswith(PARTITIONER) and r["status"] == "applied" for r in control)  # type: ignore[index, union-attr]
    path = second / PARTITIONER
    path.write_text(path.read_text() + TABLE)
    before = path.read_bytes()
    data = _run(second, tmp_path / "second.json")
    assert path.read_bytes() == before
    mine = [r for r in data["recipes"] if r["path"].endswith(PARTITIONER)]  # type: ignore[union-attr]
    assert mine and all(r["status"] == "refused" for r in mine), mine
    assert all("waits for review as a whole" in r["detail"] for r in mine), mine
    assert all("print_tabular()" in r["detail"] for r in mine), mine
