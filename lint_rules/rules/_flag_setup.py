"""A module's own root configuration that its verbose/debug flag prints through: kept (ETL005).

ExecuTorch's `extension/llm/export/builder.py` and Qualcomm's `convert_mha_to_sha.py` call
`logging.basicConfig(level=logging.INFO, format=FORMAT)` at import and log
`if self.verbose: logging.info(...)`. In a program that configured nothing those INFO lines print
only through that handler and level: with the configuration removed, `verbose=True` would print
nothing, a public parameter that does nothing. So when a line of the module below WARNING sits
in the body of `if <verbose/debug flag>:` (`_requested.under_switch`), on the root logger or a
logger of the module, at a level the module's import-time root configuration shows, every piece
of that configuration (`basicConfig`, root `setLevel`/`addHandler` at module level) stays as it
is and goes to review with the lines named. The rest of the module migrates as before: a
plain module logger hands its records to the same root handler, so the lines still print.

A flag that lifts the module logger's own level (XNNPACK's `if verbose: logger.setLevel(DEBUG)`
under `basicConfig(level=WARNING)`) is not such a line: the root configuration's level does not
show it, and its removal is a class B change whose note names the `setLevel` (ETL005's fix).
"""

from __future__ import annotations

import ast

from lint_rules.facts import ModuleFacts, last_identifier
from lint_rules.rules._requested import under_switch
from lint_rules.rules.etl006_adhoc_level_override import level_name

# logging's numbers for the levels below WARNING a flag may show (not imported: start-up time)
_BELOW_WARNING = {"DEBUG": 10, "INFO": 20}
_NUMBERS = {**_BELOW_WARNING, "NOTSET": 0, "WARNING": 30, "ERROR": 40, "CRITICAL": 50}
_NUMBERS["FATAL"] = 50
_WARNING = 30

KEPT = (
    "kept: {lines} in this module print only through this module's root configuration "
    "(`{setup}`, line {line}) in a program that configured nothing; removing it would make "
    "{flags} silent: deprecate or re-route the flag in its own commit, then migrate this line"
)


def root_configuration(facts: ModuleFacts) -> list[ast.Call]:
    """The module's root configuration at import time: module-level `logging.basicConfig(...)`
    and root `setLevel`/`addHandler`, in line order."""
    calls = list(facts.calls_to("logging.basicConfig"))
    for method in ("setLevel", "addHandler"):
        calls += [c for c, r in facts.receivers_of(method) if facts.is_root_receiver(r)]
    calls = [c for c in calls if id(c) in facts.module_level_calls]
    return sorted(calls, key=lambda c: (c.lineno, c.col_offset))


def _root_level(calls: list[ast.Call], facts: ModuleFacts) -> int | None:
    """The root's level once `calls` ran (a first `basicConfig`'s, then root `setLevel`s), or
    None when there is no handler to print through; 0 for a level computed at run time (on the
    safe side: it may show any line)."""
    level, handler = _WARNING, False
    for call in calls:
        method = _method(call, facts)
        if method == "addHandler":
            handler = True
            continue
        if method == "basicConfig" and handler:
            continue  # a second basicConfig does nothing once the root has a handler
        keywords = {k.arg: k.value for k in call.keywords}
        value = keywords.get("level") if method == "basicConfig" else next(iter(call.args), None)
        if method == "basicConfig":
            handler = True
            if value is None:
                continue
        name = level_name(value, facts) if value is not None else None
        level = _NUMBERS.get(name, 0) if name is not None else 0
    return level if handler else None


def flagged_lines(facts: ModuleFacts, shown_from: int) -> list[tuple[ast.Call, ast.expr, str]]:
    """Log calls below WARNING, at `shown_from` or above, in the body of `if <verbose/debug
    flag>:`, on the root logger or a logger of the module: (call, the flag's test, level)."""
    calls: dict[int, ast.Call] = {}
    for method in ("debug", "info", "log"):
        for call in facts.calls_to(f"logging.{method}"):
            calls[id(call)] = call
        for call, receiver in facts.receivers_of(method):
            if facts.is_library_logger(receiver) or facts.is_root_receiver(receiver):
                calls[id(call)] = call
    found = []
    for call in sorted(calls.values(), key=lambda c: (c.lineno, c.col_offset)):
        level = _call_level(call, facts)
        if level is None or not shown_from <= _BELOW_WARNING[level]:
            continue
        test = under_switch(facts.statements.chain_of(call))
        if test is not None:
            found.append((call, test, level))
    return found


def _call_level(call: ast.Call, facts: ModuleFacts) -> str | None:
    method = call.func.attr if isinstance(call.func, ast.Attribute) else ""
    if not method:
        method = (facts.qualname(call.func) or "").rpartition(".")[2]
    if method != "log":
        return method.upper() if method.upper() in _BELOW_WARNING else None
    name = level_name(call.args[0], facts) if call.args else None
    return name if name in _BELOW_WARNING else None


def kept_for_flag(facts: ModuleFacts) -> str | None:
    """Why the module's root configuration stays (see the module's docstring), or None."""
    setup = root_configuration(facts)
    level = _root_level(setup, facts)
    if level is None:
        return None
    lines = flagged_lines(facts, level)
    if not lines:
        return None
    tests: dict[str, list[str]] = {}
    for call, test, level_name_ in lines:
        key = f"`if {ast.unparse(test)}:` lines at {level_name_}"
        tests.setdefault(key, []).append(str(call.lineno))
    named = "; ".join(
        f"{key} (line{'s' * (len(at) > 1)} {', '.join(at)})" for key, at in tests.items()
    )
    flags = dict.fromkeys(f"`{_flag(test)}=True`" for _, test, _ in lines)
    first = next((c for c in setup if _method(c, facts) == "basicConfig"), setup[0])
    return KEPT.format(
        lines=named,
        setup=" ".join(ast.unparse(first).split()),
        line=first.lineno,
        flags=" and ".join(flags),
    )


def _flag(test: ast.expr) -> str:
    if isinstance(test, (ast.Name, ast.Attribute)):
        return last_identifier(test) or ast.unparse(test)
    return ast.unparse(test)


def _method(call: ast.Call, facts: ModuleFacts) -> str:
    """`basicConfig` (any spelling), else the method called (`setLevel`, `addHandler`)."""
    if facts.qualname(call.func) == "logging.basicConfig":
        return "basicConfig"
    return call.func.attr if isinstance(call.func, ast.Attribute) else ""
