"""ETL006's rewrite: a constant module-level override on the module's logger is removed (the report
says what the module printed before); `if <flag>: logger.setLevel(L)` becomes
`set_logs(modules={logger.name: L})`, so the flag still works, through the runtime."""

from __future__ import annotations

import libcst as cst

from codemods.fixes.base import Fix, Names, SitePlan, removal
from lint_rules.rules.etl006_adhoc_level_override import level_name


def plan(finding, site, analysis) -> SitePlan | str:  # noqa: ANN001 - see Planner
    call, facts = site.node, analysis.facts
    if id(call) in facts.module_level_calls:
        return removal(finding, call, analysis, _removal_note(finding.source, call, facts))
    note = "verbose flag kept: it now asks the runtime for this module's level (set_logs)"
    return SitePlan(finding, call, _build, imports=("set_logs",), note=note)


def _removal_note(source: str, call, facts) -> str:  # noqa: ANN001
    level = level_name(call.args[0], facts) or "?"
    if level in ("DEBUG", "INFO", "NOTSET"):
        before = f"this module printed {level} lines by default and -{{component}} could not "
        before += "silence it"
    else:
        before = f"this module showed only {level} and up, even under TORCH_LOGS=+{{component}}"
    return (
        f"removed `{source}`: {before}; now its component decides (quiet by default, "
        "TORCH_LOGS={component} shows INFO, TORCH_LOGS=+{component} DEBUG)"
    )


def _build(call: cst.Call, names: Names) -> cst.Call:
    receiver = call.func.value  # type: ignore[attr-defined]
    key = cst.Attribute(value=receiver, attr=cst.Name("name"))
    modules = cst.Dict([cst.DictElement(key, call.args[0].value)])
    arg = cst.Arg(
        keyword=cst.Name("modules"),
        value=modules,
        equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")),
    )
    return cst.Call(func=cst.Name(names.local("set_logs")), args=[arg])


FIX = Fix(
    "ETL006", "RemoveLevelOverrides", "ad-hoc logger.setLevel -> the component or set_logs", plan
)
