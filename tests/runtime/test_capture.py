"""unittest's assertLogs and pytest's caplog see ExecuTorch's records by propagation, with no
plugin, while nobody named them (the default, what test suites run with). Once TORCH_LOGS names
one, torch owns that one's loggers and stops their propagation, as it does for its own: assertLogs
on the root no longer sees them (the others' it still does), on the logger itself it works, and pytest's caplog (which adds its handler
to non-propagating loggers too) still works. The runtime
reaches into neither framework; the second case pins torch's behaviour, as documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from runtime_support import messages

CASE = """
import logging
import unittest

import torch  # noqa: F401
from et_log_runtime import get_logger

pass_log = get_logger("executorch.exir.passes.constant_prop_pass")
xnn_log = get_logger("executorch.backends.xnnpack.partition.q")


def constant_prop_pass():
    pass_log.debug("folding %d constants", 3)
    pass_log.info("visited cond")
    pass_log.warning("constant_prop_pass: cannot fold the submodule of a cond")


class Capture(unittest.TestCase):
    def test_warning_on_root(self):
        with self.assertLogs(level="WARNING") as cm:
            constant_prop_pass()
            xnn_log.error("xnn-error")
        self.assertEqual(
            cm.output,
            ["WARNING:executorch.exir.passes.constant_prop_pass:constant_prop_pass: cannot fold "
             "the submodule of a cond", "ERROR:executorch.backends.xnnpack.partition.q:xnn-error"],
        )

    def test_info_on_root(self):
        with self.assertLogs() as cm:
            constant_prop_pass()
        self.assertEqual([r.levelname for r in cm.records], LEVELS_AT_INFO)

    def test_debug_on_the_module_logger(self):
        with self.assertLogs("executorch.exir.passes.constant_prop_pass", level="DEBUG") as cm:
            constant_prop_pass()
        self.assertEqual([r.levelname for r in cm.records], ["DEBUG", "INFO", "WARNING"])

    def test_no_logs_on_root(self):
        with self.assertNoLogs(level="WARNING"):
            pass_log.info("below the threshold")


def test_caplog(caplog):
    caplog.set_level(logging.DEBUG)
    constant_prop_pass()
    assert [r.levelname for r in caplog.records] == LEVELS_AT_DEBUG
"""


def _case(tmp_path: Path, torch_mode: bool) -> str:
    # under TORCH_LOGS=+xnnpack the executorch component is not named: it stays a plain library
    # logger, which the application's capture sees as with nothing named
    at_info, at_debug = ["INFO", "WARNING"], ["DEBUG", "INFO", "WARNING"]
    text = CASE + f"LEVELS_AT_INFO = {at_info!r}\nLEVELS_AT_DEBUG = {at_debug!r}\n"
    case = tmp_path / "test_capture_case.py"
    case.write_text(text, encoding="utf-8")
    return str(case)


@pytest.mark.parametrize("torch_logs", [None, "+xnnpack"])
def test_assert_logs_plain_unittest(run, tmp_path, torch_logs: str | None) -> None:
    case = _case(tmp_path, torch_mode=bool(torch_logs))
    args = ["-m", "unittest", "discover", "-v", "-s", str(tmp_path), "-p", Path(case).name]
    env = {"TORCH_LOGS": torch_logs} if torch_logs else {}
    proc = run(None, args=args, **env)
    assert "Ran 4 tests" in proc.stderr, proc.stderr
    failed = sorted(re.findall(r"^FAIL: (\w+)", proc.stderr, re.M))
    assert failed == (ROOT_CAPTURES if torch_logs else []), proc.stderr


# under torch's mode assertLogs on the root no longer sees the named component (xnnpack's
# error), still sees the others (exir's lines), and on the module logger it works; pytest (8.x)
# puts its capture handlers on non-propagating loggers too, so caplog still works
ROOT_CAPTURES = ["test_warning_on_root"]


@pytest.mark.parametrize("torch_logs", [None, "+xnnpack"])
def test_caplog_and_assert_logs_under_pytest(run, tmp_path, torch_logs: str | None) -> None:
    case = _case(tmp_path, torch_mode=bool(torch_logs))
    args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "-rf", case]
    env = {"TORCH_LOGS": torch_logs} if torch_logs else {}
    proc = run(None, args=args, **env)
    failed = sorted(
        line.split("::")[-1].split()[0]
        for line in proc.stdout.splitlines()
        if line.startswith("FAILED")
    )
    assert failed == (ROOT_CAPTURES if torch_logs else []), proc.stdout
    assert f"{5 - len(failed)} passed" in proc.stdout, proc.stdout


def test_capture_is_inert_in_production(run) -> None:
    code = """
import torch
from et_log_runtime import get_logger
get_logger("executorch.backends.xnnpack.p").warning("once")
"""
    proc = run(code, TORCH_LOGS="xnnpack")
    assert proc.returncode == 0, proc.stderr
    assert messages(proc.stderr) == ["once"]
