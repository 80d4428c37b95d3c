"""ETL002's rewrite: `logging.info(...)` (any spelling) -> `logger.info(...)`, arguments untouched.

A call under the caller's own flag (`if self.verbose: logging.info(...)`) keeps its level: a
flag asks for detail, not for a warning (reviews 9 and 11), and the module's import-time
`basicConfig` showed it only when no library imported before had configured the root (XNNPACK's
partitioner does, before `extension/llm/export/builder.py`'s); its note says so.

A deliberate change of output (its note says which): Python's module-level functions configure
the root logger on their first call when it has no handler (an implicit `basicConfig()`), so in a
program that configured nothing every later warning, of any library, read `WARNING:name:message`;
on the module logger the root is left alone and Python's last resort prints `message`."""

from __future__ import annotations

import ast
import os

import libcst as cst

from codemods.fixes._shown import (
    ROOT_HANDLER,
    root_call_note,
    root_setup,
    under_override_logger,
)
from codemods.fixes.base import Fix, Names, SitePlan, site_call
from codemods.shared.review import Review
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules._requested import under_switch

_RENAMED = {"warn": "warning", "fatal": "critical"}  # deprecated aliases logging still accepts


# DebugPass's lines: `override_logger` raises the root's level around them and their own root call
# gives the root a handler; on a module logger they would be lost in a program that set nothing up
IN_OVERRIDE = Review(
    "runs inside `override_logger`, which sets up the root logger around it: on a module logger "
    "its lines would no longer show in a program that configured nothing: review"
)


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | Review:
    call = site_call(site)
    if under_override_logger(analysis.facts.statements.chain_of(call)):
        return IN_OVERRIDE
    method = (analysis.facts.qualname(call.func) or "").rpartition(".")[2]
    method = _RENAMED.get(method, method)
    setup, switch = root_setup(analysis.facts), _switch(call, analysis)

    def build(node: cst.Call, names: Names) -> cst.Call:
        func = cst.Attribute(value=cst.Name(names.logger), attr=cst.Name(method))
        return node.with_changes(func=func)

    return SitePlan(
        finding,
        call,
        build,
        rename=lambda names: f"{names.logger}.{method}",
        needs_logger=True,
        dropped=(call.func,),
        note=root_call_note(call, method, setup, os.path.basename(finding.path), switch),
    )


def _switch(call: ast.Call, analysis: Analysis) -> str:
    """The caller's flag the call sits under (`self.verbose`), if any."""
    test = under_switch(analysis.facts.statements.chain_of(call))
    return ast.unparse(test) if test is not None else ""


FIX = Fix("logging.info(...) and friends -> the module logger", plan, change=ROOT_HANDLER)
