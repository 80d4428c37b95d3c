"""Fixtures for the codemod tests (helpers live in codemod_support.py)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from codemod_support import SAMPLE, SNAPSHOTS, UPDATE_SNAPSHOTS, compare_with_snapshot

from lint_rules import Config, load_config


@pytest.fixture(scope="session")
def config() -> Config:
    return load_config(str(SAMPLE))


@pytest.fixture()
def sample_copy(tmp_path: Path) -> Path:
    """A throw-away copy of the bundled sample tree (never migrate the original)."""
    target = tmp_path / "executorch"
    shutil.copytree(SAMPLE, target)
    return target


@pytest.fixture()
def snapshot(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """`snapshot(text)`: the test's whole output against its file under snapshots/ (one folder per
    test module, one file per test and parameter); ET_LOG_UPDATE_SNAPSHOTS=1 rewrites the files."""
    folder = SNAPSHOTS / request.node.path.stem.removeprefix("test_")
    name = request.node.name.removeprefix("test_").replace("[", ".").rstrip("]")
    name = re.sub(r"[^\w.-]", "_", name)  # a parameter's id may hold a path
    update = os.environ.get(UPDATE_SNAPSHOTS) == "1"
    file = folder / f"{name}.py.txt"
    return lambda text: compare_with_snapshot(text, file, update, request.node.nodeid)
