"""The migration as libcst codemod commands, for teams that already drive libcst:

    python -m libcst.tool codemod -x codemods.commands.MigrateLogging exir/ backends/

Each command runs the same engine as `python -m codemods.migrate` on one module at a time (libcst
reads, diffs and writes the files); `MigrateLogging` does every fixable kind, and each fixable kind
has its own command, named in its `codemods/fixes` module (`MigrateWarnings` for ETL004, ...).
"""

from __future__ import annotations

import argparse

import libcst as cst
from libcst.codemod import CodemodContext, SkipFile, VisitorBasedCodemodCommand

from codemods.engine import migrate_source
from codemods.fixes import FIXES
from lint_rules import load_config


class MigrateLogging(VisitorBasedCodemodCommand):
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

    def __init__(self, context: CodemodContext, runtime_import: str | None = None) -> None:
        super().__init__(context)
        overrides: dict[str, object] = {}
        if runtime_import:
            overrides["runtime_import"] = runtime_import
        if self.SELECT:
            overrides["select"] = list(self.SELECT)
        self.config = load_config(".", overrides or None)

    def transform_module_impl(self, tree: cst.Module) -> cst.Module:
        path = self.context.filename or "<stdin>"
        recipes = [] if self.SELECT else None  # a single-kind command applies no recipe
        result = migrate_source(tree.code, path, self.config, recipes=recipes)
        for item in result.review:
            finding = item.finding
            self.warn(f"{finding.line}:{finding.col}: {finding.code} {item.reason}")
        if result.error is not None:
            raise ValueError(f"{path}:{result.error_line}: {result.error}")
        if not result.changed:
            raise SkipFile("no fixable site")
        return cst.parse_module(result.new_text).with_changes(encoding=tree.encoding)


def _kind_command(code: str, name: str, description: str) -> type[MigrateLogging]:
    doc = f"{code} only: {description}."
    namespace = {"__doc__": doc, "DESCRIPTION": f"et-log {doc}", "SELECT": (code,)}
    return type(name, (MigrateLogging,), {"__module__": __name__, **namespace})


# One command per fixable kind, named by its fix (MigrateGetLogger, MigrateRootCalls, ...).
KIND_COMMANDS: dict[str, type[MigrateLogging]] = {
    fix.code: _kind_command(fix.code, fix.command, fix.description) for fix in FIXES.values()
}
globals().update({command.__name__: command for command in KIND_COMMANDS.values()})
__all__ = ["MigrateLogging", *(c.__name__ for c in KIND_COMMANDS.values())]
