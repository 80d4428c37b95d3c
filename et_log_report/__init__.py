"""The reader's side of the delegation record: reason codes, the schema, text, diff, gate, HTML.

The runtime (``et_log_runtime.partition_report``, vendored into ExecuTorch) collects and writes
the record; everything that reads it lives here, in et-log, so ExecuTorch carries only the
collection. Standard library only (plus the runtime's ``delegation_record``: one schema, one
count of nodes, one table, so a record prints exactly as ``TORCH_LOGS=partition_report`` does). The command: ``et-log-report`` (``cli.py``).
"""

from .codes import CODES, ReasonCode, describe
from .diff import Diff, compare
from .gate import Gates, MinCoverage, check
from .html import render_html
from .record import Record, RecordError, Run, load, parse
from .text import render_diff, render_record

__all__ = [
    "CODES",
    "Diff",
    "Gates",
    "MinCoverage",
    "ReasonCode",
    "Record",
    "RecordError",
    "Run",
    "check",
    "compare",
    "describe",
    "load",
    "parse",
    "render_diff",
    "render_html",
    "render_record",
]
