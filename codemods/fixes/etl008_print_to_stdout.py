"""ETL008's rewrite: a stdout print -> a logger call with the same text, at the level the lint
advises (`classify`): the text's level word (dropped from the message), else WARNING when it says
something did not happen as asked, else the kind's default (INFO; WARNING for a failure caught in
an `except` block)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.fixes.base import Fix, SitePlan, site_call
from codemods.fixes.etl003_print_to_stderr import output_plan
from codemods.shared.review import Review
from lint_rules.rules._print_kind import classify

if TYPE_CHECKING:
    from lint_rules import Finding
    from lint_rules.detector import Analysis
    from lint_rules.rules import Site


def stdout_plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | Review:
    verdict = classify(site_call(site), analysis.facts)
    if verdict.level is None:  # the recogniser keeps these for review
        return Review("stdout print not recognised as a diagnostic: review")
    return output_plan(finding, site, verdict.level)


FIX = Fix(
    "ETL008",
    "MigrateStdoutDiagnostics",
    "stdout diagnostics, import-time status and progress -> logger calls with the same text",
    stdout_plan,
    channel="stdout",
)
