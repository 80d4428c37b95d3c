"""`python -m codemods.migrate PATH...`: migrate every fixable site, report the rest.

Writes by default; `--diff` prints a unified diff and writes nothing; `--patches DIR` writes
nothing to the tree and the change as pull requests into DIR (`codemods.report.patches`);
`--check` writes nothing and exits 1 when anything would change. A tree that is not ExecuTorch's
is refused unless `--component` names the component its code logs under. Exit codes: 0 success, 1 a file failed (or --check found
work), 2 usage error, a file that is not text or not Python (lint_rules.verdicts: the lint's
status for it too) or an output that cannot be written.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from codemods.fixes import FIXES
from codemods.recipes import RECIPES, Recipe
from codemods.recipes.apply import recipes_for
from codemods.recipes.selection import RecipeSelectionError, help_text, parse_names, select
from codemods.report.markdown import to_markdown
from codemods.report.patches import Prepared, write_patches
from codemods.report.progress import Progress
from codemods.report.provenance import provenance
from codemods.report.series import MECHANICAL, STAGES
from codemods.report.tally import FileOutcome, Tally, summary_table, to_json
from codemods.shared.inputs import not_executorch
from codemods.shared.owners import Owners, read_owners
from codemods.vendor.config import ENTRY_POINT_NAME
from codemods.write.fileio import remove_stale_temps, within_roots
from codemods.write.needs import unmet
from codemods.write.worker import init_pool_worker, init_worker, migrate_file
from lint_rules import Config, ConfigError
from lint_rules.capturing_tests import TestRef, index_run_tests
from lint_rules.cli_common import CONFIG_HELP, cli_config, parse_codes
from lint_rules.console import write_line
from lint_rules.discovery import iter_python_files
from lint_rules.verdicts import (
    EXIT_BAD_INPUT,
    NOT_A_PYTHON_FILE,
    an_output,
    cannot_write,
    named_not_python,
)

_CHUNK = 16
MECHANICAL_ONLY = (MECHANICAL,)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="et-log-migrate",
        allow_abbrev=False,  # `--dif` is a typo, not `--diff`
        description="Rewrite ad-hoc logging sites (the fixable kinds: "
        + ", ".join(FIXES)
        + ") into the unified et-log logger.",
        epilog=help_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to migrate")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--diff", action="store_true", help="print a unified diff, write nothing")
    mode.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if anything would change"
    )
    mode.add_argument(
        "--patches",
        metavar="DIR",
        help="write nothing to the tree; write the change into DIR as pull requests in landing "
        "order, a folder each (description.md and its commits, for `git am`), listed in "
        "DIR/README.md",
    )
    parser.add_argument(
        "--jobs", "-j", type=int, default=os.cpu_count() or 1, help="worker processes"
    )
    parser.add_argument(
        "--report", metavar="FILE.md|FILE.json", type=an_output, help="write a full report"
    )
    parser.add_argument("--runtime-import", help="module migrated code imports get_logger from")
    parser.add_argument(
        "--component",
        metavar="NAME",
        help="the component the files log under, for code outside an ExecuTorch checkout (an "
        "out-of-tree backend); without it such a tree is refused",
    )
    parser.add_argument(
        "--select", type=parse_codes, help="comma-separated codes (prefixes) to migrate"
    )
    parser.add_argument(
        "--ignore", type=parse_codes, help="comma-separated codes (prefixes) to leave alone"
    )
    parser.add_argument("--config", metavar="TOML|DIR", help=CONFIG_HELP)
    recipes = parser.add_mutually_exclusive_group()
    recipes.add_argument(
        "--no-recipes",
        action="store_true",
        help="only the site kinds, not the ExecuTorch recipes (codemods/recipes)",
    )
    recipes.add_argument(
        "--recipes",
        type=parse_names,
        metavar="NAMES",
        help="comma-separated: apply only these recipes (listed below)",
    )
    parser.add_argument(
        "--skip-recipes",
        type=parse_names,
        metavar="NAMES",
        help="comma-separated: leave these recipes out, with [tool.et-log] skip-recipes "
        "(`behaviour-changes`: every recipe that changes behaviour by design)",
    )
    parser.add_argument(
        "--mechanical",
        action="store_true",
        help="class A only: the site rewrites that keep every line a program that configured "
        "nothing prints, and no recipe; the deliberate changes of output (class B: a print "
        "becoming a record, a library basicConfig removed, ...) are listed for review, for a "
        "later run without this flag, folder by folder",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress, no table")
    parser.add_argument(
        "--vendor",
        action="store_true",
        help="first vendor the runtime into the project root as its own package (python -m "
        "codemods.vendor), then migrate with runtime-import pointing at it; with --patches the "
        "runtime's patch comes first",
    )
    return parser


def _config(args: argparse.Namespace) -> Config:
    overrides: dict[str, object] = {}
    if args.runtime_import:
        overrides["runtime_import"] = args.runtime_import
    if args.component:
        overrides["default_component"] = args.component
    if getattr(args, "vendor_exclude", None):
        overrides["extend_exclude"] = args.vendor_exclude
    for key in ("select", "ignore"):
        if getattr(args, key):
            overrides[key] = getattr(args, key)
    return cli_config(args.paths, overrides, args.config)


def _vendor_first(args: argparse.Namespace) -> None:
    """Vendor into the project root; the migration then imports the vendored runtime."""
    from codemods.vendor.step import vendor_first

    root = Path(cli_config(args.paths, {}, args.config).root or os.getcwd())
    write = not (args.check or args.diff or args.patches)
    args.vendored = vendor_first(root, args.runtime_import, write)
    args.runtime_import = args.vendored.module
    args.vendor_exclude = [args.vendored.folder.relative_to(args.vendored.root).as_posix() + "/"]
    args.vendor_exclude += [folder for _, folder, _ in args.vendored.not_components]


def _jobs(
    paths: list[str], roots: list[str], mode: str, tally: Tally
) -> list[tuple[str, str, str]]:
    jobs, seen = [], set()
    for path in paths:
        real = within_roots(path, roots)
        if real is None:
            tally.skipped.append((path, "symlink leads outside the given paths"))
        elif real not in seen:
            seen.add(real)
            jobs.append((path, real, mode))
    return jobs


def _run(
    jobs: list[tuple[str, str, str]],
    config: Config,
    workers: int,
    recipes: tuple[str, ...],
    tests: list[TestRef],
    mechanical: bool = False,
) -> Iterator[FileOutcome]:
    if workers <= 1 or len(jobs) < 2 * _CHUNK:
        init_worker(config, recipes, tests, mechanical)
        yield from map(migrate_file, jobs)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    setup = (config, os.getpid(), recipes, tests, mechanical)
    with ProcessPoolExecutor(workers, context, init_pool_worker, setup) as pool:
        yield from pool.map(migrate_file, jobs, chunksize=_CHUNK)


def _test_index(jobs: list[tuple[str, str, str]], config: Config) -> list[TestRef]:
    """Every test function among the run's files that captures warnings, logs or output."""
    return index_run_tests((path for path, _, _ in jobs), config.relpath)


