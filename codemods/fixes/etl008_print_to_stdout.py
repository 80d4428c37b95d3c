"""ETL008's rewrite: a diagnostic printed to stdout -> a logger call with the same text; level from
a prefix, else INFO (stdout chatter becomes opt-in verbosity)."""

from __future__ import annotations

from functools import partial

from codemods.fixes.base import Fix
from codemods.fixes.etl003_print_to_stderr import output_plan

FIX = Fix(
    "ETL008",
    "MigrateStdoutDiagnostics",
    "diagnostics printed to stdout -> logger calls with the same text",
    partial(output_plan, default_level="info"),
    channel="stdout",
)
