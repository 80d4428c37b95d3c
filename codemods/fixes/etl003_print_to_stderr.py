"""ETL003's rewrite: `print(..., file=sys.stderr)` / `sys.stderr.write(...)` -> a logger call with
the same text at the level the lint advised (the recogniser's verdict on the site): the text's
level word (dropped from the message), else WARNING."""

from __future__ import annotations

import ast
from functools import partial

from codemods.fixes._text import print_to_logger, write_to_logger
from codemods.fixes.base import Fix, SitePlan, site_call, verdict_of
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules._output import PRINT_KEYWORDS


def output_plan(finding: Finding, site: Site, level: str) -> SitePlan:
    """A print or write becoming a logger call at `level` (also ETL008's plan)."""
    call = site_call(site)
    if isinstance(call.func, ast.Name):  # print(...)
        dropped = (call.func, *(k.value for k in call.keywords if k.arg in PRINT_KEYWORDS))
        build = partial(print_to_logger, level=level)
    else:
        dropped = (call.func,)
        build = partial(write_to_logger, level=level)
    return SitePlan(finding, call, build, needs_logger=True, dropped=dropped)


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    return output_plan(finding, site, verdict_of(site, str))  # the level the lint advised


FIX = Fix("prints to stderr -> logger calls with the same text", plan)
