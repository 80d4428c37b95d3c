"""ETL005's rewrite: module-level `logging.basicConfig(...)` / root `setLevel`/`addHandler` go."""

from __future__ import annotations

from codemods.fixes.base import Fix, SitePlan, removal


def plan(finding, site, analysis) -> SitePlan | str:  # noqa: ANN001 - see Planner
    return removal(finding, site.node, analysis)


FIX = Fix(
    "ETL005",
    "RemoveLoggingConfig",
    "module-level logging configuration in library code -> removed",
    plan,
)
