"""ETL006's rewrite: a constant module-level override on the module's logger is removed (the report
says what the module printed before). Its only fixable sites are those: `if <flag>:
logger.setLevel(L)` on the module's own logger is not a site (the caller's switch works as it is
in both logging modes), and migrated code never calls `set_logs` (it would switch modes).

A mute (`setLevel(logging.WARNING)`) hid the module's INFO lines even from an application logging at
INFO; those are the per-node, per-pass lines (XNNPACK's `Visiting: ...`). Removing it moves every
INFO call on that logger to DEBUG in the same change, so an application at INFO sees what it saw,
and one at DEBUG, or `set_logs("+<component>")`, sees the module's lines. A mute above WARNING
would let its WARNINGs show by default, and a level given by `log(level, ...)` cannot be moved:
both stay for review. The lint already keeps a level at WARNING or INFO over DEBUG calls for
review (they would show to every application at DEBUG)."""

from __future__ import annotations

import ast
from dataclasses import replace

import libcst as cst

from codemods.fixes._shown import note
from codemods.fixes._unused_logger import unused_logger
from codemods.fixes.base import Fix, Names, SitePlan, removal, site_call
from codemods.shared.review import Review
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.facts import ModuleFacts
from lint_rules.rules import Site
from lint_rules.rules.etl006_adhoc_level_override import calls_on, level_name


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | Review:
    call, facts = site_call(site), analysis.facts
    owner = call.func.value if isinstance(call.func, ast.Attribute) else None
    unused = unused_logger(analysis, owner.id) if isinstance(owner, ast.Name) else None
    if unused is not None and call in unused.levels:  # goes with the logger: ETL001's deletion
        return SitePlan(finding, call, None, dropped=(call,))
    if id(call) not in facts.module_level_calls:  # the recogniser keeps these for review
        return Review("override inside a function: review")
    level = level_name(call.args[0], facts) or "?"
    owner = call.func.value if isinstance(call.func, ast.Attribute) else None
    name = owner.id if isinstance(owner, ast.Name) else ""
    if level in ("ERROR", "CRITICAL", "FATAL"):
        return Review(
            f"a mute at {level}: removing it would show the module's WARNINGs by default: review"
        )
    if level == "WARNING" and any(_on(name, r) for _, r in facts.receivers_of("log")):
        return Review("a mute over `log(level, ...)` calls, whose level cannot be moved: review")
    planned = removal(finding, call, analysis, _removal_note(finding.source, call, facts))
    if isinstance(planned, SitePlan) and level == "WARNING":
        planned.also = tuple(
            _to_debug(finding, c, analysis) for c, r in facts.receivers_of("info") if _on(name, r)
        )
    return planned


def _on(name: str, receiver: ast.expr) -> bool:
    return isinstance(receiver, ast.Name) and receiver.id == name


def _to_debug(mute: Finding, call: ast.Call, analysis: Analysis) -> SitePlan:
    """The plan moving INFO call `call` to DEBUG, with the mute `mute` removed."""
    lines = analysis.facts.lines
    end = call.end_lineno or call.lineno
    source = "".join(lines[call.lineno - 1 : end]).strip()
    finding = replace(
        mute,
        line=call.lineno,
        col=call.col_offset + 1,
        end_line=end,
        end_col=(call.end_col_offset or 0) + 1,
        source=source,
    )
    assert isinstance(call.func, ast.Attribute)
    owner = ast.unparse(call.func.value)

    def build(node: cst.Call, names: Names) -> cst.Call:
        assert isinstance(node.func, cst.Attribute)
        return node.with_changes(func=node.func.with_changes(attr=cst.Name("debug")))

    said = _shortened(ast.unparse(call.args[0])) if call.args else "its line"
    return SitePlan(
        finding,
        call,
        build,
        rename=lambda names: f"{owner}.debug",
        dropped=(),
        note=note(
            f"INFO {said}: hidden by the module's `setLevel(logging.WARNING)` (line {mute.line})",
            f"DEBUG {said}, removed with that level: an application at INFO sees what it saw, "
            "one at DEBUG (or `set_logs('+{component}')`) sees it",
        ),
    )


def _removal_note(source: str, call: ast.Call, facts: ModuleFacts) -> str:
    level = level_name(call.args[0], facts) or "?"
    if level in ("DEBUG", "INFO", "NOTSET"):
        before = (
            f"wherever a handler existed (an application's logging, a library's basicConfig), "
            f"this module's {level} lines showed even when the rest was at WARNING, and "
            "-{component} could not silence them"
        )
        after = "the application's level decides them as it decides any library's"
    elif not (calls := _calls_below_warning(call, facts)):
        before = f"the module writes nothing below {level} on this logger, so the level hid nothing"
        after = "nothing a program prints changes"
    else:
        before = (
            f"this module's lines below {level} were hidden even from an application logging "
            "at INFO or DEBUG, and under set_logs('+{component}')"
        )
        infos = sum(method == "info" for method, _ in calls)
        moved = (
            f"its INFO calls ({infos}) are DEBUG calls, listed with it: an application at INFO "
            "sees what it saw; "
            if infos
            else "it makes no INFO call, and "
        )
        after = (
            moved
            + ("one" if infos else "an application")
            + " at DEBUG sees the module's lines (as many as it writes: one per node "
            f"where it logs per node{_quiet_lines(calls)})"
        )
    return (
        f"removed `{source}`: {before}; now {after}, and set_logs decides for the component "
        "('{component}' INFO, '+{component}' DEBUG)"
    )


def _calls_below_warning(call: ast.Call, facts: ModuleFacts) -> list[tuple[str, ast.Call]]:
    """The INFO and DEBUG calls the module makes on the logger whose level was set."""
    owner = call.func.value if isinstance(call.func, ast.Attribute) else None
    if not isinstance(owner, ast.Name):
        return []
    return [(method, c) for method in ("info", "debug") for c in calls_on(owner.id, method, facts)]


def _quiet_lines(calls: list[tuple[str, ast.Call]]) -> str:
    """`; here: INFO f"Visiting: {node}…"`: the lines below WARNING the module writes on the
    logger whose level was set (review 12, m5: what an application at INFO starts to see)."""
    said = [f"{method.upper()} {_shortened(ast.unparse(c.args[0]))}" for method, c in calls]
    more = f" and {len(said) - 3} more" if len(said) > 3 else ""
    return f"; here: {', '.join(said[:3])}{more}" if said else ""


def _shortened(text: str, width: int = 48) -> str:
    return f"`{text}`" if len(text) <= width else f"`{text[: width - 1]}…`"


FIX = Fix("module-level logger.setLevel -> the component decides", plan, setup="logger")
