"""A child process of the wheel's interpreter: its environment (the executorch copy first, then
et-log's directory or, vendored, the one blocking et-log and libcst) and what it left (`Run`)."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from harness.log_lines import LogLine, parse
from harness.wheel_env import WheelEnv, child_base_env

RUN_TIMEOUT_S = 600


@dataclass(frozen=True)
class Run:
    """A finished child process; ``lines`` is its stderr parsed by ``log_lines``."""

    label: str
    returncode: int
    stdout: str
    stderr: str

    @property
    def lines(self) -> list[LogLine]:
        return parse(self.stderr)

    def field(self, name: str) -> str:
        match = re.search(rf"^{name}: (.+)$", self.stdout, re.MULTILINE)
        assert match, f"{self.label}: no '{name}:' in stdout\n{self.describe()}"
        return match.group(1).strip()

    def describe(self, tail: int = 60) -> str:
        err = "\n".join(self.stderr.splitlines()[-tail:])
        return f"[{self.label}] exit {self.returncode}\n--- stdout\n{self.stdout}\n--- stderr (tail)\n{err}"

    def check_ok(self) -> Run:
        assert self.returncode == 0, self.describe()
        return self


def child_env(
    overlay: Path, torch_logs: str | None, et_log_dir: Path | None, blocker: Path | None = None
) -> dict[str, str]:
    """The copy first, then et-log's directory or (vendored) the one blocking et-log and libcst."""
    env = child_base_env()
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in (overlay, et_log_dir, blocker) if p)
    env["PYTHONHASHSEED"] = "0"
    if torch_logs is not None:
        env["TORCH_LOGS"] = torch_logs
    return env


def run_python(
    wheel: WheelEnv,
    overlay: Path,
    args: list[str],
    label: str,
    torch_logs: str | None = None,
    cwd: Path | None = None,
    with_et_log: bool = True,
    blocker: Path | None = None,
) -> Run:
    et_log_dir = wheel.et_log_dir if with_et_log else None
    result = subprocess.run(
        [str(wheel.python), *args],
        cwd=cwd or overlay,
        env=child_env(overlay, torch_logs, et_log_dir, blocker),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
    )
    return Run(label, result.returncode, result.stdout, result.stderr)
