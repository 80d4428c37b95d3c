"""Lint many files: sequentially, or split over forked workers on large trees."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable
from dataclasses import dataclass, replace

from lint_rules.capturing_tests import (
    TestRef,
    index_run_tests,
    is_test_file,
    may_capture_output,
    needs_tests,
)
from lint_rules.config import Config
from lint_rules.detector import detect_data, read_source
from lint_rules.finding import Finding, SourceError
from lint_rules.forks import forked_map


@dataclass(frozen=True, slots=True)
class FileError:
    """A file that could not be linted, and why (`line` 0 when unknown)."""

    path: str
    line: int
    reason: str


class LintResult:
    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.errors: list[FileError] = []
        self.files = 0
        # The test cross-reference, begun as the files are read (`review_asserted` finishes it):
        # the capturing tests indexed by a worker whose share has a site a test may concern, and
        # the test files that may capture output left to index (None: not every file was read).
        self.tests: list[TestRef] = []
        self.unindexed: list[str] | None = []


def lint_files(
    paths: list[str], config: Config, jobs: int = 0, cache_dir: str | None = None
) -> LintResult:
    """Findings and file errors for `paths`, sorted by path and position. `jobs=0`: choose.
    With `cache_dir`, files unchanged since a run with the same lint and config are not
    linted again."""
    gc_was_enabled = gc.isenabled()
    gc.disable()  # ASTs are acyclic: reference counting frees them; the collector only costs
    try:
        if cache_dir is None:
            result = _lint_all(paths, config, jobs)
        else:
            result = _lint_cached(paths, config, jobs, cache_dir)
    finally:
        if gc_was_enabled:
            gc.enable()
    result.files = len(paths)
    result.findings.sort(key=lambda f: (f.path, f.line, f.col, f.code))
    result.errors.sort(key=lambda e: (e.path, e.line))
    return result


def _lint_all(paths: list[str], config: Config, jobs: int, index: bool = True) -> LintResult:
    """Lint `paths` in this process or shared by forked workers; `index`: each process also
    begins the test cross-reference (`_lint_share`)."""
    result = LintResult()
    unindexed: list[str] = []
    for part in forked_map(lambda share: [_lint_share(share, config, index)], paths, jobs):
        result.findings.extend(part.findings)
        result.errors.extend(part.errors)
        result.tests.extend(part.tests)
        unindexed.extend(part.unindexed or ())
    result.unindexed = unindexed
    return result


def _lint_cached(paths: list[str], config: Config, jobs: int, cache_dir: str) -> LintResult:
    from lint_rules.cache import ResultCache, file_stat

    cache: ResultCache[tuple[list[Finding], list[FileError]]] = ResultCache(cache_dir, config)
    result = LintResult()
    result.unindexed = None  # the cached files are not read
    todo: list[str] = []
    stats = {}
    for path in paths:
        key = os.path.abspath(path)
        stats[path] = stat = file_stat(path)
        hit = cache.get(key, stat)
        if hit is None:
            todo.append(path)
            continue
        findings, errors = hit
        result.findings.extend(f if f.path == path else replace(f, path=path) for f in findings)
        result.errors.extend(e if e.path == path else replace(e, path=path) for e in errors)
    fresh = _lint_all(todo, config, jobs, index=False)  # the tests: from their own cache
    result.findings.extend(fresh.findings)
    result.errors.extend(fresh.errors)
    by_path: dict[str, tuple[list[Finding], list[FileError]]] = {p: ([], []) for p in todo}
    for finding in fresh.findings:
        by_path[finding.path][0].append(finding)
    for error in fresh.errors:
        by_path[error.path][1].append(error)
    for path, outcome in by_path.items():
        cache.put(os.path.abspath(path), stats[path], outcome)
    cache.save()
    return result


def _lint_share(paths: Iterable[str], config: Config, index: bool = True) -> LintResult:
    """A process's share (as `forked_map` hands it out), linted. With `index`, once a site of
    the share is one a test may concern (so the run needs the cross-reference), the share's
    test files that may capture output are indexed too, those met so far and those met after:
    in parallel with the other workers, not after them. The others are left in `unindexed`."""
    result = LintResult()
    pending: list[str] = []
    needed = False
    for path in paths:
        try:
            data = read_source(path)
            rel = config.relpath(path)
            if is_test_file(rel) and may_capture_output(data):  # never linted by default
                pending.append(path)
            found = detect_data(path, data, config, rel)
        except SourceError as exc:
            result.errors.append(FileError(exc.path, exc.line, exc.reason))
            continue
        except Exception as exc:  # a bug of ours must not hide the other files' findings
            result.errors.append(FileError(path, 0, f"internal error: {exc!r}"))
            continue
        result.findings.extend(found)
        needed = needed or (index and needs_tests(found))
        if needed and pending:
            result.tests += index_run_tests(pending, config.relpath, output_only=True)
            pending = []
    result.unindexed = pending
    return result
