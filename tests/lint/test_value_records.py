"""The lint's value records (frozen dataclasses): what their users rely on beyond `dataclass`
itself: a config compared without where it was read, examples dedented once (also when a forked
worker unpickles them), findings that survive the trip through a worker's pipe."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path

import pytest

from lint_rules.config import Config
from lint_rules.finding import Finding
from lint_rules.rules.base import Example


def _finding(**changes: object) -> Finding:
    found = Finding("exir/a.py", 3, 5, 3, 12, "ETL008", "print", True, "", "print(x)")
    return dataclasses.replace(found, **changes)  # type: ignore[arg-type]


def test_equal_by_value_hashed_alike_and_frozen() -> None:
    assert _finding() == _finding() and hash(_finding()) == hash(_finding())
    assert len({_finding(), _finding(), _finding(col=1)}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        _finding().line = 9  # type: ignore[misc]


def test_source_file_is_not_compared() -> None:
    assert Config(source_file=Path("a/pyproject.toml")) == Config(source_file=Path("b/x.toml"))
    assert Config(package="other") != Config()
    compared = [f.name for f in dataclasses.fields(Config) if f.compare]
    assert "source_file" not in compared and "package" in compared


def test_an_example_is_dedented_once_also_when_pickled_or_copied() -> None:
    # An example whose code opens with a newline after dedenting must not be dedented twice.
    example = Example("\n    \n    x = 1\n    ", fixed="\n    y = 2\n    ")
    assert example.code == "\nx = 1\n" and example.fixed == "y = 2\n"
    assert pickle.loads(pickle.dumps(example)) == example
    assert copy.deepcopy(example).code == example.code
    assert pickle.loads(pickle.dumps(_finding())) == _finding()
