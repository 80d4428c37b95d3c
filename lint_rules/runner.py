"""Lint many files: sequentially, or split over forked workers on large trees."""

from __future__ import annotations

import gc
import os
from dataclasses import dataclass, field, replace

from lint_rules.config import Config
from lint_rules.detector import detect_file
from lint_rules.finding import Finding, SourceError

# Below this many files a worker costs more than it saves.
PARALLEL_THRESHOLD = 200
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")


@dataclass(frozen=True)
class FileError:
    """A file that could not be linted, and why (`line` 0 when unknown)."""

    path: str
    line: int
    reason: str


@dataclass
class LintResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    files: int = 0


def default_jobs() -> int:
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


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


def _lint_all(paths: list[str], config: Config, jobs: int) -> LintResult:
    jobs = jobs or (default_jobs() if len(paths) >= PARALLEL_THRESHOLD else 1)
    if jobs <= 1 or len(paths) < 2 or not hasattr(os, "fork"):
        return _lint_chunk(paths, config)
    return _lint_forked(paths, config, min(jobs, len(paths)))


def _lint_cached(paths: list[str], config: Config, jobs: int, cache_dir: str) -> LintResult:
    from lint_rules.cache import ResultCache, file_stat

    cache: ResultCache[tuple[list[Finding], list[FileError]]] = ResultCache(cache_dir, config)
    result = LintResult()
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
    fresh = _lint_all(todo, config, jobs)
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


def _lint_chunk(paths: list[str], config: Config) -> LintResult:
    result = LintResult()
    for path in paths:
        try:
            result.findings.extend(detect_file(path, config))
        except SourceError as exc:
            result.errors.append(FileError(exc.path, exc.line, exc.reason))
        except Exception as exc:  # a bug of ours must not hide the other files' findings
            result.errors.append(FileError(path, 0, f"internal error: {exc!r}"))
    return result


def _lint_forked(paths: list[str], config: Config, jobs: int) -> LintResult:
    result = LintResult()
    for part in forked_map(lambda chunk: [_lint_chunk(chunk, config)], paths, jobs):
        result.findings.extend(part.findings)
        result.errors.extend(part.errors)
    return result


def forked_map(work: Callable[[list[str]], list[T]], paths: list[str], jobs: int = 0) -> list[T]:
    """`work(paths)` split over forked workers (`jobs=0`: choose; small lists stay in this
    process); a worker that fails has its share done here. Results in the chunks' order."""
    jobs = jobs or (default_jobs() if len(paths) >= PARALLEL_THRESHOLD else 1)
    if jobs <= 1 or len(paths) < 2 or not hasattr(os, "fork"):
        return work(paths)
    import pickle

    chunks = _balanced(paths, min(jobs, len(paths)))
    workers: list[tuple[int, int, list[str]]] = []
    for chunk in chunks[1:]:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # worker: do its share, send it, leave without cleanup handlers
            os.close(read_end)
            code = 0
            try:
                payload = pickle.dumps(work(chunk))
                with os.fdopen(write_end, "wb") as out:
                    out.write(payload)
            except BaseException:
                code = 1
            os._exit(code)
        os.close(write_end)
        workers.append((pid, read_end, chunk))
    results = work(chunks[0])
    for pid, read_end, chunk in workers:
        with os.fdopen(read_end, "rb") as incoming:
            payload = incoming.read()
        _, status = os.waitpid(pid, 0)
        try:
            part = pickle.loads(payload) if status == 0 else None
        except Exception:
            part = None
        results.extend(part if isinstance(part, list) else work(chunk))
    return results


def _balanced(paths: list[str], jobs: int) -> list[list[str]]:
    """`paths` dealt into `jobs` chunks of about the same total size, largest files first (the
    work is mostly parsing, about linear in the size): no worker waits on a bigger share."""

    def size(path: str) -> int:
        try:
            return os.stat(path).st_size
        except OSError:
            return 0

    chunks: list[list[str]] = [[] for _ in range(jobs)]
    loads = [0] * jobs
    for length, path in sorted(((size(p), p) for p in paths), reverse=True):
        lightest = min(range(jobs), key=lambda i: (loads[i], len(chunks[i])))
        chunks[lightest].append(path)
        loads[lightest] += length
    return chunks
