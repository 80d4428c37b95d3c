"""Every rule's own examples: invalid -> exactly `fixed` (or untouched and listed for review),
then idempotent; valid -> untouched."""

from __future__ import annotations

import pytest

from codemods.pipeline import Rewritten, migrate_source
from codemods.shared.review import SiteReview
from lint_rules import detect_source
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


def _at(item: Rewritten | SiteReview) -> tuple[int, int]:
    return item.finding.line, item.finding.col


@pytest.mark.parametrize(("rule", "example"), INVALID)
def test_invalid_example_becomes_fixed(rule, example, config):
    result = migrate_source(example.code, example.path, config)
    assert result.error is None
    if example.fixed is None:
        assert result.new_text == example.code
        assert any(r.finding.code == rule.code for r in result.review)
        return
    assert result.new_text == example.fixed
    # each of the kind's sites is rewritten when the lint says it is fixable, else it is for
    # review (a review-only kind, or a site the kind keeps: ETL005's basicConfig a verbose flag
    # prints through), `fixed` showing what the other kinds' fixes do around it
    own = [f for f in detect_source(example.code, example.path, config) if f.code == rule.code]
    fixable = {(f.line, f.col) for f in own if f.fixable}
    assert fixable == {_at(r) for r in result.rewritten if r.finding.code == rule.code}
    kept = {(f.line, f.col) for f in own if not f.fixable}
    assert kept <= {_at(r) for r in result.review if r.finding.code == rule.code}
    assert own and (fixable or not rule.fixable or kept)
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
