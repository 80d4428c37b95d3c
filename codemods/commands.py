"""The migration as libcst codemod commands, for teams that already drive libcst:

    python -m libcst.tool codemod -x codemods.commands.MigrateLogging exir/ backends/

Each command runs the same engine as `python -m codemods.migrate` on one module at a time (libcst
reads, diffs and writes the files); `MigrateLogging` does every fixable kind, and each fixable kind
has its own command, named by its rule (`Rule.command`: `MigrateRootCalls` for ETL002, ...).
"""

from __future__ import annotations

import argparse

import libcst as cst
from libcst.codemod import CodemodCommand, CodemodContext, SkipFile

from codemods.fixes import FIXES
from codemods.pipeline import migrate_source
from codemods.recipes import Recipe
from codemods.recipes.apply import recipes_for
from codemods.recipes.selection import parse_names, select
from codemods.write.needs import unmet
from lint_rules.cli_common import cli_config
from lint_rules.rules import RULES_BY_CODE


class MigrateLogging(CodemodCommand):
    """Every fixable site; sites left for review become libcst warnings."""

    DESCRIPTION = "et-log: rewrite ad-hoc logging sites into the unified et-log logger."
    SELECT: tuple[str, ...] = ()

    @staticmethod
    def add_args(arg_parser: argparse.ArgumentParser) -> None:
        arg_parser.add_argument(
            "--runtime-import",
            dest="runtime_import",
            default=None,
            help="module the migrated code imports get_logger from (default: config)",
        )
        arg_parser.add_argument(
            "--recipes",
            dest="recipes",
            default=None,
            type=parse_names,
            help="the only recipes to apply, as migrate's --recipes (delegation-record, all, ...)",
        )

    def __init__(
        self,
        context: CodemodContext,
        runtime_import: str | None = None,
        recipes: tuple[str, ...] | None = None,
    ) -> None:
        super().__init__(context)
        overrides: dict[str, object] = {}
        if runtime_import:
            overrides["runtime_import"] = runtime_import
        if self.SELECT:
            overrides["select"] = list(self.SELECT)
        self.config = cli_config([], overrides)  # the rule both CLIs use (from the cwd)
        # one kind: no recipe; else those [tool.et-log] skip-recipes does not leave out
        chosen = select(recipes, self.config.skip_recipes)
        self.recipes: list[Recipe] = [] if self.SELECT else chosen

    def transform_module_impl(self, tree: cst.Module) -> cst.Module:
        path = self.context.filename or "<stdin>"
        recipes = recipes_for(path, self.recipes)
        if any(recipe.needs for recipe in recipes):  # libcst's files are not known in advance:
            refused = unmet(self.recipes, None, self.config)  # the needed ones must be applied
            for recipe in [r for r in recipes if r.name in refused]:
                self.warn(f"recipe {recipe.name}: {refused[recipe.name].reason}")
                recipes.remove(recipe)
        result = migrate_source(tree.code, path, self.config, recipes=recipes)
        for item in result.review:
            finding = item.finding
            self.warn(f"{finding.line}:{finding.col}: {finding.code} {item.review.reason}")
        if result.error is not None:
            raise ValueError(f"{path}:{result.error_line}: {result.error}")
        if not result.changed:
            raise SkipFile("no fixable site")
        return cst.parse_module(result.new_text).with_changes(encoding=tree.encoding)


def _kind_command(code: str) -> type[MigrateLogging]:
    """The command of one fixable kind: named by its `Rule.command`, described by its `Fix`."""
    name, doc = RULES_BY_CODE[code].command, f"{code} only: {FIXES[code].description}."
    namespace = {
        "__doc__": doc,
        "__module__": __name__,
        "__qualname__": name,
        "DESCRIPTION": f"et-log {doc}",
        "SELECT": (code,),
    }
    return type(name, (MigrateLogging,), namespace)


# One command per fixable kind, made from the registry (`codemods.fixes.FIXES`) and importable
# by its name (`codemods.commands.MigrateWarnings`), as libcst's `-x` and pickling need.
KIND_COMMANDS: dict[str, type[MigrateLogging]] = {code: _kind_command(code) for code in FIXES}
globals().update({command.__name__: command for command in KIND_COMMANDS.values()})
__all__ = ["MigrateLogging", *(c.__name__ for c in KIND_COMMANDS.values())]
