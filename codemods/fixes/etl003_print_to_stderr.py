"""ETL003's rewrite: `print(..., file=sys.stderr)` / `sys.stderr.write(...)` -> a logger call with
the same text; level from an `Error:`/`Warning:`/`Info:`/`Debug:` prefix, else WARNING."""

from __future__ import annotations

import ast
from functools import partial

from codemods.fixes._text import print_to_logger, write_to_logger
from codemods.fixes.base import Fix, SitePlan, site_call
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules._output import PRINT_KEYWORDS


def output_plan(finding: Finding, site: Site, analysis: Analysis, default_level: str) -> SitePlan:
    """A print or write becoming a logger call (also ETL008's plan, with its default level)."""
    call = site_call(site)
    if isinstance(call.func, ast.Name):  # print(...)
        dropped = (call.func, *(k.value for k in call.keywords if k.arg in PRINT_KEYWORDS))
        build = partial(print_to_logger, default_level=default_level)
    else:
        dropped = (call.func,)
        build = partial(write_to_logger, default_level=default_level)
    return SitePlan(finding, call, build, needs_logger=True, dropped=dropped)


FIX = Fix(
    "ETL003",
    "MigrateStderrPrints",
    "prints to stderr -> logger calls with the same text",
    partial(output_plan, default_level="warning"),
    channel="stderr",
)
