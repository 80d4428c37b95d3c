"""docs/rules.md is generated from the rule modules and must be up to date."""

from __future__ import annotations

import re

from lint_rules.docs import RULES_MD, main, render
from lint_rules.rules import ALL_RULES

HEADINGS = ["What it does", "Why is this bad", "Example", "Use instead", "Fix safety"]


def test_rules_md_is_up_to_date() -> None:
    assert RULES_MD.read_text(encoding="utf-8") == render(), (
        "docs/rules.md is stale: run `python -m lint_rules.docs`"
    )
    assert main(["--check"]) == 0


def _sections(text: str) -> dict[str, str]:
    """Each `## ` section of the page (outside code fences) by its title line."""
    sections: dict[str, str] = {}
    title, fenced = "", False
    for line in text.splitlines(keepends=True):
        fenced ^= line.startswith("```")
        if line.startswith("## ") and not fenced:
            title = line.rstrip("\n")
            sections[title] = ""
        sections[title] = sections.get(title, "") + line
    return sections


def test_every_rule_and_example_is_documented_in_its_own_section() -> None:
    sections = _sections(render())
    for rule in ALL_RULES:
        section = sections[f"## {rule.code} `{rule.name}`"]
        headings = re.findall(r"(?m)^### (.+)$", section)
        assert [h for h in headings if h in HEADINGS] == HEADINGS, rule.code
        for example in (*rule.valid, *rule.invalid):
            assert example.code.rstrip() in section, (rule.code, example.note)
            if example.fixed is not None:
                assert example.fixed.rstrip() in section, (rule.code, example.note)


def test_a_heading_missing_from_one_section_is_caught() -> None:
    text = render()
    first = f"## {ALL_RULES[0].code} `{ALL_RULES[0].name}`"
    broken = _sections(text.replace("### Fix safety", "### Safety", 1))[first]
    assert [h for h in re.findall(r"(?m)^### (.+)$", broken) if h in HEADINGS] != HEADINGS
