"""ETL003's rewrite: `print(..., file=sys.stderr)` / `sys.stderr.write(...)` -> a logger call with
the same text at the level the lint advised (the recogniser's verdict on the site): the text's
level word (dropped from the message), else WARNING. Each rewrite may change the line a program
that configured nothing saw (class B), and its note says how."""

from __future__ import annotations

import ast
from functools import partial

from codemods.fixes._text import print_to_logger, write_to_logger
from codemods.fixes.base import Fix, SitePlan, site_call, verdict_of
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules._output import PRINT_KEYWORDS, leading_text
from lint_rules.rules._print_text import prefix_level


def output_plan(finding: Finding, site: Site, level: str, stream: str = "stderr") -> SitePlan:
    """A print or write becoming a logger call at `level` (also ETL008's plan, for stdout)."""
    call = site_call(site)
    note = output_note(call, level, stream)
    if isinstance(call.func, ast.Name):  # print(...)
        dropped = (call.func, *(k.value for k in call.keywords if k.arg in PRINT_KEYWORDS))
        build = partial(print_to_logger, level=level)
    else:
        dropped = (call.func,)
        build = partial(write_to_logger, level=level)
    return SitePlan(finding, call, build, needs_logger=True, dropped=dropped, note=note)


def output_note(call: ast.Call, level: str, stream: str) -> str:
    """What a program that configured nothing sees differently once the print is a record at
    `level`. Never nothing: even a WARNING with the print's own text, which Python's last resort
    prints alone on stderr, takes the format of any handler a library gave the root logger
    first (tests/codemods/test_change_classes.py shows one)."""
    article = "an" if level in ("info", "error") else "a"
    record = f"{article} {level.upper()} record of {{component}}"
    if level in ("debug", "info"):
        shown = "hidden unless asked for (TORCH_LOGS={component})"
        return f"printed its line on {stream}; now {record}, {shown}"
    if stream != "stderr":
        return f"printed its line on stdout; now {record}, on stderr"
    if prefix_level(leading_text(call.args[0]) if call.args else ""):
        return f"printed its line on stderr with its level word; now {record}, without it"
    return (
        f"printed its line on stderr as written; now {record}, printed as written only while "
        "nothing gave the root logger a handler (a library's basicConfig or a root logging "
        "call does, at import or on first use: then `WARNING:<logger>:<message>`)"
    )


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    return output_plan(finding, site, verdict_of(site, str))  # the level the lint advised


FIX = Fix("prints to stderr -> logger calls with the same text", plan)
