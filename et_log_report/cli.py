"""``et-log-report``: read, gate, compare and draw delegation records.

    et-log-report show RECORD                  the partition_report tables, coverage, codes
    et-log-report check RECORD [gates]         exit 1 if a gate fails
    et-log-report diff BASE NEW [gates]        exit 1 on a regression or a failed gate
    et-log-report html RECORD [-o PAGE.html]   one self-contained page
    et-log-report codes                        the reason-code table

Gates: ``--min-coverage PERCENT`` (the whole record) or ``PARTITIONER=PERCENT`` (its runs),
``--require PATTERN`` (an operator target, ``fnmatch`` style: every such node delegated),
``--critical`` (no node its backend or the user marked critical left on the CPU).
Exit 0: fine; 1: a regression or a failed gate; 2: bad arguments or a file that is not a record.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .codes import CODES
from .diff import compare
from .formats import DIFF_FORMATS
from .gate import Gates, MinCoverage, check, nothing_recorded
from .html import render_html
from .record import NO_RUN_CAUSE, RecordError, load
from .text import render_record

__all__ = ["main"]

PROG = "et-log-report"


def _out(text: str) -> None:
    """The command's output, on stdout (errors go to stderr)."""
    sys.stdout.write(text + "\n")


def _output(value: str) -> str:
    """``-o``'s type: a page to write, not a folder (the record, most likely, after ``-o``
    whose value was left out), in a folder that exists (lint_rules.verdicts.an_output's
    words: this reader does not import the lint)."""
    if Path(value).is_dir():
        raise argparse.ArgumentTypeError(f"{value}: a folder, not a file")
    folder = Path(value).parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{value}: cannot write: no folder {folder}")
    return value


def _gate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--min-coverage",
        action="append",
        default=[],
        metavar="[PARTITIONER=]PERCENT",
        help="fail below this share of operators delegated (whole record, or one partitioner)",
    )
    parser.add_argument(
        "--require",
        action="append",
        default=[],
        metavar="PATTERN",
        help="an operator that must be delegated, e.g. 'aten.linear.default' or 'aten.conv*'",
    )
    parser.add_argument(
        "--critical",
        action="store_true",
        help="fail on a critical operator (the backend's table, EXECUTORCH_CRITICAL_OPS) left "
        "on the CPU",
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Which nodes ran where, and why: read, gate and compare delegation records.",
        allow_abbrev=False,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    show = commands.add_parser("show", help="print a record as tables", allow_abbrev=False)
    show.add_argument("record", help="a JSON record or a TORCH_TRACE log file")
    gate = commands.add_parser("check", help="gate one record", allow_abbrev=False)
    gate.add_argument("record")
    _gate_options(gate)
    diff = commands.add_parser("diff", help="compare two records", allow_abbrev=False)
    diff.add_argument("base", help="the record to compare against (e.g. main's)")
    diff.add_argument("new", help="the record of the change")
    diff.add_argument("--format", choices=tuple(DIFF_FORMATS), default="text")
    _gate_options(diff)
    page = commands.add_parser("html", help="write a record as one HTML page", allow_abbrev=False)
    page.add_argument("record")
    page.add_argument(
        "-o", "--output", type=_output, help="the page to write (default: RECORD.html)"
    )
    codes = commands.add_parser("codes", help="the reason-code table", allow_abbrev=False)
    for sub in (show, gate, diff, page, codes):  # its errors print its own usage
        sub.set_defaults(subparser=sub)
    return parser


def _gates(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Gates:
    try:
        minimums = tuple(MinCoverage.parse(text) for text in args.min_coverage)
    except ValueError as error:
        parser.error(f"--min-coverage {error}")
    return Gates(minimums, tuple(args.require), args.critical)


def _write(output: Path, text: str) -> None:
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:  # named by the output's path (lint_rules.verdicts.cannot_write)
        raise RecordError(f"{output}: cannot write: {error.strerror or error}") from None


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    given = [getattr(args, name, None) for name in ("record", "base", "new")]
    missing = [path for path in given if path is not None and not Path(path).exists()]
    if missing:  # a typo, or a record a lowering was to write and did not
        parser.error(
            f"no such file or folder: {', '.join(missing)} (if a lowering was to write it, "
            f"through EXECUTORCH_DELEGATION_RECORD: {NO_RUN_CAUSE})"
        )
    if args.command == "codes":
        for entry in CODES:
            _out(f"{entry.code}\n  {entry.cause}\n  what to do: {entry.action}")
        return 0
    if args.command == "show":
        _out(render_record(load(args.record)))
        return 0
    if args.command == "html":
        record = load(args.record)
        output = Path(args.output or Path(args.record).with_suffix(".html"))
        _write(output, render_html(record))
        _out(f"wrote {output}")
        return 0
    gates = _gates(parser, args)
    if args.command == "check":
        record = load(args.record)
        failures = check(record, gates)
        _out("\n".join(failures) or f"{record.path}: every gate passes")
        return 1 if failures else 0
    diff = compare(load(args.base), load(args.new))
    failures = check(diff.after, gates)
    empty = nothing_recorded(diff.before)  # a baseline of nothing proves nothing either
    failures = [empty, *failures] if empty is not None else failures
    _out(DIFF_FORMATS[args.format](diff, failures))
    return 1 if diff.regressions or failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return _run(args.subparser, args)
    except RecordError as error:  # not a record, not text, unreadable; a page unwritable
        sys.stderr.write(f"{PROG}: error: {error}\n")
        return 2
