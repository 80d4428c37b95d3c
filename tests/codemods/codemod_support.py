"""Shared helpers for the codemod tests: paths and a one-call migrate().

A module of its own rather than conftest.py: `from conftest import ...` resolves to whichever test
folder's conftest pytest imported last when the whole suite runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

from codemods.pipeline import SourceResult, migrate_source
from lint_rules import Config

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_tree" / "executorch"
PYTHON = sys.executable

# Two tests of `executorch.exir.lib` that assert on what its sites write (a warning and a
# printed line): test_test_refs.py and test_cli_agreement.py build their test files from them.
ASSERTING_TESTS = """\
def test_warns():
    with pytest.warns(UserWarning, match="preserve_io_quantization=True is redundant"):
        lib.configure(True)


def test_prints(capsys):
    lib.partition("pow")
    assert "Op not supported by the partitioner" in capsys.readouterr().out
"""


def migrate(text: str, config: Config, path: str = "executorch/exir/example.py") -> SourceResult:
    result = migrate_source(text, path, config)
    assert result.error is None, result.error
    return result
