"""Lower issue 16's model through each partitioner on the wheel, before and after migration.

The child process is ``lower_with_backend.py`` run by the wheel environment's interpreter (see
``wheel_env.py``) with ``PYTHONHASHSEED=0`` (Arm's node order follows set iteration). Each run gets
the executorch copy first on ``PYTHONPATH`` (``copy_executorch``); "before" runs leave et-log off
the path (the wheel as users have it), "after" runs put et-log's install directory on it. Stdout is
left exactly as the library printed it; the driver's summary comes back through a JSON file.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from harness import progress
from harness.child_runs import child_env
from harness.log_lines import LogLine, parse
from harness.wheel_env import MIGRATED_FOLDERS, WheelEnv, copy_executorch

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "lower_with_backend.py"
# the TORCH_LOGS name of each partitioner's backend ("none": no backend)
COMPONENT = {
    "xnnpack": "xnnpack",
    "vulkan": "vulkan",
    "webgpu": "webgpu",
    "arm_tosa": "arm",
    "arm_ethosu85": "arm",
    "coreml": "coreml",
    "openvino": "openvino",
}
# the partitioners with a backend, and TORCH_LOGS switching off the core and each of their
# components: one process of this setting serves test_backends.py and test_default_output.py
NAMED = tuple(sorted(COMPONENT))
MINUS = ",".join(f"-{c}" for c in ("executorch", *sorted(set(COMPONENT.values()))))
PARALLEL_RUNS = 2
RUN_TIMEOUT_S = 900


@dataclass(frozen=True)
class Lowering:
    """One finished lowering: the child's exit, stdout, stderr and the driver's summary."""

    backend: str
    torch_logs: str | None
    returncode: int
    stdout: str
    stderr: str
    summary: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.backend} TORCH_LOGS={self.torch_logs}"

    @property
    def lines(self) -> list[LogLine]:
        return parse(self.stderr)

    @property
    def lowered(self) -> bool:
        return self.returncode == 0 and self.summary.get("status") == "lowered"

    @property
    def unavailable_reason(self) -> str | None:
        """Why the backend cannot lower here, when the driver said so."""
        if self.summary.get("status") == "unavailable":
            return str(self.summary.get("reason"))
        return None

    def partition(self) -> dict[str, Any]:
        """What the partitioner decided: delegates (backend, node names and targets), CPU nodes."""
        return {key: self.summary.get(key) for key in ("delegates", "cpu_nodes")}

    def describe(self, tail: int = 60) -> str:
        err = "\n".join(self.stderr.splitlines()[-tail:])
        out = "\n".join(self.stdout.splitlines()[-tail:])
        return (
            f"[{self.label}] exit {self.returncode}\n--- summary\n{json.dumps(self.summary)}\n"
            f"--- stdout (tail)\n{out}\n--- stderr (tail)\n{err}"
        )


def lowered_run(runs: dict[str, Lowering], name: str) -> Lowering:
    """``runs[name]``, which must have lowered (a backend that cannot lower here skips)."""
    run = runs[name]
    if run.unavailable_reason is not None:
        pytest.skip(f"{name} cannot lower here: {run.unavailable_reason}")
    assert run.lowered, run.describe()
    return run


def lower_batch(
    wheel: WheelEnv,
    overlay: Path,
    backends: Iterable[str],
    torch_logs: str | None = None,
    with_et_log: bool = True,
    env: dict[str, str] | None = None,
) -> tuple[dict[str, Lowering], Lowering]:
    """Lower every backend in one process (one torch import): each gets its own stdout/stderr.
    ``env``: more variables for the child (``ET_LOG_E2E_RECORD_PATTERN``, ``TORCH_TRACE``).

    Returns the lowerings by backend and the process's own run (``backend`` ``"*"``): what it
    printed outside the lowerings (at import, at exit) and its exit status.
    """
    names = list(backends)
    et_log_dir = wheel.et_log_dir if with_et_log else None
    with tempfile.TemporaryDirectory(prefix="et-log-lower-") as tmp:
        out = Path(tmp)
        result = progress.run_watched(
            [str(wheel.python), str(DRIVER), "--batch", str(out), *names],
            lambda: [f"{n}: lowered" for n in names if (out / f"{n}.json").is_file()],
            timeout=RUN_TIMEOUT_S * len(names),
            cwd=tmp,
            env={**child_env(overlay, torch_logs, et_log_dir), **(env or {})},
        )
        runs = {}
        for name in names:
            summary_file = out / f"{name}.json"
            summary = json.loads(summary_file.read_text()) if summary_file.is_file() else {}
            stdout, stderr = (_read(out / f"{name}.{kind}") for kind in ("stdout", "stderr"))
            runs[name] = Lowering(name, torch_logs, result.returncode, stdout, stderr, summary)
    whole = Lowering("*", torch_logs, result.returncode, result.stdout, result.stderr, {})
    return runs, whole


@dataclass(frozen=True)
class Side:
    """One process's lowerings by partitioner, and the process itself (``backend`` ``"*"``):
    output outside the lowerings, exit status."""

    runs: dict[str, Lowering]
    whole: Lowering


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.is_file() else ""


def pristine_copy(wheel: WheelEnv, destination: Path) -> Path:
    """A copy of the installed package, as users have it; returns the overlay directory."""
    return copy_executorch(wheel, destination)


def migrated_copy(
    wheel: WheelEnv,
    destination: Path,
    folders: tuple[str, ...] = MIGRATED_FOLDERS,
    mechanical: bool = False,
) -> tuple[Path, dict[str, Any]]:
    """Copy the package and run ``python -m codemods.migrate FOLDERS`` inside it (with
    ``--mechanical``: class A alone).

    Returns the overlay directory and the migration's JSON report, which stays beside the package
    as ``migration-report.json``. Raises RuntimeError with the codemod's output when it fails.
    """
    overlay = copy_executorch(wheel, destination)
    report = overlay / "migration-report.json"
    args = ["-m", "codemods.migrate", *folders, "--report", str(report), "-q"]
    # the whole migration, the delegation record's opt-in recipes included (the tests of the
    # record, the critical operators and the docs' examples read it); --mechanical: class A alone
    args += ["--mechanical"] if mechanical else ["--recipes", "all"]
    result = subprocess.run(
        [str(wheel.python), *args],
        cwd=overlay / "executorch",
        env=child_env(overlay, None, wheel.et_log_dir),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
    )
    if result.returncode != 0 or not report.is_file():
        raise RuntimeError(
            f"codemods.migrate {' '.join(folders)} exited {result.returncode}\n"
            f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        )
    loaded: dict[str, Any] = json.loads(report.read_text())
    return overlay, loaded


class MigratedLowerings:
    """The lowerings of the migrated copy, one process per (TORCH_LOGS value, partitioners), run
    once a session by whichever test asks first (test_backends.py, test_default_output.py);
    callable from several threads (a second asker of the same setting waits for the first)."""

    def __init__(
        self,
        wheel: WheelEnv,
        overlay: Path,
        step: Callable[[str], AbstractContextManager[None]],
    ) -> None:
        self.wheel, self.overlay, self._step = wheel, overlay, step
        self._sides: dict[tuple[str | None, tuple[str, ...]], Side] = {}
        self._locks: dict[tuple[str | None, tuple[str, ...]], threading.Lock] = {}
        self._guard = threading.Lock()

    def side(self, setting: str | None, names: Iterable[str]) -> Side:
        key = (setting, tuple(names))
        with self._guard:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            if key not in self._sides:
                with self._step(f"backends after migration, TORCH_LOGS={setting}: {len(key[1])}"):
                    runs, whole = lower_batch(self.wheel, self.overlay, key[1], setting)
                assert whole.returncode == 0, whole.describe()
                self._sides[key] = Side(runs, whole)
            return self._sides[key]
