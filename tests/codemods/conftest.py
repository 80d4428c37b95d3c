"""Fixtures for the codemod tests (helpers live in codemod_support.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from codemod_support import SAMPLE

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
