"""Shared pieces of the runtime tests: the ExecuTorch-shaped throwaway package, a subprocess runner.

The real executorch wheel is not installed; a tmp package named ``executorch`` on PYTHONPATH has the
two module shapes that matter (core ``exir`` and a backend). Anything depending on TORCH_LOGS runs
real torch in a fresh interpreter (``sys.executable``), because torch reads the variable at import.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

EXIR_PASS = """
from et_log_runtime import get_artifact_logger, get_logger

logger = get_logger(__name__)
report = get_artifact_logger(__name__, "partition_report")


def run():
    logger.debug("exir-debug")
    logger.info("exir-info")
    logger.warning("exir-warning")
    logger.error("exir-error")
    report.debug("exir-report")
"""

XNNPACK_PARTITION = """
from et_log_runtime import get_artifact_logger, get_logger

logger = get_logger(__name__)
graph = get_artifact_logger(__name__, "xnnpack_graph")


def run():
    logger.debug("xnn-debug")
    logger.info("xnn-info")
    logger.warning("xnn-warning")
    logger.error("xnn-error")
    graph.debug("xnn-graph")
"""

# Runs both modules; what they print on stderr is what the tests compare.
DRIVER = """
import torch
import executorch.exir.passes.p as p
import executorch.backends.xnnpack.partition.q as q
p.run()
q.run()
"""


def run_python(
    code: str, pkg: Path, env: dict[str, str] | None = None, args: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (dedented) in a fresh interpreter; TORCH_LOGS and friends unset unless given."""
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TORCH_LOGS", "TORCH_TRACE", "TORCH_DEVICE_BACKEND_AUTOLOAD"))
    }
    base["PYTHONPATH"] = os.pathsep.join(filter(None, [str(pkg), base.get("PYTHONPATH")]))
    base.update(env or {})
    argv = [sys.executable, *(args or ["-c", textwrap.dedent(code)])]
    return subprocess.run(
        argv, env=base, capture_output=True, text=True, timeout=120, cwd=str(pkg), check=False
    )


def messages(stderr: str) -> list[str]:
    """The message of each line on stderr: after ``] `` in torch's format (``... file.py:12]
    message``), the whole line from Python's last-resort handler (bare messages)."""
    return [line.rsplit("] ", 1)[-1] for line in stderr.splitlines() if line.strip()]


def torch_lines(stderr: str) -> list[str]:
    """The message of each line torch's formatter wrote (``... file.py:12] message``) only."""
    return [line.rsplit("] ", 1)[1] for line in stderr.splitlines() if "] " in line]
