"""ETL004's rewrite: `warnings.warn(msg, Cat, stacklevel=2)` -> `warn(logger, msg, Cat,
stacklevel=2)`: the runtime's `warn` calls `warnings.warn` itself from the caller's line (filters,
`-W`, `pytest.warns`, the category, the location and the once-per-location registry unchanged;
Python displays it), and `TORCH_LOGS=-<component>` silences it. The arguments stay exactly as
written; the module logger goes first. A warning shown at its own line (`stacklevel` 1, the
default) is class B: Python prints that line's source under the message, `warn(` where it
printed `warnings.warn(`."""

from __future__ import annotations

import ast

import libcst as cst

from codemods.fixes._shown import note
from codemods.fixes._text import prepend_argument
from codemods.fixes.base import Fix, Names, SitePlan, site_call
from codemods.shared.review import NeedsReview
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules.etl004_diagnostic_warning import STAR_ARGS, WARN_ARGUMENTS


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    call = site_call(site)
    line = analysis.facts.lines[call.lineno - 1].strip() if call.lineno else ""
    note = own_line_note(line) if _shown_at_its_own_line(call) else ""
    return SitePlan(
        finding,
        call,
        _build,
        needs_logger=True,
        imports=("warn",),
        dropped=(call.func,),
        note=note,
    )


def _shown_at_its_own_line(call: ast.Call) -> bool:
    """True when the warning's location is the call's own line: no stacklevel, or 1."""
    given = next((k.value for k in call.keywords if k.arg == "stacklevel"), None)
    if given is None and len(call.args) > 2:
        given = call.args[2]
    return given is None or (isinstance(given, ast.Constant) and given.value == 1)


def own_line_note(line: str) -> str:
    """What Python prints under a warning shown at its own line, before and after."""
    alone = line.rstrip().endswith("(")  # the arguments on the lines below: `warn(` alone
    after = line.replace("warnings.warn(", "warn(" if alone else "warn(logger, ", 1)
    return note(
        f"stderr `  {_one_line(line)}` under the warning (Python prints its source line)",
        f"stderr `  {_one_line(after)}` under it; the warning, its category and file as before "
        "(its line number as the file now reads)",
    )


def _one_line(text: str) -> str:
    return text if len(text) <= 80 else text[:79] + "…"


def _build(call: cst.Call, names: Names) -> cst.Call:
    for position, arg in enumerate(call.args):  # the recogniser checked these; libcst agrees
        keyword = arg.keyword.value if arg.keyword is not None else None
        if arg.star or position >= len(WARN_ARGUMENTS) or keyword not in (None, *WARN_ARGUMENTS):
            raise NeedsReview(
                STAR_ARGS if arg.star else "unusual warnings.warn() arguments: review"
            )
    args = prepend_argument(call, cst.Name(names.logger), list(call.args))
    return call.with_changes(func=cst.Name(names.local("warn")), args=args)


FIX = Fix(
    "diagnostic warnings.warn -> warn(logger, ...): still a warning, -<component> silences it",
    plan,
)
