"""ETL005's rewrite: module-level `logging.basicConfig(...)` / root `setLevel`/`addHandler` go."""

from __future__ import annotations

from codemods.fixes.base import Fix, SitePlan, removal, site_call
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | str:
    return removal(finding, site_call(site), analysis)


FIX = Fix(
    "ETL005",
    "RemoveLoggingConfig",
    "module-level logging configuration in library code -> removed",
    plan,
)
