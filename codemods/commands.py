"""The migration as libcst codemod commands, for teams that already drive libcst:

    python -m libcst.tool codemod -x codemods.commands.MigrateLogging exir/ backends/

Each command runs the same engine as `python -m codemods.migrate` on one module at a time (libcst
reads, diffs and writes the files); `MigrateLogging` does every fixable kind, the others one each.
"""

from __future__ import annotations

import argparse

import libcst as cst
from libcst.codemod import CodemodContext, SkipFile, VisitorBasedCodemodCommand

from codemods.engine import migrate_source
from lint_rules import load_config


class MigrateLogging(VisitorBasedCodemodCommand):
    """ETL001-ETL005: every fixable site; sites left for review become libcst warnings."""

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
        result = migrate_source(tree.code, path, self.config)
        for item in result.review:
            finding = item.finding
            self.warn(f"{finding.line}:{finding.col}: {finding.code} {item.reason}")
        if result.error is not None:
            raise ValueError(f"{path}:{result.error_line}: {result.error}")
        if not result.changed:
            raise SkipFile("no fixable site")
        return cst.parse_module(result.new_text).with_changes(encoding=tree.encoding)


class MigrateGetLogger(MigrateLogging):
    """ETL001 only: `logging.getLogger(...)` -> `get_logger(__name__)`."""

    DESCRIPTION = "et-log ETL001: loggers built with logging.getLogger -> get_logger."
    SELECT = ("ETL001",)


class MigrateRootCalls(MigrateLogging):
    """ETL002 only: root-logger calls -> the module logger."""

    DESCRIPTION = "et-log ETL002: logging.info(...) and friends -> the module logger."
    SELECT = ("ETL002",)


class MigrateStderrPrints(MigrateLogging):
    """ETL003 only: print(..., file=sys.stderr) / sys.stderr.write -> logger calls."""

    DESCRIPTION = "et-log ETL003: prints to stderr -> logger calls with the same text."
    SELECT = ("ETL003",)


class MigrateWarnings(MigrateLogging):
    """ETL004 only: diagnostic warnings.warn -> warn_once."""

    DESCRIPTION = "et-log ETL004: diagnostic warnings.warn -> warn_once(logger, ...)."
    SELECT = ("ETL004",)


class RemoveLoggingConfig(MigrateLogging):
    """ETL005 only: module-level logging.basicConfig / root setLevel -> removed."""

    DESCRIPTION = "et-log ETL005: module-level logging configuration in library code -> removed."
    SELECT = ("ETL005",)
