"""Every rule's own examples are its tests: valid never flagged, invalid flagged exactly where the
example says (`Example.at`: each finding's line and column, once each)."""

from __future__ import annotations

import ast
import re
import sys

import pytest

from lint_rules import Config, detect_source
from lint_rules.rules import ALL_RULES, RULES_BY_CODE, Example

CONFIG = Config()
# Test ids name the example: ETL002-invalid-3 is ETL002's fourth invalid example.
VALID = [
    pytest.param(r.code, i, e, id=f"{r.code}-valid-{i}")
    for r in ALL_RULES
    for i, e in enumerate(r.valid)
]
INVALID = [
    pytest.param(r.code, i, e, id=f"{r.code}-invalid-{i}")
    for r in ALL_RULES
    for i, e in enumerate(r.invalid)
]


def test_all_rules_in_code_order_each_from_its_own_module() -> None:
    codes = [r.code for r in ALL_RULES]
    assert codes == sorted(set(codes)) and all(re.fullmatch(r"ETL\d{3}", c) for c in codes)
    for rule in ALL_RULES:
        module = sys.modules[rule.detect.__module__].__name__.rpartition(".")[2]
        assert module == f"etl{rule.code[-3:]}_{rule.name.replace('-', '_')}", rule.code
        assert RULES_BY_CODE[rule.code] is rule


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.code)
def test_rule_is_documented_and_has_examples(rule) -> None:
    for text in (rule.message, rule.what_it_does, rule.why_bad, rule.use_instead):
        assert text.strip()
    assert len(rule.valid) >= 3 and len(rule.invalid) >= 3


@pytest.mark.parametrize(("code", "index", "example"), VALID)
def test_valid_example_is_not_flagged(code, index, example) -> None:
    ast.parse(example.code)
    found = [f for f in detect_source(example.code, example.path, CONFIG) if f.code == code]
    assert found == [], example.note


@pytest.mark.parametrize(("code", "index", "example"), INVALID)
def test_invalid_example_is_flagged(code, index, example) -> None:
    findings = detect_source(example.code, example.path, CONFIG)
    assert example.at, f"{code} invalid example {index}: mark its sites with Example.at"
    found = [(f.line, f.col) for f in findings if f.code == code]
    assert found == list(example.at), example.note
    if example.fixed is None:
        # The codemod leaves the module unchanged: nothing in it may be fixable.
        assert not any(f.fixable for f in findings), findings
    else:
        ast.parse(example.fixed)
        # Something in the module is rewritten (for a review-only kind, another site).
        assert any(f.fixable for f in findings), findings
        if RULES_BY_CODE[code].fixable:
            assert any(f.fixable for f in findings if f.code == code), findings
        assert example.fixed != example.code
    for f in findings:
        assert f.fixable or f.reason, f


def test_fixed_examples_leave_no_site_behind() -> None:
    for rule in ALL_RULES:
        for example in rule.invalid:
            if example.fixed is None:
                continue
            left = detect_source(example.fixed, example.path, CONFIG)
            assert all(not f.fixable for f in left), (rule.code, example.note, left)


def test_a_block_is_read_as_the_module_it_shows() -> None:
    """A triple-quoted block drops its opening newline and its indentation; escaped text stays."""
    block = Example(
        code="""
            def f():

                return 1
        """,
        fixed="x = 1",
    )
    assert block.code == "def f():\n\n    return 1\n"
    assert block.fixed == "x = 1"
    assert Example(code="  x = 1\n").code == "  x = 1\n"
