"""The e2e environment's bookkeeping, without building a venv (fast; not marked e2e)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from harness import wheel_env
from harness.wheel_env import WheelEnv, WheelEnvError, cache_key, copy_executorch, tree_hash


def _package(root: Path) -> Path:
    (root / "exir" / "__pycache__").mkdir(parents=True)
    (root / "exir" / "__init__.py").write_text("")
    (root / "exir" / "pass_manager.py").write_text("import logging\n")
    (root / "exir" / "__pycache__" / "pass_manager.cpython-311.pyc").write_bytes(b"\0")
    (root / "lib.so").write_bytes(b"\x7fELF")
    return root


def test_tree_hash_sees_source_edits_and_ignores_bytecode(tmp_path):
    package = _package(tmp_path / "executorch")
    before = tree_hash(package)
    (package / "exir" / "__pycache__" / "other.cpython-311.pyc").write_bytes(b"\1")
    assert tree_hash(package) == before
    (package / "exir" / "pass_manager.py").write_text("from et_log_runtime import get_logger\n")
    assert tree_hash(package) != before


def test_cache_key_names_the_pins_and_follows_the_constraints(tmp_path):
    (tmp_path / "constraints.txt").write_text("torch==2.13.0\n")
    first = cache_key(tmp_path)
    assert "torch2.13.0" in first and "executorch1.5.1" in first
    assert f"py{sys.version_info.major}{sys.version_info.minor}" in first
    (tmp_path / "constraints.txt").write_text("torch==2.13.0\nlibcst==1.9.0\n")
    assert cache_key(tmp_path) != first


def test_project_fingerprint_changes_with_the_sources(tmp_path):
    for name in ("et_log_runtime", "lint_rules", "codemods"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'et-log'\n")
    first = wheel_env.project_fingerprint(tmp_path)
    (tmp_path / "codemods" / "migrate.py").write_text("x = 1\n")
    assert wheel_env.project_fingerprint(tmp_path) != first


def test_the_copy_is_independent_of_the_installed_package(tmp_path):
    installed = _package(tmp_path / "site" / "executorch")
    pristine = tree_hash(installed)
    env = WheelEnv(tmp_path, Path(sys.executable), installed, tmp_path / "et-log")
    overlay = copy_executorch(env, tmp_path / "overlay")
    copied = overlay / "executorch"
    assert not (copied / "exir" / "__pycache__").exists()
    assert (copied / "lib.so").read_bytes() == b"\x7fELF"
    (copied / "exir" / "pass_manager.py").write_text("# migrated\n")
    assert tree_hash(installed) == pristine


def test_a_failing_pip_step_raises_with_pip_s_own_message():
    with pytest.raises(WheelEnvError) as caught:
        wheel_env._run_pip(Path(sys.executable), ["install", "--no-such-option"], "step X", print)
    message = str(caught.value)
    assert "step X failed" in message and "no such option" in message


def test_child_processes_get_telemetry_off_and_no_scrubbed_variable(monkeypatch):
    monkeypatch.setenv("TORCH_LOGS", "+executorch")
    monkeypatch.setenv("PYTEST_ADDOPTS", "-x")
    monkeypatch.delenv("CI", raising=False)
    env = wheel_env.child_base_env(drop=("PYTEST_ADDOPTS",))
    assert {k: env[k] for k in wheel_env.TELEMETRY_OFF} == wheel_env.TELEMETRY_OFF
    assert "TORCH_LOGS" not in env and "PYTEST_ADDOPTS" not in env
