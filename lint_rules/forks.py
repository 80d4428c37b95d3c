"""Work shared by forked worker processes (the lint's files, the test cross-reference)."""

from __future__ import annotations

import os

# Below this many files a worker costs more than it saves.
PARALLEL_THRESHOLD = 200
_MAX_BATCHES = 256  # one byte per ticket
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import TypeVar

    T = TypeVar("T")


def default_jobs() -> int:
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


def forked_map(
    work: Callable[[Iterable[str]], list[T]], paths: list[str], jobs: int = 0
) -> list[T]:
    """`work` over `paths`, shared by forked workers (`jobs=0`: choose; small lists stay in
    this process). Each process, this one too, calls `work` once, on an iterable that hands it
    the next batch of paths whenever it is free, largest files first: a process that meets
    slow files takes fewer, and none waits on a bigger share. A worker that fails has the
    batches it took done here."""
    jobs = jobs or (default_jobs() if len(paths) >= PARALLEL_THRESHOLD else 1)
    if jobs <= 1 or len(paths) < 2 or not hasattr(os, "fork"):
        return work(paths)
    import pickle

    batches = _batches(paths, min(_MAX_BATCHES, len(paths)))
    tickets, write_tickets = os.pipe()
    os.write(write_tickets, bytes(range(len(batches))))  # < a pipe's capacity: no blocking
    os.close(write_tickets)  # so a read of the emptied pipe returns b"" in every process
    workers: list[tuple[int, int]] = []
    for _ in range(min(jobs, len(paths)) - 1):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # worker: do its part, send it, leave without cleanup handlers
            os.close(read_end)
            code = 0
            try:
                taken: list[int] = []
                payload = pickle.dumps((taken, work(_take(tickets, batches, taken))))
                with os.fdopen(write_end, "wb") as out:
                    out.write(payload)
            except BaseException:
                code = 1
            os._exit(code)
        os.close(write_end)
        workers.append((pid, read_end))
    done: list[int] = []
    results = work(_take(tickets, batches, done))
    os.close(tickets)
    for pid, read_end in workers:
        with os.fdopen(read_end, "rb") as incoming:
            payload = incoming.read()
        _, status = os.waitpid(pid, 0)
        try:
            sent = pickle.loads(payload) if status == 0 else None
        except Exception:
            sent = None
        if isinstance(sent, tuple) and isinstance(sent[1], list):
            done.extend(sent[0])
            results.extend(sent[1])
    missing = sorted(set(range(len(batches))) - set(done))
    if missing:  # a worker failed: its batches, here
        results.extend(work([path for i in missing for path in batches[i]]))
    return results


def _take(tickets: int, batches: list[list[str]], taken: list[int]) -> Iterator[str]:
    """The paths of each batch whose ticket this process reads from the shared pipe (one byte
    per ticket: a read is atomic), noted in `taken`, until the pipe is empty."""
    while ticket := os.read(tickets, 1):
        taken.append(ticket[0])
        yield from batches[ticket[0]]


def _batches(paths: list[str], count: int) -> list[list[str]]:
    """`paths` in `count` batches of consecutive files, largest files first (the work is mostly
    parsing, about linear in the size): the last batches taken are the quick ones."""

    def size(path: str) -> int:
        try:
            return os.stat(path).st_size
        except OSError:
            return 0

    ordered = [path for _, path in sorted(((size(p), p) for p in paths), reverse=True)]
    step, extra = divmod(len(ordered), count)
    out, start = [], 0
    for i in range(count):
        end = start + step + (i < extra)
        out.append(ordered[start:end])
        start = end
    return out
