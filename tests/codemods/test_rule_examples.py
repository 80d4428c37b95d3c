"""Every rule's own examples: invalid -> exactly `fixed` (or untouched and listed for review),
then idempotent; valid -> untouched."""

from __future__ import annotations

import pytest

from codemods.pipeline import migrate_source
from lint_rules.rules import ALL_RULES

INVALID = [
    pytest.param(rule, example, id=f"{rule.code}-invalid-{i}")
    for rule in ALL_RULES
    for i, example in enumerate(rule.invalid)
]
VALID = [
    pytest.param(rule, example, id=f"{rule.code}-valid-{i}")
    for rule in ALL_RULES
    for i, example in enumerate(rule.valid)
]


@pytest.mark.parametrize(("rule", "example"), INVALID)
def test_invalid_example_becomes_fixed(rule, example, config):
    result = migrate_source(example.code, example.path, config)
    assert result.error is None
    if example.fixed is None:
        assert result.new_text == example.code
        assert any(r.finding.code == rule.code for r in result.review)
        return
    assert result.new_text == example.fixed
    if rule.fixable:
        assert any(r.finding.code == rule.code for r in result.rewritten)
    else:  # review-only kinds: `fixed` shows what the other kinds' fixes do around them
        assert any(r.finding.code == rule.code for r in result.review)
    again = migrate_source(result.new_text, example.path, config)
    assert again.error is None
    assert again.new_text == result.new_text, "second run changed the output"
    compile(result.new_text, example.path, "exec")


@pytest.mark.parametrize(("rule", "example"), VALID)
def test_valid_example_is_left_alone(rule, example, config):
    result = migrate_source(example.code, example.path, config)
    assert result.error is None
    assert rule.code not in {r.finding.code for r in result.rewritten}
    assert rule.code not in {r.finding.code for r in result.review}
    if not result.rewritten:
        assert result.new_text == example.code


def test_every_fixable_rule_has_a_fixed_example():
    for rule in ALL_RULES:
        if rule.fixable:
            assert any(e.fixed is not None for e in rule.invalid), rule.code


def test_every_review_only_rule_shows_the_fixes_around_it():
    """Keeps the review-only branch of test_invalid_example_becomes_fixed reachable."""
    review_only = [rule for rule in ALL_RULES if not rule.fixable]
    assert review_only
    for rule in review_only:
        assert any(e.fixed is not None for e in rule.invalid), rule.code
