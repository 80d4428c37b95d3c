"""ETL005's rewrite: module-level `logging.basicConfig(...)` / root `setLevel`/`addHandler` go.

Each removal carries a note for the report's "Changes to look at": what the line did to the
application's root logger at import, so a reviewer sees every level change the migration makes.
"""

from __future__ import annotations

import ast

from codemods.fixes.base import Fix, SitePlan, removal, site_call
from codemods.shared.review import Review
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.facts import ModuleFacts
from lint_rules.rules import Site
from lint_rules.rules.etl006_adhoc_level_override import level_name

_AFTER = "now the application's root logger is left as it found it (ExecuTorch's components decide)"


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | Review:
    call = site_call(site)
    return removal(finding, call, analysis, removal_note(finding.source, call, analysis.facts))


def removal_note(source: str, call: ast.Call, facts: ModuleFacts) -> str:
    """What the removed configuration did at import, for the report."""
    method = call.func.attr if isinstance(call.func, ast.Attribute) else ""
    if method == "setLevel" and call.args:
        level = level_name(call.args[0], facts) or "a level computed at run time"
        did = f"it set the application's root logger to {level} at import"
    elif method == "addHandler":
        did = "it added a handler to the application's root logger at import"
    else:
        level_arg = next((k.value for k in call.keywords if k.arg == "level"), None)
        named = level_name(level_arg, facts) if level_arg is not None else None
        at = f" and level {named}" if named else ""
        did = f"it gave the application's root logger a handler{at} at import (when it had none)"
        did += _shown_through_it(facts)
    return f"removed `{' '.join(source.split())}`: {did}; {_AFTER}"


def _shown_through_it(facts: ModuleFacts) -> str:
    """The module's own loggers set below WARNING (`if verbose: logger.setLevel(DEBUG)`): with
    nothing configured their lines printed through that handler, and now they do not."""
    found = []
    for call, receiver in facts.receivers_of("setLevel"):
        level = level_name(call.args[0], facts) if call.args else None
        if level not in ("DEBUG", "INFO") or facts.is_root_receiver(receiver):
            continue
        chain = facts.statements.chain_of(call)
        tests = [ast.unparse(s.test) for s in chain if isinstance(s, ast.If)]
        under = f", under `if {tests[-1]}`" if tests else ""
        found.append(f"`{ast.unparse(call)}` (line {call.lineno}{under})")
    if not found:
        return ""
    return (
        ", through which the lines of this module's logger below WARNING after "
        f"{', '.join(found)} printed with nothing else configured: now they show only with "
        "TORCH_LOGS naming the component at that level or the application's own logging"
    )


FIX = Fix(
    "module-level logging configuration in library code -> removed",
    plan,
    change="the configuration held for the whole process once the module was imported, so "
    "removing it changes more than this module's lines: every library's records below WARNING "
    "that its level showed (a set-up at INFO or DEBUG) stop showing, and those at WARNING and "
    "up keep showing through Python's last-resort handler without the handler's format "
    "(`WARNING:<logger>:<message>` becomes `<message>`) while nothing else gives the root a "
    "handler (and every logger given a level below WARNING, Core ML's partitioner at INFO "
    "or a `verbose` flag's DEBUG, printed its lower lines through that handler in a program "
    "that configured nothing: they stop too), and every level gate that read the root's level (`logging.root.level`, "
    "`isEnabledFor`, `getEffectiveLevel`) sees WARNING again, so what such a gate guarded, even "
    "a table printed on stdout (MPS's graph, Cadence's event table), shows only when the "
    "application's own logging or TORCH_LOGS asks for it",
    setup="process",
)
