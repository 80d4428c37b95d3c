"""ETL004's rewrite: `warnings.warn(msg, Cat, 2)` -> `warn_once(logger, msg, category=Cat,
stacklevel=2)`; the default category (UserWarning) is left out."""

from __future__ import annotations

import libcst as cst

from codemods.fixes._text import TIGHT_EQUAL, prepend_argument
from codemods.fixes.base import Fix, Names, SitePlan, SiteSkipped, site_call
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules.etl004_diagnostic_warning import WARN_KEYWORDS

_ROLES = ("message", "category", "stacklevel")


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    call = site_call(site)
    return SitePlan(
        finding, call, _build, needs_logger=True, imports=("warn_once",), dropped=(call.func,)
    )


def _build(call: cst.Call, names: Names) -> cst.Call:
    kept: list[cst.Arg] = []
    for position, arg in enumerate(call.args):
        if arg.star or position >= len(_ROLES):
            raise SiteSkipped("unusual warnings.warn() arguments: review")
        role = arg.keyword.value if arg.keyword is not None else _ROLES[position]
        if role not in WARN_KEYWORDS:
            raise SiteSkipped(f"unusual warnings.warn() {role}: review")
        if role == "category" and isinstance(arg.value, cst.Name):
            if arg.value.value == "UserWarning":
                if kept and arg is call.args[-1]:
                    kept[-1] = kept[-1].with_changes(comma=arg.comma)
                continue
        if arg.keyword is None and role != "message":
            arg = arg.with_changes(keyword=cst.Name(role), equal=TIGHT_EQUAL)
        kept.append(arg)
    args = prepend_argument(call, cst.Name(names.logger), kept)
    return call.with_changes(func=cst.Name(names.local("warn_once")), args=args)


FIX = Fix(
    "ETL004",
    "MigrateWarnings",
    "diagnostic warnings.warn -> warn_once(logger, ...)",
    plan,
    channel="warnings",
)
