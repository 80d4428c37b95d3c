"""Test modules are collected by basename (rootdir-relative imports without packages): two test
files with one name break the whole suite's collection, which only a full run shows."""

from __future__ import annotations

import importlib.util
import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_every_test_module_has_its_own_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)
    assert [name for name, count in names.items() if count > 1] == []


def _module(relative: str) -> object:
    """The test module at tests/`relative`, imported under a private name."""
    spec = importlib.util.spec_from_file_location(
        "_ids_of_" + Path(relative).stem, TESTS / relative
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rule_examples_have_readable_ids() -> None:
    """`pytest -k ETL002-invalid-3` picks one example in the lint's and the codemod's tests."""
    for relative in ("lint/test_lint_rule_examples.py", "codemods/test_rule_examples.py"):
        module = _module(relative)
        params = [*module.VALID, *module.INVALID]  # type: ignore[attr-defined]
        ids = [getattr(param, "id", None) for param in params]
        bad = [i for i in ids if not re.fullmatch(r"ETL\d{3}-(valid|invalid)-\d+", str(i))]
        assert bad == [] and len(set(ids)) == len(ids) > 40, relative
