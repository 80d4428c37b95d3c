"""Adding a backend's recipe is its recipe, its line in `RECIPES`, its reason codes and, for a
new backend folder, its row of the runtime's names (docs/ARCHITECTURE.md, "ExecuTorch recipes"):
a throwaway backend, written into a copy of the packages, is migrated with its rejections coded,
named in the report and the docs' tables, and the code tables' own test accepts it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("et_log_docs", "lint_rules", "codemods", "et_log_runtime", "et_log_report")

# The backend's support check, in the common shape: a log line, then `return False`.
PARTITIONER = """import logging

logger = logging.getLogger(__name__)


class AcmeOperatorSupport:
    def is_node_supported(self, submodules, node) -> bool:
        if node.target in ("aten.add.Tensor",):
            return True
        logger.debug(f"Acme cannot run {node.target}")
        return False
"""
RECIPE = (
    '\n\nACME = log_then_reject("acme-rejections", "backends/acme/partitioner.py", "Acme", '
    '"ACME.UNSUPPORTED")\n'
)
CODE = (
    '    ReasonCode(\n        "ACME.UNSUPPORTED",\n        "Acme has no kernel for this operator.",\n'
    "        _ELSEWHERE,\n    ),\n"
)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} moved"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _copy_with_backend(root: Path) -> None:
    for package in PACKAGES:
        shutil.copytree(
            REPO / package, root / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copytree(REPO / "docs", root / "docs")
    recipes = root / "codemods" / "recipes"
    _edit(recipes / "rejection_sites.py", "\nCOREAI = ", RECIPE.rstrip("\n") + "\nCOREAI = ")
    _edit(
        recipes / "__init__.py",
        "    rejection_sites.COREAI,\n",
        "    rejection_sites.COREAI,\n    rejection_sites.ACME,\n",
    )
    codes = root / "et_log_report" / "codes.py"
    _edit(codes, '    "MLX": "MLX",\n', '    "MLX": "MLX",\n    "ACME": "Acme",\n')
    _edit(
        codes, "CODES: tuple[ReasonCode, ...] = (\n", "CODES: tuple[ReasonCode, ...] = (\n" + CODE
    )
    _edit(root / "et_log_runtime" / "names.py", '    "aoti",\n', '    "acme",\n    "aoti",\n')


def _run(root: Path, *args: str, cwd: Path | None = None) -> str:
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.run(
        [sys.executable, *args],
        cwd=cwd or root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, f"{args}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


def test_a_new_backend_recipe_is_its_recipe_its_codes_and_a_names_row(tmp_path: Path) -> None:
    _copy_with_backend(tmp_path)
    tree = tmp_path / "tree" / "executorch"
    (tree / "backends" / "acme").mkdir(parents=True)
    (tree / "backends" / "__init__.py").touch()
    (tree / "backends" / "acme" / "__init__.py").touch()
    partitioner = tree / "backends" / "acme" / "partitioner.py"
    partitioner.write_text(PARTITIONER, encoding="utf-8")
    report = tmp_path / "report.md"
    migrate = ["-m", "codemods.migrate", "backends", "-q", "--recipes", "delegation-record"]
    _run(tmp_path, *migrate, "--report", str(report), cwd=tree)
    migrated = partitioner.read_text(encoding="utf-8")
    assert 'code="ACME.UNSUPPORTED"' in migrated and "report_rejection(" in migrated, migrated
    text = report.read_text(encoding="utf-8")
    assert "| acme-rejections | `backends/acme/partitioner.py` | applied |" in text, text
    assert "| acme |" in text  # its own component: the names row

    _run(tmp_path, "-m", "codemods.recipes.docs")
    _run(tmp_path, "-m", "et_log_report.docs")
    codemod = (tmp_path / "docs" / "codemod.md").read_text(encoding="utf-8")
    assert "| `acme-rejections` | `backends/acme/partitioner.py` |" in codemod
    delegation = (tmp_path / "docs" / "delegation.md").read_text(encoding="utf-8")
    assert "#### Acme (`ACME.`)" in delegation
    assert "| `ACME.UNSUPPORTED` | Acme has no kernel for this operator. |" in delegation

    # the table's own test: every code a recipe writes is an entry, and every entry is written
    table_test = REPO / "tests" / "codemods" / "test_reason_codes.py"
    out = _run(
        tmp_path,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-k",
        "the_table_is",
        str(table_test),
    )
    assert "1 passed" in out, out