def _recipes(args: argparse.Namespace, config: Config) -> list[Recipe]:
    """The recipes this run applies (raises RecipeSelectionError on an unknown name)."""
    if args.no_recipes or args.mechanical:  # class A: the site kinds only (a recipe is a
        return []  # deliberate ExecuTorch edit, and most need the partition run's, class B)
    return select(args.recipes, (*config.skip_recipes, *(args.skip_recipes or ())))


def _absent_recipes(
    tally: Tally, recipes: list[Recipe], config: Config
) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]:
    """(recipes whose file is not in the run although its top folder is: upstream moved it,
    those whose file the configuration excludes (review 16, T3), recipes left out whose file
    is in the run), as (name, path)."""
    paths = [o.path for o in tally.outcomes]
    seen = ["/" + os.path.abspath(p).replace(os.sep, "/").lstrip("/") for p in paths]
    found = {recipe.name for path in paths for recipe in recipes_for(path, RECIPES)}
    chosen = {recipe.name for recipe in recipes}
    missing = [
        (recipe.name, recipe.path)
        for recipe in recipes
        if recipe.name not in found and any(f"/{recipe.path.split('/')[0]}/" in p for p in seen)
    ]
    left_out = [
        (recipe.name, path)
        for path in paths
        for recipe in recipes_for(path, RECIPES)
        if recipe.name not in chosen
    ]
    excluded = [(name, path) for name, path in missing if config.is_excluded_rel(path)]
    return [m for m in missing if m not in excluded], excluded, left_out


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    args.vendored = None
    args.argv = list(sys.argv[1:] if argv is None else argv)  # for the report's provenance
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.report and not args.report.endswith((".md", ".json")):
        parser.error("--report must name a .md or .json file")
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        parser.error(f"no such file or folder: {', '.join(missing)}")
    try:
        if args.vendor:
            _vendor_first(args)
        config = _config(args)
        args.chosen_recipes = _recipes(args, config)
    except ConfigError as exc:
        parser.error(str(exc))
    except RecipeSelectionError as exc:
        parser.error(f"[tool.et-log] skip-recipes in {config.source_file}: {exc}")
    foreign = not_executorch(config, args.paths) if not args.component else ""
    if foreign:
        write_line(f"et-log-migrate: error: {foreign}")
        return EXIT_BAD_INPUT
    if args.vendor and any(recipe.delegation for recipe in args.chosen_recipes):
        parser.error(
            "--vendor: the delegation record's recipes use et-log's own runtime, which a "
            "checkout does not carry; leave them out (they are not applied unless named)"
        )
    not_python = named_not_python(args.paths, config)
    if not_python:  # as the lint says it, but here before any file is touched
        for path in not_python:
            write_line(f"{path}: error: {NOT_A_PYTHON_FILE}")
        write_line("et-log-migrate: a named file is not Python; nothing was changed")
        return EXIT_BAD_INPUT
    mode = "diff" if args.diff else "patch" if args.patches else "check" if args.check else "write"
    collecting = gc.isenabled()
    gc.disable()  # ASTs and CSTs hold no cycles; the collector only slows parsing (~2x)
    try:
        return _migrate(args, config, mode)
    except BrokenPipeError:  # `--diff | head`: the reader left; no traceback, files stay whole
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's exit flush stays quiet
        return 1
    finally:
        if collecting:
            gc.enable()


