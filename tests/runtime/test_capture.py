"""Logs stay capturable by unittest's assertLogs and pytest's caplog, without any plugin:
by propagation when nobody asked for ExecuTorch's logs (the default), and through the runtime's
RootCapture once TORCH_LOGS or set_logs gave them torch's non-propagating handler."""

from __future__ import annotations

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
    # under TORCH_LOGS=+xnnpack the executorch component is not named: WARNING decides for it
    at_info, at_debug = (
        (["WARNING"],) * 2 if torch_mode else (["INFO", "WARNING"], ["DEBUG", "INFO", "WARNING"])
    )
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
    assert proc.returncode == 0, proc.stderr
    assert "Ran 4 tests" in proc.stderr and "OK" in proc.stderr
    # under TORCH_LOGS torch's handler also prints the records assertLogs takes on the root
    # (twice), not those it takes on the module logger itself (it stops their propagation)
    printed = proc.stderr.count("cannot fold the submodule of a cond")
    assert printed == (2 if torch_logs else 0)


@pytest.mark.parametrize("torch_logs", [None, "+xnnpack"])
def test_caplog_and_assert_logs_under_pytest(run, tmp_path, torch_logs: str | None) -> None:
    case = _case(tmp_path, torch_mode=bool(torch_logs))
    args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", case]
    env = {"TORCH_LOGS": torch_logs} if torch_logs else {}
    proc = run(None, args=args, **env)
    assert proc.returncode == 0, proc.stdout
    assert "5 passed" in proc.stdout
    # the negative control: without the runtime's Fallback handler the root never sees torch-handled records
    disabled = "import et_log_runtime.state as s; s.Fallback.handle = lambda self, r: False\n"
    (tmp_path / "conftest.py").write_text(disabled, encoding="utf-8")
    proc = run(None, args=args, **env)
    if torch_logs:
        assert proc.returncode != 0
        assert "no logs of level WARNING or higher triggered on root" in proc.stdout
    else:
        assert proc.returncode == 0, proc.stdout  # propagation alone serves the default


def test_capture_is_inert_in_production(run) -> None:
    code = """
import torch
from et_log_runtime import get_logger
get_logger("executorch.backends.xnnpack.p").warning("once")
"""
    proc = run(code, TORCH_LOGS="xnnpack")
    assert proc.returncode == 0, proc.stderr
    assert messages(proc.stderr) == ["once"]
