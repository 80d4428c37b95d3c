"""Test modules are collected by basename (rootdir-relative imports without packages): two test
files with one name break the whole suite's collection, which only a full run shows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_every_test_module_has_its_own_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)
    assert [name for name, count in names.items() if count > 1] == []
