"""Every Python the package declares is installable and tested: Python 3.10 gets the TOML
reader the lint needs, CI runs the suite on the oldest and the newest supported Python."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
CI_PYTHONS = ("3.10", "3.13")  # the oldest and the newest supported Python this machine has


def test_python_3_10_gets_tomli_and_newer_pythons_do_not():
    (tomli,) = [Requirement(r) for r in PROJECT["dependencies"] if r.startswith("tomli")]
    assert tomli.marker is not None
    assert tomli.marker.evaluate({"python_version": "3.10"})
    assert not tomli.marker.evaluate({"python_version": "3.11"})
    pins = (ROOT / "constraints.txt").read_text(encoding="utf-8")
    assert re.search(r"^tomli==[\d.]+", pins, re.M), "constraints.txt must pin tomli"


def test_ci_runs_the_oldest_and_the_newest_supported_python():
    supported = SpecifierSet(PROJECT["requires-python"])
    assert all(version in supported for version in CI_PYTHONS)
    assert "3.9" not in supported  # 3.10 is the oldest
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^versions=\(3\.10 3\.13\)$", script, re.M), script
    assert "VENV=$venv bash scripts/bootstrap.sh" in script
    assert '"$venv/bin/python" -m pytest -q -m "not e2e"' in script
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert {".venv", ".venv310", ".venv313"} <= set(ignored)  # as files too: a worktree's symlink


def test_each_pin_that_differs_by_python_covers_every_supported_version():
    """A pin with a `python_version` marker has a twin for the other versions."""
    by_name: dict[str, list[Requirement]] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            requirement = Requirement(line)
            by_name.setdefault(requirement.name, []).append(requirement)
    for name, pins in by_name.items():
        for version in ("3.10", "3.11", "3.12", "3.13"):
            matching = [
                p
                for p in pins
                if p.marker is None or p.marker.evaluate({"python_version": version})
            ]
            assert len(matching) == 1, (name, version, matching)
