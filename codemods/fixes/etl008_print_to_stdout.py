"""ETL008's rewrite: a stdout print -> a logger call with the same text, at the level the lint
advised: the recogniser's `Verdict` on the site (`classify`: the text's level word, dropped from
the message, else WARNING when it says something did not happen as asked, else the kind's
default, INFO; WARNING for a failure caught in an `except` block)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.fixes.base import Fix, SitePlan, verdict_of
from codemods.fixes.etl003_print_to_stderr import PRINT_TO_RECORD, output_plan
from codemods.shared.review import Review
from lint_rules.rules._print_kind import Verdict

if TYPE_CHECKING:
    from lint_rules import Finding
    from lint_rules.detector import Analysis
    from lint_rules.rules import Site


def stdout_plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | Review:
    level = verdict_of(site, Verdict).level
    if level is None:  # the recogniser keeps these for review
        return Review("stdout print not recognised as a diagnostic: review")
    return output_plan(finding, site, level, stream="stdout")


FIX = Fix(
    "stdout diagnostics, import-time status and progress -> logger calls with the same text",
    stdout_plan,
    change=PRINT_TO_RECORD,
)
