"""The seven site kinds, recognised on a module's facts: (node, code, fixable, reason)."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from lint_rules.facts import ROOT_LOGGING_FUNCTIONS, ModuleFacts, last_identifier

_WARN_KEYWORDS = frozenset({"message", "category", "stacklevel"})
# Uses of the root logger that mean "this module's logger" once migrated: reading its level, or
# logging through it. Anything else (handlers, propagate, ...) is about the root itself.
_ROOT_READS = ROOT_LOGGING_FUNCTIONS | {"isEnabledFor", "getEffectiveLevel", "level"}
_ROOT_CONFIG_METHODS = frozenset({"setLevel", "addHandler"})


@dataclass(frozen=True)
class Site:
    node: ast.expr | ast.stmt
    code: str
    fixable: bool = True
    reason: str = ""


def find_sites(facts: ModuleFacts, package: str) -> list[Site]:
    """Every site in the module, in no particular order."""
    sites: list[Site] = []
    root_names, logger_names, logger_attrs = _logger_variables(facts)
    claimed: set[int] = set()  # root getLogger() calls already reported as ETL005
    assigned = {id(a.value) for a in facts.assigns}
    for call in facts.calls:
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in _ROOT_CONFIG_METHODS:
            receiver = func.value
            if _is_root_logger(receiver, facts) or (
                isinstance(receiver, ast.Name) and receiver.id in root_names
            ):
                claimed.add(id(receiver))
                sites.append(_config_site(call, facts))
    for call in facts.calls:
        func = call.func
        qual = facts.qualname(func)
        if qual is not None and qual.startswith("logging."):
            attr = qual[len("logging.") :]
            if attr == "getLogger":
                if id(call) not in claimed:
                    site = _get_logger_site(call, package)
                    if site.fixable and _is_root_logger(call, facts):
                        site = _root_use_site(call, facts, assigned)
                    sites.append(site)
            elif attr in ROOT_LOGGING_FUNCTIONS:
                sites.append(Site(call, "ETL002"))
            elif attr == "basicConfig":
                sites.append(_config_site(call, facts))
        elif qual == "warnings.warn":
            site = _warn_site(call, facts)
            if site is not None:
                sites.append(site)
        elif qual == "sys.stderr.write":
            sites.append(_write_site(call))
        elif facts.is_builtin(func, "print"):
            site = _print_site(call, facts)
            if site is not None:
                sites.append(site)
        if isinstance(func, ast.Attribute) and func.attr == "setLevel":
            if _is_library_logger(func.value, facts, logger_names, logger_attrs):
                sites.append(Site(call, "ETL006", False, "level overrides need a human decision"))
    for node in facts.raises:
        exc = node.exc
        if exc is None:
            continue
        name = last_identifier(exc)
        if facts.is_warning_class(name) and not facts.is_api_signal(name):
            sites.append(Site(node, "ETL007", False, "raise an error or log a warning: review"))
    return sites


def _logger_variables(facts: ModuleFacts) -> tuple[set[str], set[str], set[str]]:
    """Names bound to the root logger, names and `self.x` attributes bound to other loggers."""
    roots: set[str] = set()
    names: set[str] = set()
    attrs: set[str] = set()
    factories = facts.logger_factories
    for node in facts.assigns:
        value = node.value
        if not isinstance(value, ast.Call) or facts.qualname(value.func) not in factories:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        is_root = _is_root_logger(value, facts)
        for target in targets:
            if isinstance(target, ast.Name):
                (roots if is_root else names).add(target.id)
            elif isinstance(target, ast.Attribute) and not is_root:
                attrs.add(target.attr)
    return roots, names, attrs


def _name_argument(call: ast.Call) -> tuple[bool, ast.expr | None]:
    """(understood, name expression) of a getLogger call; not understood with star-args."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return False, None
    if call.args:
        return True, call.args[0]
    for kw in call.keywords:
        if kw.arg == "name":
            return True, kw.value
    return True, None


def _is_root_logger(node: ast.expr, facts: ModuleFacts) -> bool:
    if isinstance(node, ast.Attribute) and facts.qualname(node) == "logging.root":
        return True
    if not isinstance(node, ast.Call) or facts.qualname(node.func) != "logging.getLogger":
        return False
    understood, name = _name_argument(node)
    return understood and (
        name is None or (isinstance(name, ast.Constant) and name.value in ("", None))
    )


