"""The hand-written value records (`lint_rules.record`) keep what `dataclass(frozen=True)` gave."""

from __future__ import annotations

import ast
import copy
import pickle
from pathlib import Path

import pytest

from lint_rules.config import Config
from lint_rules.finding import Finding
from lint_rules.rules.base import Example, Site


def _finding(**changes: object) -> Finding:
    return Finding("exir/a.py", 3, 5, 3, 12, "ETL008", "print", True, "", "print(x)").replace(
        **changes
    )


def test_equal_by_value_and_hashed_alike() -> None:
    assert _finding() == _finding()
    assert hash(_finding()) == hash(_finding())
    assert _finding() != _finding(line=4)
    assert len({_finding(), _finding(), _finding(col=1)}) == 2


def test_frozen() -> None:
    finding = _finding()
    with pytest.raises(AttributeError, match="frozen"):
        finding.line = 9  # type: ignore[misc]
    with pytest.raises(AttributeError, match="frozen"):
        del finding.line


def test_replace_changes_only_the_named_fields() -> None:
    finding = _finding().replace(fixable=False, reason="a test asserts on it")
    assert (finding.fixable, finding.reason, finding.source) == (
        False,
        "a test asserts on it",
        "print(x)",
    )
    with pytest.raises(TypeError, match="no field colour"):
        _finding(colour="red")


def test_repr_names_every_field() -> None:
    assert repr(Site(ast.Pass(), review="why")).startswith("Site(node=<ast.Pass object")
    assert repr(_finding()).endswith("reason='', source='print(x)')")


def test_source_file_is_not_compared() -> None:
    assert Config(source_file=Path("a/pyproject.toml")) == Config(source_file=Path("b/x.toml"))
    assert Config(package="other") != Config()
    assert "source_file" not in dict(Config().compared_items())


def test_pickled_and_copied_without_running_init_again() -> None:
    # An example whose code opens with a newline after dedenting must not be dedented twice.
    example = Example("\n    \n    x = 1\n    ", fixed="\n    y = 2\n    ")
    assert pickle.loads(pickle.dumps(example)) == example
    assert copy.deepcopy(example).code == example.code
    assert pickle.loads(pickle.dumps(_finding())) == _finding()
