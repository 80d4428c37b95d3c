"""Fixtures for the runtime tests (helpers live in runtime_support.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from runtime_support import EXIR_PASS, XNNPACK_PARTITION, run_python


@pytest.fixture(scope="session")
def et_pkg(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the throwaway ``executorch`` package (put it on PYTHONPATH)."""
    root = tmp_path_factory.mktemp("et_pkg")
    files = {
        "executorch/__init__.py": "",
        "executorch/exir/__init__.py": "",
        "executorch/exir/passes/__init__.py": "",
        "executorch/exir/passes/p.py": EXIR_PASS,
        "executorch/backends/__init__.py": "",
        "executorch/backends/xnnpack/__init__.py": "",
        "executorch/backends/xnnpack/partition/__init__.py": "",
        "executorch/backends/xnnpack/partition/q.py": XNNPACK_PARTITION,
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def run(et_pkg: Path):
    """``run(code, args=None, **env)`` -> CompletedProcess, with the throwaway package importable.

    ``args`` replaces ``-c code`` (for example ``["-c", code, "extra-arg"]``).
    """

    def _run(
        code: str | None, args: list[str] | None = None, **env: str
    ) -> subprocess.CompletedProcess[str]:
        return run_python(code or "", et_pkg, env, args)

    return _run
