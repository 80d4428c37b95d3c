"""`python -m lint_rules PATH...` / `et-log-lint`: report sites, exit 0 clean, 1 findings,
2 usage error, internal error or files that could not be linted."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from types import SimpleNamespace

from lint_rules.cli_common import CONFIG_HELP, cli_config, parse_codes
from lint_rules.config import SEVERITIES, Config, ConfigError
from lint_rules.console import write_line
from lint_rules.discovery import iter_python_files
from lint_rules.finding import Finding
from lint_rules.format_names import FORMATS
from lint_rules.rules import code_range
from lint_rules.runner import FileError, LintResult, lint_files
from lint_rules.verdicts import EXIT_BAD_INPUT, NOT_A_PYTHON_FILE, a_file, named_not_python
from lint_rules.wording import count

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    import argparse

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2  # EXIT_ERROR: verdicts.EXIT_BAD_INPUT too
# Every option's value when it is not given: the parser's defaults, and the whole command line
# of a call that names only files (`parse_command_line`).
DEFAULTS: dict[str, object] = {
    "paths": ["."],
    "select": None,
    "ignore": None,
    "format": "text",
    "severity": None,
    "statistics": False,
    "baseline": None,
    "update_baseline": False,
    "generate_baseline": False,
    "config": None,
    "jobs": 0,
    "cache": False,
    "cache_dir": None,
    "exit_zero": False,
}


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="et-log-lint",
        description=f"Find ad-hoc logging sites ({code_range()}) in library code.",
        fromfile_prefix_chars="@",  # lintrunner passes @{{PATHSFILE}}
        allow_abbrev=False,  # `--statistic` is a typo, not `--statistics`
    )
    parser.add_argument("paths", nargs="*", help="files or folders (default: .)")
    parser.add_argument(
        "--select", type=parse_codes, help="only these codes or prefixes, e.g. ETL001"
    )
    parser.add_argument("--ignore", type=parse_codes, help="skip these codes or prefixes")
    parser.add_argument("--format", choices=FORMATS, help="output format")
    parser.add_argument(
        "--severity",
        choices=SEVERITIES,
        help="level of a finding in the github, sarif, lintrunner and json formats "
        "(default: `severity` in [tool.et-log], else warning)",
    )
    parser.add_argument(
        "--statistics", action="store_true", help="per-code and per-component counts (text)"
    )
    parser.add_argument(
        "--baseline", metavar="FILE", type=a_file, help="grandfather the findings in FILE"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--update-baseline",
        action="store_true",
        help="with --baseline: drop the entries of the linted files whose sites are gone "
        "(never adds; entries of files not linted are kept)",
    )
    mode.add_argument(
        "--generate-baseline",
        action="store_true",
        help="with --baseline: record the current findings of the linted files in FILE "
        "(entries of files not linted are kept)",
    )
    parser.add_argument("--config", metavar="TOML|DIR", help=CONFIG_HELP)
    parser.add_argument("--jobs", type=int, help="worker processes (0: automatic)")
    parser.add_argument(
        "--cache", action="store_true", help="reuse results for files unchanged since last run"
    )
    parser.add_argument(
        "--cache-dir", metavar="DIR", help="where --cache keeps them (default: .et-log-cache/)"
    )
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    parser.set_defaults(**DEFAULTS)
    return parser


def parse_command_line(argv: Sequence[str]) -> SimpleNamespace:
    """The options of `argv`. A call that names only files (pre-commit's, lintrunner's without
    `@`) is read without argparse, whose parser costs more to build than linting a small file
    takes; any other goes through `build_parser()` (SystemExit on a usage error, or --help)."""
    if not any(arg.startswith(("-", "@")) for arg in argv):
        return SimpleNamespace(**{**DEFAULTS, "paths": list(argv) or DEFAULTS["paths"]})
    return build_parser().parse_args(argv, namespace=SimpleNamespace())


def run() -> None:
    """The `et-log-lint` command: `main`, its output flushed, then leave without the
    interpreter's teardown, which takes longer than linting a few files (`os._exit`, as the
    lint's workers leave; nothing of the lint waits on a cleanup handler)."""
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe: the interpreter's usual exit reports it
        sys.exit(code)
    os._exit(code)


