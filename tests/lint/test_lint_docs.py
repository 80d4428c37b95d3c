"""docs/rules.md is generated from the rule modules and must be up to date."""

from __future__ import annotations

from lint_rules.docs import RULES_MD, main, render
from lint_rules.rules import ALL_RULES


def test_rules_md_is_up_to_date() -> None:
    assert RULES_MD.read_text(encoding="utf-8") == render(), (
        "docs/rules.md is stale: run `python -m lint_rules.docs`"
    )
    assert main(["--check"]) == 0


def test_every_rule_and_example_is_documented() -> None:
    text = render()
    for rule in ALL_RULES:
        assert f"## {rule.code} `{rule.name}`" in text
        for heading in ("What it does", "Why is this bad", "Example", "Use instead", "Fix safety"):
            assert f"### {heading}" in text
        for example in (*rule.valid, *rule.invalid):
            assert example.code.rstrip() in text
            if example.fixed is not None:
                assert example.fixed.rstrip() in text
