"""ETL001's rewrite: `logging.getLogger(x)` -> `get_logger(x)`; root and `__file__` names become
`__name__`, an explicit name inside the package is kept. A call used inline for this module
to log or to ask for a level (`logging.getLogger().isEnabledFor(...)`,
`logging.getLogger(__name__).info(...)`) becomes the module logger itself: one logger per
module, never `get_logger(__name__)` called again. Used otherwise (`.setLevel(...)`: ETL006's
review) it stays a `get_logger(__name__)` call, so a second run finds what the first left. A
module logger the module never logs on is deleted (`_unused_logger`)."""

from __future__ import annotations

import ast

import libcst as cst

from codemods.fixes._unused_logger import unused_logger
from codemods.fixes.base import Fix, Names, SitePlan, site_call
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.facts import name_argument
from lint_rules.rules import Site
from lint_rules.rules.etl001_direct_get_logger import MODULE_READS


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    call = site_call(site)
    unused = unused_logger(analysis)
    if unused is not None and unused.made is call:  # deleted, with the levels set on it
        return SitePlan(finding, call, None, dropped=(call,))
    bound = any(a.value is call for a in analysis.facts.assigns)
    used = analysis.facts.call_attributes.get(id(call))
    renamed = GATE if used in LEVEL_QUESTIONS and _names_root(call) else _renamed(call)
    if not bound and used in MODULE_READS and _means_this_module(call):
        return SitePlan(
            finding, call, _module_logger, needs_logger=True, dropped=(call,), note=renamed
        )
    dropped = (call.func, *(k.value for k in call.keywords if k.arg != "name"))
    keeps_arguments = (
        len(call.args) == 1
        and not call.keywords
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id == "__name__"
    )
    return SitePlan(
        finding,
        call,
        _build,
        rename=(lambda names: names.local("get_logger")) if keeps_arguments else None,
        imports=("get_logger",),
        dropped=dropped,
        module_logger=True,
        note=renamed,
    )


RENAMED = (
    "the logger was {old}; now the module's own, under {component}: its records carry the "
    "module's name (`%(name)s` in a handler's format) and follow {component}'s switch"
)

LEVEL_QUESTIONS = frozenset({"isEnabledFor", "getEffectiveLevel"})
GATE = (
    "the gate read the root's level; now the module logger's, which is the root's until a level "
    "is set on {component}: with nothing configured, or only the root's level, it answers as "
    "before, but `TORCH_LOGS` naming {component} now opens or closes what it "
    "guards, code as well as lines"
)


def _names_root(call: ast.Call) -> bool:
    """No name, `""` or None: the root logger."""
    understood, name = name_argument(call)
    return understood and (
        name is None or (isinstance(name, ast.Constant) and name.value in ("", None))
    )


def _renamed(call: ast.Call) -> str:
    """The note of a rewrite that changes the logger's name (the root's, or the file path's),
    empty when the name stays."""
    understood, name = name_argument(call)
    if not understood:
        return ""
    if _names_root(call):
        return RENAMED.replace("{old}", "the root logger")
    if isinstance(name, ast.Name) and name.id == "__file__":
        return RENAMED.replace("{old}", "named by the file's path")
    return ""


def _means_this_module(call: ast.Call) -> bool:
    """No name, `""`, None, `__name__` or `__file__`: the logger of this module once migrated."""
    understood, name = name_argument(call)
    if not understood:
        return False
    if _names_root(call):
        return True
    return isinstance(name, ast.Name) and name.id in ("__name__", "__file__")


def _module_logger(call: cst.Call, names: Names) -> cst.Name:
    return cst.Name(names.logger)


def _build(call: cst.Call, names: Names) -> cst.Call:
    chosen = next((a for a in call.args if a.keyword is None or a.keyword.value == "name"), None)
    value = chosen.value if chosen is not None else None
    if value is None or _is_empty_name(value):
        value = cst.Name("__name__")
    return call.with_changes(func=cst.Name(names.local("get_logger")), args=[cst.Arg(value)])


def _is_empty_name(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.Name):
        return value.value in ("__file__", "None")
    if isinstance(value, cst.SimpleString):
        return value.evaluated_value in ("", b"")
    return False


FIX = Fix("loggers built with logging.getLogger -> get_logger", plan)