def _migrate(args: argparse.Namespace, config: Config, mode: str) -> int:
    started = time.perf_counter()
    tally = Tally()
    jobs = _jobs(list(iter_python_files(args.paths, config)), args.paths, mode, tally)
    if mode == "write":
        for path in remove_stale_temps(os.path.dirname(real) for _, real, _ in jobs):
            write_line(f"{path}: removed a temporary file left by an interrupted run")
    progress = Progress(len(jobs), sys.stderr, enabled=not args.quiet)
    tests = _test_index(jobs, config)
    recipes: list[Recipe] = args.chosen_recipes
    refuse = unmet(recipes, (path for path, _, _ in jobs), config, tests)  # a needed one is not
    names = tuple(recipe.name for recipe in recipes if recipe.name not in refuse)
    owners = read_owners(config.root)
    for outcome in _run(jobs, config, args.jobs, names, tests, args.mechanical):
        outcome.component = config.component_for(outcome.path)
        outcome.owner = owners.of(config.relpath(outcome.path))
        outcome.refused_recipes += [
            (r.name, refuse[r.name].reason)
            for r in recipes_for(outcome.path, recipes)
            if r.name in refuse
        ]
        tally.outcomes.append(outcome)
        progress.advance()
        if outcome.diff and mode == "diff":
            sys.stdout.write(outcome.diff)
        if outcome.changed and mode == "check":
            write_line(f"would migrate: {outcome.path}", sys.stdout)
        if outcome.error is not None:
            write_line(f"{outcome.where}: error: {outcome.error}")
    progress.close()
    absent = _absent_recipes(tally, recipes, config)
    tally.missing_recipes, tally.excluded_recipes, tally.left_out_recipes = absent
    for path, reason in tally.skipped:
        write_line(f"{path}: skipped: {reason}")
    extra, (first, last) = _vendored_runtime(args, config, tally, mode, owners)
    tally.vendored = args.vendored is not None
    if args.vendored is not None:
        from codemods.vendor.step import NOT_A_COMPONENT

        tally.not_migrated = [
            (folder, f"{own} sets up {name}'s logger itself: {NOT_A_COMPONENT}")
            for name, folder, own in args.vendored.not_components
        ]
    tally.entry_point = ENTRY_POINT_NAME if tally.vendored else ""
    if args.patches:
        inventory = to_markdown(tally, False, provenance(args.argv))
        lint = None
        if args.vendored is not None and not args.mechanical:
            from codemods.vendor.lint_pr import lint_patch

            made_lint = lint_patch(
                args.vendored, tally, _folders(args, config), config.runtime_import
            )
            lint = (made_lint.first, made_lint.prune) if made_lint is not None else None
        made = write_patches(
            args.patches,
            tally,
            extra,
            first,
            last,
            config.runtime_import,
            inventory,
            config.root,
            lint,
        )
        for patch in made:
            write_line(
                f"{os.path.join(args.patches, patch.name)}: {patch.files} file(s), "
                f"{patch.rewritten} site(s) rewritten, {patch.review} for review",
                sys.stdout,
            )
    if args.report:
        written = mode == "write"
        origin = provenance(args.argv)
        text = (
            to_json(tally) if args.report.endswith(".json") else to_markdown(tally, written, origin)
        )
        try:
            with open(args.report, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            write_line(f"et-log-migrate: error: {cannot_write(args.report, exc)}")
            return EXIT_BAD_INPUT
    if not args.quiet:
        out = sys.stderr if mode == "diff" else sys.stdout
        write_line(summary_table(tally, written=mode == "write"), out)
        write_line(f"done in {time.perf_counter() - started:.2f} s", out)
    if tally.bad_input:  # a file that is not text or not Python: the lint's status too
        return EXIT_BAD_INPUT
    failed = bool(tally.failures) or (mode == "check" and bool(tally.changed or extra))
    return 1 if failed else 0


def _folders(args: argparse.Namespace, config: Config) -> list[str]:
    """The folders given on the command line, relative to the project's root."""
    return [config.relpath(p) for p in args.paths if os.path.isdir(p)]


def _vendored_runtime(
    args: argparse.Namespace, config: Config, tally: Tally, mode: str, owners: Owners
) -> tuple[list[FileOutcome], tuple[Prepared | None, Prepared | None]]:
    """The Buck dependencies on the runtime of the migrated modules (when it has a Buck target)
    and, for --patches with --vendor, the runtime's own patch, which goes first, and its
    torch.backends hook's, which goes last."""
    from codemods.vendor.step import (
        BuckResult,
        artifact_commits,
        buck_deps,
        note_path,
        report_buck,
        runtime_patches,
    )

    vendored = getattr(args, "vendored", None)
    result = buck_deps(config, config.runtime_import, tally.outcomes, vendored)
    by_stage: dict[str, BuckResult] = {}
    needed = {o.runtime_from for o in tally.outcomes}  # a later stage adds no target
    for stage in (MECHANICAL_ONLY if args.mechanical else STAGES) if mode == "patch" else ():
        if stage not in needed:
            continue
        planned = buck_deps(config, config.runtime_import, tally.outcomes, vendored, stage)
        if planned is not None:
            by_stage[stage] = planned
    extra = report_buck(result, mode, by_stage or None) if result is not None else []
    if result is not None:
        tally.buck_notes = [
            (config.component_for(note_path(note)), note) for note in result.plan.notes
        ]
    for outcome in extra:
        outcome.component = config.component_for(outcome.path)
        outcome.owner = owners.of(config.relpath(outcome.path))
    if vendored is not None and mode == "patch":
        extra += artifact_commits(vendored, config, owners)
    ends = runtime_patches(vendored) if vendored is not None and mode == "patch" else (None, None)
    return extra, ends


if __name__ == "__main__":
    sys.exit(main())
