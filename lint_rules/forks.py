"""Work split over forked worker processes (the lint's files, the test cross-reference)."""

from __future__ import annotations

import os

# Below this many files a worker costs more than it saves.
PARALLEL_THRESHOLD = 200
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")


def default_jobs() -> int:
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


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
