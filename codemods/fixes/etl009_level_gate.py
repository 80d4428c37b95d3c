"""ETL009's rewrite: `<logger>.level <= L` (or `L >= <logger>.level`) -> `<logger>.isEnabledFor(L)`;
the root's level, or a logger built inline for this module, is asked of the module logger, and so
is `logging.root.isEnabledFor(L)`."""

from __future__ import annotations

import ast

import libcst as cst

from codemods.fixes.base import Fix, Names, SitePlan, site_node, verdict_of
from codemods.shared.review import NeedsReview, Review
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site
from lint_rules.rules.etl009_level_gate import Gate


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | Review:
    node = site_node(site)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return _ask_module_logger(finding, node, node.func.value)
    if not isinstance(node, ast.Compare):
        return Review("not a level gate: review")
    gate = verdict_of(site, Gate)  # what the recogniser found the comparison to be
    if gate.reason:  # the recogniser keeps these for review
        return Review(gate.reason)
    side, module_logger = gate.side, gate.module_logger

    def build(comparison: cst.BaseExpression, names: Names) -> cst.Call:
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            raise NeedsReview("not a single comparison: review")
        read = comparison.left if side == 0 else comparison.comparisons[0].comparator
        level = comparison.comparisons[0].comparator if side == 0 else comparison.left
        if module_logger:
            receiver: cst.BaseExpression = cst.Name(names.logger)
        elif isinstance(read, cst.Attribute):  # `<the module's logger variable>.level`
            receiver = read.value
        else:
            raise NeedsReview("level read not understood: review")
        method = cst.Attribute(value=receiver, attr=cst.Name("isEnabledFor"))
        call = cst.Call(func=method, args=[cst.Arg(level.with_changes(lpar=[], rpar=[]))])
        return call.with_changes(lpar=comparison.lpar, rpar=comparison.rpar)

    read_side = (node.left, *node.comparators)[side]
    # The root's level is WARNING by default, as isEnabledFor reads it then: the same answer.
    # Any other logger's own `.level` is 0 (NOTSET) until set: the gate held by default.
    reads_root = ".root." in finding.source or "getLogger()" in finding.source
    note = "" if reads_root else GATE_HELD
    return SitePlan(
        finding, node, build, needs_logger=module_logger, dropped=(read_side,), note=note
    )


GATE_HELD = (
    "the gate held by default (a logger's own `.level` is 0, NOTSET, until set), so what it "
    "guards ran; now it runs when {component} is enabled for that level (TORCH_LOGS)"
)


def _ask_module_logger(finding: Finding, node: ast.Call, root: ast.expr) -> SitePlan:
    """`logging.root.isEnabledFor(L)` -> `logger.isEnabledFor(L)`."""

    def build(call: cst.BaseExpression, names: Names) -> cst.BaseExpression:
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            raise NeedsReview("not a call on a logger: review")
        return call.with_changes(func=call.func.with_changes(value=cst.Name(names.logger)))

    return SitePlan(finding, node, build, needs_logger=True, dropped=(root,))


FIX = Fix("level gates reading .level -> logger.isEnabledFor(level) on the logger they guard", plan)
