"""Issue 21, class 1: a warning keeps its category's meaning. A category defined in another module
of the project is read from that module's file (never imported): ExecuTorch's `ExperimentalWarning`
(`exir/_warnings.py`, a DeprecationWarning subclass, reached in `extension/pybindings/
portable_lib.py` through a module alias) is an API signal, never flagged; a diagnostic class
defined elsewhere is rewritten into `warn(logger, ...)`; what cannot be read is left for review."""

from __future__ import annotations

from pathlib import Path

import pytest

from codemods.pipeline import migrate_source
from lint_rules import detect_source, load_config

WARNINGS_MODULE = '''"""Warning classes of the exporter."""


class ExperimentalWarning(DeprecationWarning):
    """An API that may change without notice."""


class ShapeWarning(UserWarning):
    pass
'''
# portable_lib.py's shape: the module aliased, the class reached as an attribute, at import time
PORTABLE_LIB = """import logging
import warnings as _warnings

import executorch.exir._warnings as _exir_warnings

_warnings.warn(
    "This API is experimental and subject to change without notice.",
    _exir_warnings.ExperimentalWarning,
)

logger = logging.getLogger(__name__)
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text('[tool.et-log]\npackage = "executorch"\n')
    (tmp_path / "exir").mkdir()
    (tmp_path / "exir" / "_warnings.py").write_text(WARNINGS_MODULE)
    (tmp_path / "extension" / "pybindings").mkdir(parents=True)
    return tmp_path


def _codes(tree: Path, rel: str, text: str) -> list[tuple[str, bool]]:
    path = tree / rel
    path.write_text(text)
    config = load_config(tree)
    return [(f.code, f.fixable) for f in detect_source(text, str(path), config)]


def test_a_deprecation_subclass_defined_elsewhere_is_never_flagged(tree: Path) -> None:
    rel = "extension/pybindings/portable_lib.py"
    assert ("ETL004", True) not in _codes(tree, rel, PORTABLE_LIB)
    assert all(code != "ETL004" for code, _ in _codes(tree, rel, PORTABLE_LIB))
    path = tree / rel
    result = migrate_source(PORTABLE_LIB, str(path), load_config(tree))
    assert result.error is None
    assert "_warnings.warn(\n" in result.new_text  # the signal is kept as written
    assert "_exir_warnings.ExperimentalWarning,\n" in result.new_text


@pytest.mark.parametrize(
    "spelling",
    [
        "from executorch.exir._warnings import ExperimentalWarning as Category\n",
        "from executorch.exir import _warnings\n\nCategory = None\n",
    ],
)
def test_other_spellings_of_the_signal(tree: Path, spelling: str) -> None:
    category = "Category" if "as Category" in spelling else "_warnings.ExperimentalWarning"
    text = f'import warnings\n\n{spelling}\n\ndef f():\n    warnings.warn("x", {category})\n'
    assert _codes(tree, "exir/user.py", text) == []


def test_a_subclass_of_a_subclass_in_a_third_module(tree: Path) -> None:
    (tree / "exir" / "api.py").write_text(
        "from ._warnings import ExperimentalWarning\n\n\n"
        "class BetaWarning(ExperimentalWarning):\n    pass\n"
    )
    text = (
        "import warnings\n\nfrom executorch.exir.api import BetaWarning\n\n\n"
        'def f():\n    warnings.warn("beta", BetaWarning, stacklevel=2)\n'
    )
    assert _codes(tree, "exir/user.py", text) == []


def test_a_diagnostic_class_defined_elsewhere_is_found_and_left_as_written(tree: Path) -> None:
    text = (
        "import warnings\n\nfrom executorch.exir._warnings import ShapeWarning\n\n\n"
        'def f(n):\n    warnings.warn(f"odd shape {n}", ShapeWarning, stacklevel=2)\n'
    )
    assert _codes(tree, "exir/user.py", text) == [("ETL004", False)]
    path = tree / "exir" / "user.py"
    result = migrate_source(text, str(path), load_config(tree))
    assert result.new_text == text  # a warning is its owner's to change


def test_a_category_the_lint_cannot_read_is_left_for_review(tree: Path) -> None:
    (tree / "exir" / "_warnings.py").unlink()  # the module is gone: nothing proves a diagnostic
    text = (
        "import warnings\n\nfrom executorch.exir.elsewhere import OddWarning\n\n\n"
        'def f():\n    warnings.warn("m", OddWarning)\n'
    )
    path = tree / "exir" / "user.py"
    findings = detect_source(text, str(path), load_config(tree))
    assert [(f.code, f.fixable) for f in findings] == [("ETL004", False)]
    assert "API signal" in findings[0].reason
    result = migrate_source(text, str(path), load_config(tree))
    assert result.new_text == text
