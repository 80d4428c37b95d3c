"""ETL004's rewrite: `warnings.warn(msg, Cat, stacklevel=2)` -> `warn(logger, msg, Cat,
stacklevel=2)`: the runtime's `warn` calls `warnings.warn` itself (filters, `-W`, `pytest.warns`,
the category and the once-per-location registry unchanged), only the display goes through the
logger. The arguments stay exactly as written; the module logger goes first."""

from __future__ import annotations

import libcst as cst

from codemods.fixes._text import prepend_argument
from codemods.fixes.base import Fix, Names, SitePlan, site_call
from codemods.shared.review import NeedsReview
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules.etl004_diagnostic_warning import STAR_ARGS, WARN_ARGUMENTS


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    call = site_call(site)
    return SitePlan(
        finding, call, _build, needs_logger=True, imports=("warn",), dropped=(call.func,)
    )


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
    "diagnostic warnings.warn -> warn(logger, ...): still a warning, shown through the logger",
    plan,
)