def _load(args: SimpleNamespace) -> Config:
    overrides: dict[str, object] = {}
    for key in ("select", "ignore", "severity"):
        if getattr(args, key):
            overrides[key] = getattr(args, key)
    return cli_config(args.paths, overrides, args.config)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parse_command_line(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if (args.update_baseline or args.generate_baseline) and not args.baseline:
        build_parser().print_usage(sys.stderr)
        write_line("et-log-lint: error: --update/--generate-baseline need --baseline")
        return EXIT_ERROR
    missing = [path for path in args.paths if not os.path.exists(path)]
    if missing:  # a typo, not a file that failed: nothing is linted
        build_parser().print_usage(sys.stderr)
        write_line(f"et-log-lint: error: no such file or folder: {', '.join(missing)}")
        return EXIT_ERROR
    try:
        config = _load(args)
        not_python = named_not_python(args.paths, config)  # each reported as it is
        files = [f for f in iter_python_files(args.paths, config) if f not in not_python]
        cache_dir = None
        if args.cache or args.cache_dir:
            cache_dir = args.cache_dir or os.path.join(config.root or ".", ".et-log-cache")
        result = lint_files(files, config, args.jobs, cache_dir)
        # A site a test of this run asserts on is for review, as the migration keeps it.
        from lint_rules.capturing_tests import review_asserted  # start-up time: only when linting

        indexed = None if result.unindexed is None else (result.tests, result.unindexed)
        result.findings = review_asserted(result.findings, files, config, cache_dir, indexed)
        result.errors += [FileError(path, 0, NOT_A_PYTHON_FILE) for path in not_python]
        result.errors.sort(key=lambda error: (error.path, error.line))
        result.files += len(not_python)
        return _report(args, config, result, files)
    except ConfigError as exc:  # also a bad baseline file
        write_line(f"et-log-lint: error: {exc}")
        return EXIT_ERROR
    except Exception as exc:  # a bug of ours: say so, exit 2
        write_line(f"et-log-lint: internal error: {exc!r}")
        return EXIT_ERROR


def _apply_baseline(
    args: SimpleNamespace, config: Config, result: LintResult, files: list[str]
) -> tuple[list[Finding], str]:
    """(the findings to report, a note for the user) under `--baseline`."""
    from lint_rules.baseline import Scope, apply_baseline

    scope = Scope.of_run(config, args.paths, files, result.errors)
    if args.generate_baseline:
        mode = "generate"
    else:
        mode = "update" if args.update_baseline else "check"
    return apply_baseline(args.baseline, mode, result.findings, config.relpath, scope)


def _report(args: SimpleNamespace, config: Config, result: LintResult, files: list[str]) -> int:
    findings, note = result.findings, ""
    if args.baseline:
        findings, note = _apply_baseline(args, config, result, files)
    out = sys.stdout
    if args.format == "text" and not args.statistics:
        rel = config.relpath
        out.write(
            "".join(f"{rel(f.path)}:{f.line}:{f.col}: {f.code} {f.message}\n" for f in findings)
        )
    else:
        from lint_rules.formats import render, statistics

        if args.statistics and args.format == "text":
            out.write(statistics(findings, config.component_for))
        else:
            out.write(render(args.format, findings, result.errors, config))
    if args.format == "text":
        for error in result.errors:
            path = config.relpath(error.path)
            where = f"{path}:{error.line}" if error.line else path
            write_line(f"{where}: error: {error.reason}")
    if note:
        write_line(note)
    if args.format == "text" and not args.statistics and not args.generate_baseline:
        # (--generate-baseline reports nothing: its note says what it recorded)
        fixable = sum(f.fixable for f in findings)
        root = str(config.root) if config.root else ""
        where = f" (paths relative to {root})" if root and root != os.getcwd() else ""
        write_line(
            f"Found {count(len(findings), 'finding')} ({fixable} fixable with et-log-migrate, "
            f"{len(findings) - fixable} for review) in {count(result.files, 'file')}; "
            f"{count(len(result.errors), 'file')} could not be linted{where}."
        )
    if args.format == "lintrunner":
        # lintrunner treats a non-zero exit as a crashed linter: everything is in the messages.
        return EXIT_CLEAN
    if result.errors:  # a file not read, not text or not Python (lint_rules.verdicts)
        return EXIT_BAD_INPUT
    if findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN
