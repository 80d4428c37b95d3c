"""The site kinds: one module each (docs, examples, needles, recogniser), `ALL_RULES` in code order.

A kind is found, not listed: every `etlNNN_<name>.py` module of this package's folder exports
`RULE`, whose code and name make the module's name (`Rule.stem`). Everything that shows or counts
kinds (CLI, formats, docs, the codemod's fixes, report and commands) iterates over `ALL_RULES`.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Iterable
from dataclasses import replace

from lint_rules.config import Config, ConfigError
from lint_rules.rules.base import Example, Option, RegistryError, Rule, Site

# The file name of a kind's module: its code in lower case, then its name in snake case.
KIND_MODULE = re.compile(r"(etl\d{3})_\w+\.py")


def kind_modules(folders: Iterable[str]) -> list[tuple[str, str]]:
    """(path, stem) of each kind's module in `folders` (a package's `__path__`), by file name.
    Plain `os.scandir`: the lint's start-up time is measured."""
    found = []
    for folder in folders:
        with os.scandir(folder) as entries:
            found += [(e.path, e.name[:-3]) for e in entries if KIND_MODULE.fullmatch(e.name)]
    return sorted(found, key=lambda pair: pair[1])


def discover_rules(package: str, folders: Iterable[str]) -> tuple[Rule, ...]:
    """The `RULE` of every kind's module of `package` (found in `folders`), in code order.
    RegistryError, naming the file, for a module without a `Rule`, one whose file name is not
    its rule's stem, two modules of one code, a fixable kind without its command, or a command
    on a kind that is not fixable."""
    rules: dict[str, Rule] = {}
    for path, stem in kind_modules(folders):
        rule = getattr(importlib.import_module(f"{package}.{stem}"), "RULE", None)
        if not isinstance(rule, Rule):
            raise RegistryError(f"{path}: a site kind's module exports `RULE = Rule(...)`")
        if rule.stem != stem:
            raise RegistryError(
                f"{path}: holds {rule.code} `{rule.name}`, so its file is {rule.stem}.py"
            )
        if rule.code in rules:
            raise RegistryError(f"{path}: {rule.code} is also {rules[rule.code].stem}.py")
        if rule.fixable and not rule.command.isidentifier():
            raise RegistryError(
                f"{path}: {rule.code} is fixable, so its Rule names its libcst command "
                "(`command=`, a class name)"
            )
        if rule.command and not rule.fixable:
            raise RegistryError(f"{path}: {rule.code} is not fixable, so its Rule has no command")
        rules[rule.code] = rule
    return tuple(rules[code] for code in sorted(rules))


ALL_RULES: tuple[Rule, ...] = discover_rules(__name__, __path__)
RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in ALL_RULES}
CODES: tuple[str, ...] = tuple(RULES_BY_CODE)


# The `[tool.et-log]` keys the kinds declare for themselves (`Rule.options`), by key.
OPTIONS: dict[str, Option] = {option.key: option for rule in ALL_RULES for option in rule.options}


def check_options(config: Config) -> Config:
    """`config` with the keys it does not know itself checked against the kinds' options: each
    one a kind declares, each value a list of strings (a string alone is a list of one).
    ConfigError names where a bad key was set."""
    checked = []
    for key, value, where in config.rule_options:
        if key not in OPTIONS:
            raise ConfigError(f"{where}: unknown key {key!r} in [tool.et-log]")
        value = (value,) if isinstance(value, str) else value
        if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: {key} must be a list of strings")
        checked.append((key, value, where))
    return replace(config, rule_options=tuple(checked))


def code_range() -> str:
    """`ETL001-ETL009`: the registered codes, for help texts and titles."""
    return f"{CODES[0]}-{CODES[-1]}"


__all__ = [
    "ALL_RULES",
    "CODES",
    "OPTIONS",
    "RULES_BY_CODE",
    "Example",
    "Option",
    "RegistryError",
    "Rule",
    "Site",
    "check_options",
    "code_range",
    "discover_rules",
    "kind_modules",
]
