"""The pre-commit hooks: valid for pre-commit, pointing at our entry points, torch-free."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport et-log declares for Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
PRE_COMMIT = Path(sys.executable).with_name("pre-commit")


@pytest.mark.skipif(not PRE_COMMIT.exists(), reason="pre-commit not installed in this venv")
@pytest.mark.parametrize(
    ("command", "name"),
    [
        ("validate-manifest", ".pre-commit-hooks.yaml"),
        ("validate-config", ".pre-commit-config.yaml"),
    ],
)
def test_pre_commit_accepts_the_files(command: str, name: str, tmp_path: Path) -> None:
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}  # not ~/.cache
    done = subprocess.run(
        [str(PRE_COMMIT), command, str(ROOT / name)], capture_output=True, env=env
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_offered_hook_runs_the_console_script() -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert hook["id"] == "et-log-lint" and hook["language"] == "python"
    assert project["scripts"][hook["entry"]] == "lint_rules.cli:run"
    # The hook environment installs the package's hard dependencies: torch must not be one.
    assert not any(dep.startswith("torch") for dep in project["dependencies"])


def test_own_hook_lints_this_repo_without_the_sample_tree() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: h for repo in config["repos"] for h in repo["hooks"]}
    hook = hooks["et-log-lint"]
    assert hook["entry"] == "python -m lint_rules"
    assert not hook.get("additional_dependencies")
    exclude = re.compile(hook["exclude"])
    assert exclude.search("sample_tree/executorch/exir/x.py")
    assert not exclude.search("lint_rules/cli.py")
