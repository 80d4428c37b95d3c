"""Kill safety and concurrent runs: SIGKILL a migration of a few hundred files at seeded random
moments, several times, then finish it; every file is always its original bytes or its complete
migrated form, no temporary file survives the re-run, and the end state equals a clean run."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

FILES = 300
KILLS = 6
SEED = 6

_TEMPLATES = (
    "import logging\n\nlog = logging.getLogger(__name__)\n\n\ndef f{i}(x):\n"
    "    logging.info('value %s', x)\n    return x + {i}\n",
    "import sys\n\n\ndef g{i}(x):\n    print('Error: bad', x, file=sys.stderr)\n"
    "    sys.stderr.write('done {i}\\n')\n",
    "import warnings\n\n\nclass C{i}:\n    def m(self):\n"
    "        warnings.warn('careful {i}', RuntimeWarning)\n",
    "import logging\n\nlogging.basicConfig(level=logging.INFO)\nVALUE = {i}\n\n\n"
    "def h():\n    logging.warning('w %d', VALUE)\n",
    "def plain_{i}():\n    return {i}\n",  # no site: never written
)


def _make_tree(root: Path) -> None:
    rng = random.Random(SEED)
    for i in range(FILES):
        folder = root / "executorch" / ("exir" if i % 3 else f"backends/b{i % 7}") / f"p{i % 11}"
        folder.mkdir(parents=True, exist_ok=True)
        text = _TEMPLATES[rng.randrange(len(_TEMPLATES))].format(i=i)
        padding = "".join(f"PAD_{i}_{n} = {n}\n" for n in range(rng.randrange(0, 200)))
        (folder / f"mod_{i}.py").write_text(text + padding)


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() or p.is_symlink()
    }


def _migrate(root: Path, jobs: int = 2) -> subprocess.Popen:
    command = [sys.executable, "-m", "codemods.migrate", str(root / "executorch")]
    return subprocess.Popen(
        [*command, "--jobs", str(jobs), "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: the kill takes the workers too
    )


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> tuple[Path, dict[str, bytes], dict[str, bytes]]:
    base = tmp_path_factory.mktemp("kill")
    original = base / "original"
    _make_tree(original)
    clean = base / "clean"
    shutil.copytree(original, clean, symlinks=True)
    proc = _migrate(clean)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    before, after = _snapshot(original), _snapshot(clean)
    changed = sum(before[k] != after[k] for k in before)
    assert set(before) == set(after) and changed > FILES // 2
    _migrate(clean).communicate(timeout=300)  # the same run again changes nothing
    assert _snapshot(clean) == after
    return base, before, after


def _done(root: Path, changed: list[str], after: dict[str, bytes]) -> int:
    """How many of the files a migration changes are already in their migrated form."""
    return sum((root / name).read_bytes() == after[name] for name in changed)


def _assert_each_file_whole(root: Path, before: dict, after: dict) -> list[str]:
    """Every file is its original or its migrated bytes; returns leftover temp files."""
    now = _snapshot(root)
    temps = sorted(set(now) - set(before))
    assert set(before) <= set(now), f"files vanished: {sorted(set(before) - set(now))}"
    for name, data in before.items():
        assert now[name] in (data, after[name]), f"{name} is neither original nor migrated"
    return temps


def test_sigkill_at_random_moments_never_leaves_a_partial_file(trees) -> None:
    base, before, after = trees
    work = base / "killed"
    shutil.copytree(base / "original", work, symlinks=True)
    rng = random.Random(SEED)
    changed = [k for k in before if before[k] != after[k]]
    progress: list[int] = []
    killed: list[int] = []
    for _ in range(KILLS):
        # A seeded point in the writing: after `target` migrated files (never the last one),
        # plus a seeded jitter so that kills also land inside a file's write.
        target = _done(work, changed, after) + 1
        target += rng.randrange(max(1, (len(changed) - target) // 2))
        proc = _migrate(work)
        while proc.poll() is None and _done(work, changed, after) < target:
            time.sleep(0.005)
        time.sleep(rng.uniform(0.0, 0.01))
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:  # the run had already finished
            pass
        proc.communicate(timeout=60)
        killed.append(proc.returncode)
        _assert_each_file_whole(work, before, after)
        progress.append(_done(work, changed, after))
        if len(progress) == 1:  # the lint on a half-migrated tree (forked workers: 300 files)
            lint = subprocess.run(
                [sys.executable, "-m", "lint_rules", str(work / "executorch")],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert lint.returncode in (0, 1) and "error" not in lint.stderr, lint.stderr
    # A temp file as a kill between "write temp" and "rename" leaves it, from a pid now gone.
    dead_pid = subprocess.Popen(["true"])
    dead_pid.wait()
    stale = next(work.rglob("mod_*.py")).parent / f".et-log-{dead_pid.pid}-x1y2z3.tmp"
    stale.write_bytes(b"half a file")
    final = _migrate(work)
    _, err = final.communicate(timeout=300)
    assert final.returncode == 0, err.decode()
    assert _assert_each_file_whole(work, before, after) == [], "temporary files left behind"
    assert str(stale.name) in err.decode()
    assert _snapshot(work) == after
    # The test means something only if kills cut runs off half-way through their writes.
    assert any(0 < done < len(changed) for done in progress), f"no kill mid-run: {progress}"
    assert -signal.SIGKILL in killed, f"every run ended before its kill: {killed}"


def test_two_runs_at_once_corrupt_nothing(trees) -> None:
    base, before, after = trees
    work = base / "twice"
    shutil.copytree(base / "original", work, symlinks=True)
    live = next(work.rglob("mod_*.py")).parent / f".et-log-{os.getpid()}-live.tmp"
    live.write_bytes(b"another run's file in flight")
    first, second = _migrate(work), _migrate(work, jobs=1)
    outputs = [p.communicate(timeout=300) for p in (first, second)]
    for proc, (_, err) in zip((first, second), outputs, strict=True):
        # A file the other run migrated first is reported as changed under us: exit 1 allowed.
        assert proc.returncode in (0, 1), err.decode()
        assert "Traceback" not in err.decode()
    assert _assert_each_file_whole(work, before, after) == [str(live.relative_to(work))]
    live.unlink()  # a running process's temp file is never taken for a leftover
    rerun = _migrate(work)
    _, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err.decode()
    assert _snapshot(work) == after


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _running(pid: int) -> bool:
    """Alive and not a zombie (a dead child nobody reaped yet, common in containers)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _kill_driver_mid_run(work: Path, changed: list[str], after: dict[str, bytes]) -> list[int]:
    """Start a migration and SIGKILL its driver alone while its pool is writing files: at least
    two workers alive and some, not all, files migrated. Returns the workers seen then, or []
    when the run finished before that moment came (a fast machine: the caller tries again)."""
    proc = _migrate(work)
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        workers = _children(proc.pid)
        if len(workers) >= 2 and 0 < _done(work, changed, after) < len(changed):
            break  # the workers are busy migrating: kill the driver now
        time.sleep(0.002)
    else:
        proc.communicate(timeout=60)
        return []
    os.kill(proc.pid, signal.SIGKILL)  # the driver only, as `kill -9 PID` or the OOM killer do
    proc.communicate(timeout=30)  # would hang while an orphaned worker holds the pipes
    return workers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_killing_only_the_driver_leaves_no_worker_behind(trees) -> None:
    base, before, after = trees
    changed = [k for k in before if before[k] != after[k]]
    for attempt in range(5):
        work = base / f"driver_only_{attempt}"
        shutil.copytree(base / "original", work, symlinks=True)
        workers = _kill_driver_mid_run(work, changed, after)
        if workers:
            break
    assert len(workers) >= 2, "no run was caught with its pool busy in 5 attempts"
    deadline = time.monotonic() + 10
    while any(map(_running, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if _running(w)], "orphaned workers"
    _assert_each_file_whole(work, before, after)
