"""ETL006's rewrite: a constant module-level override on the module's logger is removed (the report
says what the module printed before). Its only fixable sites are those: `if <flag>:
logger.setLevel(L)` on the module's own logger is not a site (the caller's switch works as it is
in both logging modes), and migrated code never calls `set_logs` (it would switch modes)."""

from __future__ import annotations

import ast

from codemods.fixes.base import Fix, SitePlan, removal, site_call
from codemods.shared.review import Review
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.facts import ModuleFacts
from lint_rules.rules import Site
from lint_rules.rules.etl006_adhoc_level_override import level_name


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | Review:
    call, facts = site_call(site), analysis.facts
    if id(call) not in facts.module_level_calls:  # the recogniser keeps these for review
        return Review("override inside a function: review")
    return removal(finding, call, analysis, _removal_note(finding.source, call, facts))


def _removal_note(source: str, call: ast.Call, facts: ModuleFacts) -> str:
    level = level_name(call.args[0], facts) or "?"
    if level in ("DEBUG", "INFO", "NOTSET"):
        before = (
            f"wherever a handler existed (an application's logging, a library's basicConfig), "
            f"this module's {level} lines showed even when the rest was at WARNING, and "
            "-{component} could not silence them"
        )
        after = "the application's level decides them as it decides any library's"
    else:
        before = (
            f"this module's lines below {level} were hidden even from an application logging "
            "at INFO or DEBUG, and under TORCH_LOGS=+{component}"
        )
        after = (
            "an application whose own logging is at INFO or DEBUG sees them too (as many as "
            "the module writes: one per node where it logs per node)"
        )
    return (
        f"removed `{source}`: {before}; now {after}, and under TORCH_LOGS the component decides "
        "(TORCH_LOGS={component} INFO, +{component} DEBUG)"
    )


FIX = Fix("module-level logger.setLevel -> the component decides", plan, setup="logger")
