"""ETL008's rewrite: a stdout print -> a logger call with the same text. A diagnostic (its text or
an `except` block) and an import-time status take the level from a prefix, else INFO; a print
directly under `if <debug/verbose flag>:` becomes `logger.debug` and keeps its flag."""

from __future__ import annotations

import ast
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from codemods.fixes._text import print_to_logger, write_to_logger
from codemods.fixes.base import Fix, SitePlan
from codemods.fixes.etl003_print_to_stderr import output_plan
from lint_rules.rules.etl008_print_to_stdout import classify

if TYPE_CHECKING:
    from lint_rules import Finding
    from lint_rules.detector import Analysis
    from lint_rules.rules import Site

FLAG_NOTE = (
    "printed when `{flag}` is true; now logger.debug, shown when `{flag}` is true and "
    "TORCH_LOGS=+{{component}} (drop the flag?)"
)


def stdout_plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    """ETL008's plan: ETL003's, at INFO by default, or DEBUG (forced) behind a debug flag."""
    plan = output_plan(finding, site, analysis, default_level="info")
    assert isinstance(site.node, ast.Call)
    verdict = classify(site.node, analysis.facts)
    if verdict.level is None:
        return plan
    rewrite = print_to_logger if isinstance(site.node.func, ast.Name) else write_to_logger
    build = partial(rewrite, default_level=verdict.level, forced=True)
    return replace(plan, build=build, note=FLAG_NOTE.format(flag=verdict.flag))


FIX = Fix(
    "ETL008",
    "MigrateStdoutDiagnostics",
    "stdout diagnostics, debug output and import-time status -> logger calls with the same text",
    stdout_plan,
    channel="stdout",
)
