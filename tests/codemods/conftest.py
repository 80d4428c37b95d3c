"""Shared helpers for the codemod tests: a default config and a one-call migrate()."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from codemods.engine import SourceResult, migrate_source
from lint_rules import Config, load_config

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_tree" / "executorch"
PYTHON = sys.executable


@pytest.fixture(scope="session")
def config() -> Config:
    return load_config(str(SAMPLE))


def migrate(text: str, config: Config, path: str = "executorch/exir/example.py") -> SourceResult:
    result = migrate_source(text, path, config)
    assert result.error is None, result.error
    return result


@pytest.fixture()
def sample_copy(tmp_path: Path) -> Path:
    """A throw-away copy of the bundled sample tree (never migrate the original)."""
    target = tmp_path / "executorch"
    shutil.copytree(SAMPLE, target)
    return target