def _is_library_logger(
    node: ast.expr, facts: ModuleFacts, names: set[str], attrs: set[str]
) -> bool:
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Attribute):
        return node.attr in attrs and isinstance(node.value, ast.Name)
    if isinstance(node, ast.Call):
        return facts.qualname(node.func) in facts.logger_factories and not _is_root_logger(
            node, facts
        )
    return False


def _get_logger_site(call: ast.Call, package: str) -> Site:
    understood, name = _name_argument(call)
    if not understood:
        return Site(call, "ETL001", False, "star-args in getLogger()")
    if name is None or (isinstance(name, ast.Constant) and name.value in ("", None)):
        return Site(call, "ETL001")
    if isinstance(name, ast.Name) and name.id in ("__name__", "__file__"):
        return Site(call, "ETL001")
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        value = name.value
        if value == package or value.startswith(package + "."):
            return Site(call, "ETL001")
        return Site(call, "ETL001", False, f"foreign logger name {value!r}: review")
    return Site(call, "ETL001", False, "logger name computed at run time: review")


def _root_use_site(call: ast.Call, facts: ModuleFacts, assigned: set[int]) -> Site:
    """`logging.getLogger()` becomes the module logger only where that keeps the meaning."""
    if id(call) in assigned or facts.call_attributes.get(id(call)) in _ROOT_READS:
        return Site(call, "ETL001")
    used = facts.call_attributes.get(id(call))
    what = f"`.{used}` of the root logger" if used else "the root logger itself"
    return Site(call, "ETL001", False, f"{what} is used: review")


def _config_site(call: ast.Call, facts: ModuleFacts) -> Site:
    if id(call) in facts.module_level_calls:
        return Site(call, "ETL005")
    return Site(call, "ETL005", False, "logging configured inside a function or block: review")


def _warn_site(call: ast.Call, facts: ModuleFacts) -> Site | None:
    """None for API signals (deprecations); else an ETL004 site, fixable when plain."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return Site(call, "ETL004", False, "star-args in warnings.warn(): review")
    kwargs = {k.arg: k.value for k in call.keywords}
    message = call.args[0] if call.args else kwargs.get("message")
    category = call.args[1] if len(call.args) > 1 else kwargs.get("category")
    if message is not None and isinstance(message, ast.Call):
        name = last_identifier(message)
        if facts.is_api_signal(name):
            return None
        if facts.is_warning_class(name):
            return Site(call, "ETL004", False, "a Warning instance as the message: review")
    if category is not None:
        name = last_identifier(category)
        if isinstance(category, ast.Call):
            name = None
        if facts.is_api_signal(name):
            return None
        if not facts.is_warning_class(name):
            return Site(call, "ETL004", False, "category not known statically: review")
    extra = set(kwargs) - _WARN_KEYWORDS
    if extra or len(call.args) > 3 or message is None:
        what = ", ".join(sorted(str(e) for e in extra)) or "arguments"
        return Site(call, "ETL004", False, f"unusual warnings.warn() {what}: review")
    return Site(call, "ETL004")


def _ends_with_newline(node: ast.expr) -> bool | None:
    """True/False for text known to end (or not) with a newline; None when unknown."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.endswith("\n")
    if isinstance(node, ast.JoinedStr) and node.values:
        last = node.values[-1]
        if isinstance(last, ast.Constant) and isinstance(last.value, str):
            return last.value.endswith("\n")
        return False
    return None


def _write_site(call: ast.Call) -> Site:
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return Site(call, "ETL003", False, "unusual sys.stderr.write() arguments: review")
    ends = _ends_with_newline(call.args[0])
    if ends is None:
        return Site(call, "ETL003", False, "text not known statically: review")
    if not ends:
        return Site(call, "ETL003", False, "write without a trailing newline: review")
    return Site(call, "ETL003")


def _print_site(call: ast.Call, facts: ModuleFacts) -> Site | None:
    kwargs = {k.arg: k.value for k in call.keywords if k.arg is not None}
    target = kwargs.get("file")
    if target is None or facts.qualname(target) != "sys.stderr":
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return Site(call, "ETL003", False, "star-args in print(): review")
    if not call.args:
        return Site(call, "ETL003", False, "empty print(): review")
    end = kwargs.get("end")
    if end is not None and not (isinstance(end, ast.Constant) and end.value in ("\n", None)):
        return Site(call, "ETL003", False, "print(end=...) changes the line structure: review")
    sep = kwargs.get("sep")
    if sep is not None and not (
        isinstance(sep, ast.Constant) and (sep.value is None or isinstance(sep.value, str))
    ):
        return Site(call, "ETL003", False, "sep not known statically: review")
    return Site(call, "ETL003")
