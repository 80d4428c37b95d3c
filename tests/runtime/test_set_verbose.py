"""`set_verbose(logger)`: a library's verbose flag (XnnpackPartitioner's `verbose=True`) shows
the logger's DEBUG lines as the library's own `basicConfig()` did, without configuring the root:
once, in basicConfig's default format, with nothing configured; through the application's
handler, or torch's under TORCH_LOGS, otherwise, never twice."""

from __future__ import annotations

import pytest

NAME = "executorch.backends.xnnpack.partition.xnnpack_partitioner"
CODE = f"""
import logging, sys
import torch
from et_log_runtime import get_logger, set_verbose

if sys.argv[1:] == ["app"]:
    logging.basicConfig(level=logging.DEBUG, format="APP %(name)s %(message)s")
logger = get_logger("{NAME}")
set_verbose(logger)
set_verbose(logger)  # a second partitioner made with verbose=True
logger.debug("Verbose logging enabled for XNNPACK partitioner.")
get_logger("executorch.exir.passes").info("another module's line")
print("root handlers:", len(logging.getLogger().handlers))
"""
LINE = "Verbose logging enabled for XNNPACK partitioner."


def test_nothing_configured_prints_it_once_as_basic_config_did(run) -> None:
    proc = run(CODE)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines().count(f"DEBUG:{NAME}:{LINE}") == 1, proc.stderr
    assert proc.stderr.count(LINE) == 1 and "another module's line" not in proc.stderr
    assert "root handlers: 0" in proc.stdout  # the application's root is left alone


def test_an_application_s_logging_shows_it_once_in_its_format(run) -> None:
    proc = run(None, ["-c", CODE, "app"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count(LINE) == 1, proc.stderr
    assert f"APP {NAME} {LINE}" in proc.stderr.splitlines()


@pytest.mark.parametrize("setting", ["xnnpack", "+xnnpack"])
def test_under_torch_logs_torch_s_handler_shows_it_once(run, setting: str) -> None:
    proc = run(CODE, TORCH_LOGS=setting)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count(LINE) == 1, proc.stderr
    assert f"DEBUG:{NAME}:{LINE}" not in proc.stderr.splitlines()


LATE = f"""
import logging
import torch
from et_log_runtime import get_logger, set_verbose

logger = get_logger("{NAME}")
set_verbose(logger)  # XnnpackPartitioner(verbose=True) built first
logger.debug("before the application's set-up")
logging.basicConfig(level=logging.INFO, format="APP %(name)s %(message)s")  # main() then
logger.debug("{LINE}")
"""


def test_an_application_that_configures_logging_later_sees_each_line_once(run) -> None:
    """The handler set_verbose added steps aside once the root has one of its own (review 12,
    M2): each line once, in the application's format."""
    proc = run(LATE)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert lines.count(f"DEBUG:{NAME}:before the application's set-up") == 1, lines
    assert proc.stderr.count(LINE) == 1 and f"APP {NAME} {LINE}" in lines, lines
