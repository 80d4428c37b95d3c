"""`python -m lint_rules PATH...` / `et-log-lint`: report sites, exit 0 clean, 1 findings,
2 usage error, internal error or files that could not be linted."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from lint_rules.config import Config, ConfigError, load_config
from lint_rules.discovery import iter_python_files
from lint_rules.finding import Finding
from lint_rules.rules import RULES_BY_CODE
from lint_rules.runner import LintResult, lint_files

# Kept in step with lint_rules.formats.FORMATS (imported lazily: start-up time matters).
FORMATS = ("text", "json", "github", "sarif", "lintrunner")
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _say(text: str) -> None:
    """A line for the user on stderr (this is CLI output, not logging)."""
    sys.stderr.write(text + "\n")


def _codes(text: str) -> list[str]:
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    for code in codes:
        if not any(known.startswith(code) for known in RULES_BY_CODE):
            raise argparse.ArgumentTypeError(f"unknown code {code!r} (ETL001-ETL007)")
    return codes


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="et-log-lint",
        description="Find ad-hoc logging sites (ETL001-ETL007) in library code.",
        fromfile_prefix_chars="@",  # lintrunner passes @{{PATHSFILE}}
    )
    parser.add_argument("paths", nargs="*", default=["."], help="files or folders (default: .)")
    parser.add_argument("--select", type=_codes, help="only these codes or prefixes, e.g. ETL001")
    parser.add_argument("--ignore", type=_codes, help="skip these codes or prefixes")
    parser.add_argument("--format", choices=FORMATS, default="text", help="output format")
    parser.add_argument(
        "--statistics", action="store_true", help="per-code and per-component counts (text)"
    )
    parser.add_argument("--baseline", metavar="FILE", help="grandfather the findings in FILE")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--update-baseline",
        action="store_true",
        help="with --baseline: drop entries that are fixed (never adds)",
    )
    mode.add_argument(
        "--generate-baseline",
        action="store_true",
        help="with --baseline: write every current finding into FILE",
    )
    parser.add_argument(
        "--config", metavar="TOML", help="file with [tool.et-log] (default: nearest pyproject.toml)"
    )
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (0: automatic)")
    parser.add_argument(
        "--cache", action="store_true", help="reuse results for files unchanged since last run"
    )
    parser.add_argument(
        "--cache-dir", metavar="DIR", help="where --cache keeps them (default: .et-log-cache/)"
    )
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    return parser


def _load(args: argparse.Namespace) -> Config:
    overrides: dict[str, object] = {}
    if args.select:
        overrides["select"] = args.select
    if args.ignore:
        overrides["ignore"] = args.ignore
    if args.config:
        return load_config(".", overrides, pyproject=args.config)
    start = args.paths[0] if args.paths else "."
    return load_config(start if os.path.exists(start) else ".", overrides)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if (args.update_baseline or args.generate_baseline) and not args.baseline:
        parser.print_usage(sys.stderr)
        _say("et-log-lint: error: --update/--generate-baseline need --baseline")
        return EXIT_ERROR
    try:
        config = _load(args)
        files = list(iter_python_files(args.paths, config))
        cache_dir = None
        if args.cache or args.cache_dir:
            cache_dir = args.cache_dir or os.path.join(config.root or ".", ".et-log-cache")
        result = lint_files(files, config, args.jobs, cache_dir)
        return _report(args, config, result, files)
    except ConfigError as exc:  # also a bad baseline file
        _say(f"et-log-lint: error: {exc}")
        return EXIT_ERROR
    except Exception as exc:  # a bug of ours: say so, exit 2
        _say(f"et-log-lint: internal error: {exc!r}")
        return EXIT_ERROR


def _apply_baseline(
    args: argparse.Namespace, config: Config, result: LintResult, files: list[str]
) -> tuple[list[Finding], str]:
    """(the findings to report, a note for the user) under `--baseline`."""
    from lint_rules.baseline import (
        Key,
        count_findings,
        load_baseline,
        ratchet,
        save_baseline,
        split_new,
    )

    relpath = config.relpath
    if args.generate_baseline:
        save_baseline(args.baseline, *count_findings(result.findings, relpath))
        return [], f"wrote {len(result.findings)} findings to baseline {args.baseline}"
    known, texts = load_baseline(args.baseline)
    new, stale = split_new(result.findings, known, relpath)
    if not args.update_baseline:
        if not stale:
            return new, ""
        fixed = sum(stale.values())
        return new, f"{fixed} baseline entries are fixed; run with --update-baseline to drop them"
    current, _ = count_findings(result.findings, relpath)
    linted = {relpath(p) for p in files}
    failed = {relpath(e.path) for e in result.errors}

    def in_scope(key: Key) -> bool:
        return key[0] in linted and key[0] not in failed and config.code_enabled(key[1])

    updated = ratchet(known, current, in_scope)
    save_baseline(args.baseline, updated, texts)
    dropped = sum(known.values()) - sum(updated.values())
    return new, f"baseline {args.baseline}: dropped {dropped} fixed entries"


def _report(args: argparse.Namespace, config: Config, result: LintResult, files: list[str]) -> int:
    findings, note = result.findings, ""
    if args.baseline:
        findings, note = _apply_baseline(args, config, result, files)
    out = sys.stdout
    if args.format == "text" and not args.statistics:
        out.write("".join(_text_line(f) for f in findings))
    else:
        from lint_rules.formats import render, statistics

        if args.statistics and args.format == "text":
            out.write(statistics(findings, config.component_for))
        else:
            out.write(
                render(args.format, findings, result.errors, config.relpath, config.component_for)
            )
    if args.format == "text":
        for error in result.errors:
            where = f"{error.path}:{error.line}" if error.line else error.path
            _say(f"{where}: error: {error.reason}")
    if note:
        _say(note)
    if args.format == "text" and not args.statistics:
        fixable = sum(f.fixable for f in findings)
        _say(
            f"Found {len(findings)} findings ({fixable} fixable with et-log-migrate, "
            f"{len(findings) - fixable} for review) in {result.files} files; "
            f"{len(result.errors)} files could not be linted."
        )
    if args.format == "lintrunner":
        # lintrunner treats a non-zero exit as a crashed linter: everything is in the messages.
        return EXIT_CLEAN
    if result.errors:
        return EXIT_ERROR
    if findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _text_line(f: Finding) -> str:
    return f"{f.path}:{f.line}:{f.col}: {f.code} {f.message}\n"
