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
            f"the module writes: one per node where it logs per node{_quiet_lines(call, facts)})"
        )
    return (
        f"removed `{source}`: {before}; now {after}, and under TORCH_LOGS the component decides "
        "(TORCH_LOGS={component} INFO, +{component} DEBUG)"
    )


def _quiet_lines(call: ast.Call, facts: ModuleFacts) -> str:
    """`; here: INFO f"Visiting: {node}…"`: the lines below WARNING the module writes on the
    logger whose level was set (review 12, m5: what an application at INFO starts to see)."""
    owner = call.func.value if isinstance(call.func, ast.Attribute) else None
    if not isinstance(owner, ast.Name):
        return ""
    said = [
        f"{method.upper()} {_shortened(ast.unparse(c.args[0]))}"
        for method in ("info", "debug")
        for c, receiver in facts.receivers_of(method)
        if isinstance(receiver, ast.Name) and receiver.id == owner.id and c.args
    ]
    more = f" and {len(said) - 3} more" if len(said) > 3 else ""
    return f"; here: {', '.join(said[:3])}{more}" if said else ""


def _shortened(text: str, width: int = 48) -> str:
    return f"`{text}`" if len(text) <= width else f"`{text[: width - 1]}…`"


FIX = Fix("module-level logger.setLevel -> the component decides", plan, setup="logger")
