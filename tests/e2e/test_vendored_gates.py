"""The vendored runtime under ExecuTorch's own gates: FLAKE8, UFMT, MYPY (``.mypy.ini``), license.

The target is a copy of our sample tree with ExecuTorch's configuration: its real ``.flake8``,
``pyproject.toml``, ``.mypy.ini``, ``pytest.ini``, ``setup.py`` and backend folder names when
``ET_LOG_EXECUTORCH_SRC`` names an ExecuTorch checkout, else the same settings from
``tests/data/executorch_config`` (so the check runs in CI). The tools are ExecuTorch's pins
(``executorch_gates.py``). Every vendored file, its tests included, must come out with zero
findings, and nothing vendoring wrote may say "do not edit": the code is ExecuTorch's own.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from harness.executorch_gates import (
    ensure_gates_env,
    flake8,
    license_problems,
    mypy,
    ufmt_unformatted,
)
from harness.vendored import runtime_with_tests

from codemods.vendor.command import vendor

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_tree" / "executorch"
OWN_CONFIG = REPO / "tests" / "data" / "executorch_config"
CONFIG_FILES = {
    ".flake8": "flake8.ini",
    "pyproject.toml": "pyproject.toml",
    ".mypy.ini": "mypy.ini",
}
UPSTREAM_ONLY = ("pytest.ini", "setup.py")


def _target(tmp_path: Path) -> tuple[Path, str]:
    root = tmp_path / "executorch"
    shutil.copytree(SAMPLE, root)
    mirror = root / "src" / "executorch"  # as ExecuTorch packages its folders (mypy_path: src)
    mirror.mkdir(parents=True)
    for folder in ("exir", "backends"):
        (mirror / folder).symlink_to(f"../../{folder}")
    source = os.environ.get("ET_LOG_EXECUTORCH_SRC")
    if not source:
        for name, ours in CONFIG_FILES.items():
            shutil.copy2(OWN_CONFIG / ours, root / name)
        return root, "tests/data/executorch_config"
    upstream = Path(source)
    for name in [*CONFIG_FILES, *UPSTREAM_ONLY]:
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


def test_vendored_runtime_passes_executorch_s_gates(tmp_path: Path, wheel) -> None:
    root, config_from = _target(tmp_path)
    runtime = runtime_with_tests(tmp_path / "tool") / "et_log_runtime"
    done = vendor(root, runtime=runtime)
    assert done.manual == [], done.manual
    python = ensure_gates_env()
    vendored = sorted(p.relative_to(root).as_posix() for p in done.folder.rglob("*.py"))
    vendored.append("logs_hook.py")
    expected = {"__init__.py", "names.py", "state.py", "torch_api.py", "test/__init__.py"}
    assert {f"logs/{name}" for name in expected} <= set(vendored), vendored
    assert (root / "src" / "executorch" / "logs_hook.py").is_symlink()
    assert (root / "src" / "executorch" / "logs").is_symlink()
    problems = {
        "flake8": flake8(python, root, vendored),
        "ufmt": ufmt_unformatted(python, root, vendored),
        "mypy": mypy(python, root, vendored, packages_of=wheel.python),  # its tests use torch
        "license": license_problems(root, vendored),
    }
    assert problems == {"flake8": [], "ufmt": [], "mypy": [], "license": []}, (
        f"config from {config_from}"
    )
    written = [root / name for name in done.written() if (root / name).is_file()]
    assert [p for p in written if "do not edit" in p.read_text(encoding="utf-8").lower()] == []
    assert vendor(root, runtime=runtime).written() == [], "a second run must change nothing"
