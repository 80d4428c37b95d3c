"""ETL003's rewrite: `print(..., file=sys.stderr)` / `sys.stderr.write(...)` -> a logger call with
the same text at the level the lint advised (the recogniser's verdict on the site): the text's
level word (dropped from the message), else WARNING. Each rewrite may change the line a program
that configured nothing saw (class B), and its note says how."""

from __future__ import annotations

import ast
from functools import partial

from codemods.fixes._shown import as_record, note, on, printed
from codemods.fixes._text import print_to_logger, write_to_logger
from codemods.fixes.base import Fix, SitePlan, site_call, verdict_of
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules._output import PRINT_KEYWORDS
from lint_rules.rules._print_text import LEVEL_PREFIX, prefix_level


def output_plan(finding: Finding, site: Site, level: str, stream: str = "stderr") -> SitePlan:
    """A print or write becoming a logger call at `level` (also ETL008's plan, for stdout)."""
    call = site_call(site)
    change = output_note(call, level, stream)
    if isinstance(call.func, ast.Name):  # print(...)
        dropped = (call.func, *(k.value for k in call.keywords if k.arg in PRINT_KEYWORDS))
        build = partial(print_to_logger, level=level)
    else:
        dropped = (call.func,)
        build = partial(write_to_logger, level=level)
    return SitePlan(finding, call, build, needs_logger=True, dropped=dropped, note=change)


def output_note(call: ast.Call, level: str, stream: str) -> str:
    """The line a program that configured nothing saw (the print's, on `stream`) and the one it
    will see once the print is a record at `level` (its level word dropped)."""
    text = printed(call)
    word = LEVEL_PREFIX.match(text) if prefix_level(text) else None
    return note(on(stream, text), as_record(level, text[word.end() :] if word else text))


PRINT_TO_RECORD = (
    "a record at WARNING and up prints its message alone on stderr only while nothing gave the "
    "root logger a handler (a library's basicConfig or a root logging call does, at import or on "
    "first use: then `WARNING:<logger>:<message>`); below WARNING it shows when asked "
    "(TORCH_LOGS=<component>) or under an application's own logging at that level"
)


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    return output_plan(finding, site, verdict_of(site, str))  # the level the lint advised


FIX = Fix("prints to stderr -> logger calls with the same text", plan, change=PRINT_TO_RECORD)
