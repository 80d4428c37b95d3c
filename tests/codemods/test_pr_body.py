"""`--report FILE.md` reads as a pull-request description (checked on the sample tree)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from codemods.migrate import main
from codemods.report.provenance import PACKAGE_ROOT, command_line, et_log_revision

SECTIONS = (
    "## Summary per component",
    "## Changes to look at",
    "## Tests that assert on a migrated message",
    "## Left for review",
    "## How this was generated",
)


def test_report_is_a_pr_body(sample_copy: Path, tmp_path: Path) -> None:
    report = tmp_path / "pr.md"
    argv = [str(sample_copy / "exir"), str(sample_copy / "backends"), "-q", "--report", str(report)]
    assert main(argv) == 0
    text = report.read_text(encoding="utf-8")
    title, blank, *_ = text.splitlines()
    assert re.fullmatch(
        r"# Route ad-hoc logging through the unified logger: \d+ files, \d+ sites \(.+\)", title
    )
    assert blank == ""
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert [h for h in headings if h in SECTIONS] == list(SECTIONS), headings
    component_rows = _section(text, "## Summary per component")
    assert "| component | files changed | rewritten | review | failed | by code |" in component_rows
    assert re.search(r"^\| xnnpack \| \d+ \| \d+ \| \d+ \| 0 \| ETL\d{3} \d+", component_rows, re.M)
    review = [line for line in _section(text, "## Left for review").splitlines() if line]
    assert review, "the sample tree has sites left for review"
    for line in review:  # each item: where, what, whose, and why
        assert re.fullmatch(r"- `[^`]+(:\d+)?` (ETL\d{3}|recipe \S+) (\(\S+\))?:? ?.+", line), line
    generated = _section(text, "## How this was generated")
    assert f"- command: `{command_line(argv)}`" in generated
    head = subprocess.run(
        ["git", "-C", str(PACKAGE_ROOT), "rev-parse", "--short=10", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert f"- et-log: commit {head}" in generated


def test_revision_outside_a_checkout_is_the_installed_version(tmp_path: Path) -> None:
    revision = et_log_revision(tmp_path)  # not a git work tree of its own
    assert revision.startswith("version ") or revision == "unknown"


def _section(text: str, heading: str) -> str:
    start = text.index(heading + "\n") + len(heading) + 1
    following = text.find("\n## ", start)
    return text[start : following if following != -1 else len(text)]


def test_changes_to_look_at_lists_every_behaviour_change(sample_copy: Path, tmp_path: Path) -> None:
    """Each recipe that changes behaviour by design, with what users see differently, and each
    rewrite whose note says what changed (removed root configuration, level overrides...)."""
    markdown, data = tmp_path / "pr.md", tmp_path / "pr.json"
    paths = [str(sample_copy / "exir"), str(sample_copy / "backends"), "-q", "-j", "1"]
    assert main([*paths, "--check", "--report", str(data)]) == 1  # work to do, nothing written
    assert main([*paths, "--report", str(markdown)]) == 0
    report = json.loads(data.read_text())
    changes = _section(markdown.read_text(encoding="utf-8"), "## Changes to look at")
    recipes = [r for r in report["recipes"] if r["status"] == "applied" and r["behaviour_change"]]
    noted = [r for r in report["rewritten"] if r["reason"]]
    assert recipes and noted
    blocks = {b.split(" (")[0]: b for b in changes.split("\n### ")[1:]}

    def unit(entry: dict[str, str]) -> str:  # one block per owner (series.Unit)
        split = f"{entry['component']}-{(entry['owner'] or 'unowned').replace('/', '-')}"
        return split if split in blocks else entry["component"]

    for recipe in recipes:
        block = blocks[unit(recipe)]
        assert f"- {recipe['recipe']} ({recipe['component']}, `" in block
        assert recipe["effect"] in block, recipe["recipe"]
    for site in noted:
        item = f"- `{site['path']}:{site['new_line']}` {site['code']}: {site['reason']}"
        assert item in blocks[unit(site)].splitlines(), item
    for name, block in blocks.items():
        if name.startswith("Behaviour changes left out"):
            continue
        mine = [r for r in [*recipes, *noted] if unit(r) == name]
        assert block.startswith(f"{name} ({len(mine)} change"), block[:60]
    assert report["totals"]["changes_to_look_at"] == len(recipes) + len(noted)
    quiet = [r["recipe"] for r in report["recipes"] if not r["behaviour_change"]]
    assert quiet and not any(f"- {name} (" in changes for name in quiet)
