"""The codemod's rewrite of each fixable site kind: one module each, `FIXES` by code.

A fix is found by its rule: each fixable `Rule` of `lint_rules.rules.ALL_RULES` has its module
here under the rule's stem (`etl008_print_to_stdout.py`), exporting `FIX` (its `plan` turns a site
into a `SitePlan`, or a `Review`). The engine, the report and the libcst commands iterate over `FIXES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from codemods.fixes.base import Fix, Names, SitePlan
from lint_rules.rules import ALL_RULES, RegistryError, Rule, kind_modules


def discover_fixes(package: str, folders: Iterable[str], rules: Iterable[Rule]) -> dict[str, Fix]:
    """The `FIX` of each fixable rule, from module `<package>.<rule stem>`, by code. RegistryError,
    naming the file, for a fixable rule without its module or its `Fix`, and for a kind's module
    in `folders` that no fixable rule has (a misnamed file, or a rule not marked fixable)."""
    folders = list(folders)
    fixable = {rule.stem: rule for rule in rules if rule.fixable}
    for path, stem in kind_modules(folders):
        if stem not in fixable:
            raise RegistryError(
                f"{path}: no fixable rule has this stem (lint_rules/rules/{stem}.py with "
                "`fixable=True`): rename the module after its rule, or mark the rule fixable"
            )
    fixes: dict[str, Fix] = {}
    for stem, rule in fixable.items():
        name = f"{package}.{stem}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            raise RegistryError(
                f"{rule.code} is fixable but has no fix: write {'/'.join(folders[:1])}/{stem}.py"
                " exporting `FIX = Fix(...)`"
            ) from None
        fix = getattr(module, "FIX", None)
        if not isinstance(fix, Fix):
            raise RegistryError(f"{module.__file__}: {rule.code}'s fix exports `FIX = Fix(...)`")
        fixes[rule.code] = fix
    return fixes


FIXES: dict[str, Fix] = discover_fixes(__name__, __path__, ALL_RULES)

__all__ = ["FIXES", "Fix", "Names", "SitePlan", "discover_fixes"]
