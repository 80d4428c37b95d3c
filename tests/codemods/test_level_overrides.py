"""A module pinned to DEBUG at import (as upstream Qualcomm modules are): after the migration its
component decides. Real torch in a subprocess, because TORCH_LOGS is read at `import torch`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from codemod_support import REPO

from codemods.migrate import main

PINNED = """\
import logging

logger = logging.getLogger(__name__)
logger.setLevel(logging.DEBUG)


def partition():
    logger.debug("qnn-debug")
    logger.info("qnn-info")
    logger.warning("qnn-warning")
    logger.error("qnn-error")
"""
DRIVER = "import torch\nfrom executorch.backends.qualcomm.partition import qnn_partitioner as q\n"
DRIVER += "q.partition()\n"


@pytest.fixture(scope="module")
def package(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("qnn")
    module = root / "executorch" / "backends" / "qualcomm" / "partition" / "qnn_partitioner.py"
    module.parent.mkdir(parents=True)
    module.write_text(PINNED)
    assert main([str(root / "executorch"), "-q", "-j", "1"]) == 0
    text = module.read_text()
    assert "setLevel" not in text and "get_logger(__name__)" in text, text
    return root


def _printed(package: Path, torch_logs: str | None) -> set[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TORCH_")}
    env["PYTHONPATH"] = os.pathsep.join([str(package), str(REPO)])
    if torch_logs is not None:
        env["TORCH_LOGS"] = torch_logs
    done = subprocess.run(
        [sys.executable, "-c", DRIVER], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return {word for word in ("debug", "info", "warning", "error") if f"qnn-{word}" in done.stderr}


@pytest.mark.parametrize(
    ("torch_logs", "shown"),
    [
        (None, {"warning", "error"}),
        ("-qualcomm", {"error"}),
        ("qualcomm", {"info", "warning", "error"}),
        ("+qualcomm", {"debug", "info", "warning", "error"}),
    ],
)
def test_the_component_decides_once_the_override_is_gone(package, torch_logs, shown):
    assert _printed(package, torch_logs) == shown


def test_before_the_migration_the_override_wins(tmp_path):
    """The same module unmigrated, with et-log registered: -qualcomm cannot silence it."""
    module = tmp_path / "executorch" / "backends" / "qualcomm" / "partition" / "qnn_partitioner.py"
    module.parent.mkdir(parents=True)
    module.write_text(PINNED)
    assert _printed(tmp_path, "-qualcomm") == {"debug", "info", "warning", "error"}
