"""ETL006's rewrite: a constant module-level override on the module's logger is removed (the report
says what the module printed before); `if <flag>: logger.setLevel(L)` becomes
`set_logs(modules={logger.name: L})`, so the flag still works, through the runtime."""

from __future__ import annotations

import ast

import libcst as cst

from codemods.fixes.base import Fix, Names, SitePlan, SiteSkipped, removal, site_call
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.facts import ModuleFacts
from lint_rules.rules import Site
from lint_rules.rules.etl006_adhoc_level_override import level_name


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan | str:
    call, facts = site_call(site), analysis.facts
    if id(call) in facts.module_level_calls:
        return removal(finding, call, analysis, _removal_note(finding.source, call, facts))
    note = "verbose flag kept: it now asks the runtime for this module's level (set_logs)"
    return SitePlan(finding, call, _build, imports=("set_logs",), note=note)


def _removal_note(source: str, call: ast.Call, facts: ModuleFacts) -> str:
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
    if not isinstance(call.func, cst.Attribute):  # the recogniser found `<logger>.setLevel(...)`
        raise SiteSkipped("setLevel on an unexpected receiver: review")
    receiver = call.func.value
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
