"""Shared helpers for the codemod tests: paths, a one-call migrate() and snapshot files.

A module of its own rather than conftest.py: `from conftest import ...` resolves to whichever test
folder's conftest pytest imported last when the whole suite runs.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from codemods.pipeline import SourceResult, migrate_source
from codemods.recipes import RECIPES, Recipe
from codemods.recipes.apply import recipes_for
from lint_rules import Config

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_tree" / "executorch"
PYTHON = sys.executable

# Two tests of `executorch.exir.lib` that assert on what its sites write (a warning and a
# printed line): test_capturing_tests.py and test_cli_agreement.py build their test files from them.
ASSERTING_TESTS = """\
def test_warns():
    with pytest.warns(UserWarning, match="preserve_io_quantization=True is redundant"):
        lib.configure(True)


def test_prints(capsys):
    lib.partition("pow")
    assert "Op not supported by the partitioner" in capsys.readouterr().out
"""


def every_recipe(path: str) -> list[Recipe]:
    """Every recipe of the file at ``path``, the delegation record's (opt-in) among them."""
    return recipes_for(path, RECIPES)


def migrate(text: str, config: Config, path: str = "executorch/exir/example.py") -> SourceResult:
    result = migrate_source(text, path, config)
    assert result.error is None, result.error
    return result


SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
UPDATE_SNAPSHOTS = "ET_LOG_UPDATE_SNAPSHOTS"


def compare_with_snapshot(
    text: str, snapshot: Path, update: bool = False, test: str = "<the test>"
) -> None:
    """Fail, with a unified diff and the command that updates it, unless `text` is the snapshot
    file's text; with `update`, write `text` into the file instead (for a change meant to alter
    the output: the new snapshot is then reviewed in the commit's diff)."""
    if update:
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        snapshot.write_text(text, encoding="utf-8", newline="")
        return
    shown = snapshot.relative_to(REPO) if snapshot.is_relative_to(REPO) else snapshot
    how = f"if the new output is right: {UPDATE_SNAPSHOTS}=1 .venv/bin/python -m pytest '{test}'"
    if not snapshot.is_file():
        raise AssertionError(f"no snapshot {shown}; {how} writes it")
    expected = snapshot.read_bytes().decode("utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            text.splitlines(keepends=True),
            f"{shown} (snapshot)",
            "this run",
        )
        raise AssertionError(f"output differs from {shown}:\n{''.join(diff)}\n{how}")
