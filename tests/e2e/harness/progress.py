"""What the e2e tests are doing, on the terminal as they go, whatever pytest captures.

pytest captures a test's output until the test ends, so a twenty-minute e2e test would print
nothing meanwhile. ``attach`` (run once collection is over, when pytest captures nothing) keeps a
duplicate of the terminal's file descriptor; ``say`` writes a line there at once. ``phase`` names
what runs now (nested: the test, then a backend, then a step); a heartbeat thread repeats the
innermost one with its elapsed time whenever ``QUIET_SECONDS`` passed without a line, so a run is
never silent for a minute. Outside pytest (the scripts in this folder run alone) the lines go to
stderr. conftest.py installs the pytest hooks at the end: every test marked e2e is a phase.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

import pytest

QUIET_SECONDS = 30.0
_lock = threading.Lock()
_phases: list[tuple[str, float]] = []  # (label, started), innermost last


class _Terminal:
    stream: TextIO | None = None  # the duplicate of the terminal; None: stderr
    last = time.monotonic()  # when the last line was said
    mid_line = False  # pytest wrote on the current line since (its dots and test names)


def attach() -> None:
    """Keep the terminal (this process's stdout while nothing captures it) for ``say``."""
    if _Terminal.stream is not None:
        return
    try:
        _Terminal.stream = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    except (OSError, ValueError, AttributeError):  # no real stdout: stderr, captured or not
        return
    threading.Thread(target=_heartbeat, name="e2e-progress", daemon=True).start()


def pytest_wrote() -> None:
    """pytest wrote on the terminal's current line: the next line says starts on a new one."""
    _Terminal.mid_line = True


def say(message: str) -> None:
    """One line on the terminal now: ``[e2e hh:mm:ss] message``."""
    line = f"[e2e {time.strftime('%H:%M:%S')}] {message}\n"
    with _lock:
        _Terminal.last = time.monotonic()
        stream = _Terminal.stream or sys.stderr
        if _Terminal.mid_line and _Terminal.stream is not None:
            line = "\n" + line
        _Terminal.mid_line = False
        try:
            stream.write(line)
            stream.flush()
        except (OSError, ValueError):  # the terminal went away: progress is best effort
            pass


@contextmanager
def phase(label: str) -> Iterator[None]:
    """``label`` is what runs until the block ends: said at the start and at the end, with its
    duration, and repeated by the heartbeat while it lasts."""
    started = time.monotonic()
    say(f"{label} ...")
    with _lock:
        _phases.append((label, started))
    try:
        yield
    finally:
        with _lock:
            _phases.remove((label, started))
        say(f"{label}: {time.monotonic() - started:.0f} s")


def run_watched(
    args: Sequence[str],
    reached: Callable[[], Sequence[str]],
    timeout: float,
    **popen: object,
) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(args, capture_output=True, text=True, timeout=timeout, **popen)`` that
    says each milestone as ``reached()`` first lists it (a backend lowered, a file written).
    Raises subprocess.TimeoutExpired, the child killed, like ``run``."""
    deadline = time.monotonic() + timeout
    said: set[str] = set()
    with subprocess.Popen(  # type: ignore[call-overload]
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen
    ) as child:
        while True:
            try:
                out, err = child.communicate(timeout=2)  # retried: no output is lost
                break
            except subprocess.TimeoutExpired:
                if time.monotonic() > deadline:
                    child.kill()
                    child.communicate()
                    raise
            new = [name for name in reached() if name not in said]
            for name in new:
                said.add(name)
                say(f"{name} ({len(said)} so far)")
    return subprocess.CompletedProcess(list(args), child.returncode, out, err)


def _heartbeat() -> None:
    while True:
        time.sleep(QUIET_SECONDS / 6)
        with _lock:
            quiet = time.monotonic() - _Terminal.last
            current = _phases[-1] if _phases else None
        if current is not None and quiet >= QUIET_SECONDS:
            label, started = current
            say(f"{label}: still running ({time.monotonic() - started:.0f} s)")


def pytest_collection_finish(session: pytest.Session) -> None:
    attach()


@pytest.hookimpl(trylast=True)
def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    pytest_wrote()  # after the terminal reporter's: it may have begun the test file's line


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    if item.get_closest_marker("e2e") is None:
        yield
        return
    pytest_wrote()  # the test file's name, and the dots of the tests before
    with phase(item.nodeid):
        yield
        pytest_wrote()  # this test's dot
