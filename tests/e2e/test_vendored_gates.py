"""The vendored runtime under ExecuTorch's own gates: FLAKE8, UFMT, MYPY (``.mypy.ini``), license.

The target is a copy of our sample tree with ExecuTorch's configuration: its real ``.flake8``,
``pyproject.toml``, ``.mypy.ini``, root ``conftest.py`` and backend folder names when
``ET_LOG_EXECUTORCH_SRC`` names an ExecuTorch checkout, else the same settings from
``tests/data/executorch_config`` (so the check runs in CI). The tools are ExecuTorch's pins
(``executorch_gates.py``). Every vendored file, the hook module and the edited ``conftest.py``
must come out with zero findings.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from executorch_gates import ensure_gates_env, flake8, license_problems, mypy, ufmt_unformatted

from codemods.vendor import vendor

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_tree" / "executorch"
OWN_CONFIG = REPO / "tests" / "data" / "executorch_config"
CONFIG_FILES = {
    ".flake8": "flake8.ini",
    "pyproject.toml": "pyproject.toml",
    ".mypy.ini": "mypy.ini",
}


def _target(tmp_path: Path) -> tuple[Path, str]:
    root = tmp_path / "executorch"
    shutil.copytree(SAMPLE, root)
    source = os.environ.get("ET_LOG_EXECUTORCH_SRC")
    if not source:
        for name, ours in CONFIG_FILES.items():
            shutil.copy2(OWN_CONFIG / ours, root / name)
        return root, "tests/data/executorch_config"
    upstream = Path(source)
    for name in [*CONFIG_FILES, "conftest.py"]:
        shutil.copy2(upstream / name, root / name)
    license_block = (upstream / "exir" / "__init__.py").read_text(encoding="utf-8")
    header = "".join(line for line in license_block.splitlines(True) if line.startswith("#"))
    (root / "exir" / "__init__.py").write_text(header, encoding="utf-8")
    for group in ("backends", "backends/apple"):
        for folder in (upstream / group).iterdir():
            if folder.is_dir() and next(folder.rglob("*.py"), None) is not None:
                (root / group / folder.name).mkdir(parents=True, exist_ok=True)
                (root / group / folder.name / "__init__.py").touch()
    return root, str(upstream)


def test_vendored_runtime_passes_executorch_s_gates(tmp_path: Path) -> None:
    root, config_from = _target(tmp_path)
    done = vendor(root)
    assert done.manual == [], done.manual
    python = ensure_gates_env()
    generated = sorted(
        p.relative_to(root).as_posix()
        for p in [*done.folder.glob("*.py"), root / "_logging_hook.py"]
    )
    assert len(generated) >= 15, generated
    python_files = [*generated, "conftest.py"]
    problems = {
        "flake8": flake8(python, root, python_files),
        "ufmt": ufmt_unformatted(python, root, python_files),
        "mypy": mypy(python, root, generated),
        "license": license_problems(root, generated),
    }
    assert problems == {"flake8": [], "ufmt": [], "mypy": [], "license": []}, (
        f"config from {config_from}"
    )
    assert vendor(root).changed == [], "a second run must change nothing"
