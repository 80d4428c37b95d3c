"""Logs stay capturable: unittest assertLogs and pytest caplog (the et_log pytest plugin)."""

from __future__ import annotations

from pathlib import Path

from runtime_support import messages

ASSERT_LOGS = """
import unittest

import torch  # noqa: F401
import executorch.exir.passes.p as p
import executorch.backends.xnnpack.partition.q as q

EXIR = ["exir-debug", "exir-info", "exir-warning", "exir-error"]


class AssertLogsTest(unittest.TestCase):
    def test_module_logger(self):
        with self.assertLogs("executorch.exir.passes.p", level="DEBUG") as cm:
            p.run()
        self.assertEqual([r.getMessage() for r in cm.records], EXIR)

    def test_component_logger(self):
        with self.assertLogs("executorch.backends.xnnpack", level="WARNING") as cm:
            q.run()
        self.assertEqual([r.getMessage() for r in cm.records], ["xnn-warning", "xnn-error"])

    def test_zlast_handlers_restored(self):
        q.run()  # printed by torch's handler again, exactly once


unittest.main()
"""

CAPLOG_TESTS = """
import logging


def _msgs(caplog):
    return [r.getMessage() for r in caplog.records]


def test_a_torch_imported_mid_test(caplog):
    import torch  # noqa: F401
    import executorch.exir.passes.p as p

    p.run()
    assert _msgs(caplog) == ["exir-warning", "exir-error"]


def test_b_set_level_debug(caplog):
    import executorch.exir.passes.p as p

    caplog.set_level(logging.DEBUG)
    p.run()
    assert _msgs(caplog) == ["exir-debug", "exir-info", "exir-warning", "exir-error"]


def test_c_component_logger_by_name(caplog):
    import executorch.backends.xnnpack.partition.q as q

    caplog.set_level(logging.INFO, logger="executorch.backends.xnnpack")
    q.run()
    assert _msgs(caplog) == ["xnn-info", "xnn-warning", "xnn-error"]


def test_d_default_stays_quiet(caplog):
    import executorch.backends.xnnpack.partition.q as q

    q.run()
    assert _msgs(caplog) == ["xnn-warning", "xnn-error"]


def test_e_enabled_artifact_once(caplog):
    import executorch.exir.passes.p as p
    from et_log_runtime import set_logs

    set_logs("partition_report")
    p.run()
    assert _msgs(caplog) == ["exir-warning", "exir-error", "exir-report"]
"""


def test_assert_logs(run, tmp_path) -> None:
    script = tmp_path / "assert_logs_case.py"
    script.write_text(ASSERT_LOGS, encoding="utf-8")
    proc = run(f"import runpy; runpy.run_path({str(script)!r}, run_name='__main__')")
    assert proc.returncode == 0, proc.stderr
    assert "Ran 3 tests" in proc.stderr
    assert messages(proc.stderr) == ["xnn-warning", "xnn-error"]


def test_caplog_with_plugin_and_without(run, tmp_path) -> None:
    case = tmp_path / "test_caplog_case.py"
    case.write_text(CAPLOG_TESTS, encoding="utf-8")
    pytest_args = ["-q", "-p", "no:cacheprovider", "-o", "addopts=", str(case)]
    with_plugin = run(f"import pytest, sys; sys.exit(pytest.main({pytest_args!r}))")
    assert with_plugin.returncode == 0, with_plugin.stdout
    assert "5 passed" in with_plugin.stdout
    # without the plugin: the runtime's own forwarding still serves caplog at WARNING (test_a),
    # but et-log's WARNING default on `executorch` then hides DEBUG from caplog.set_level (test_b),
    # and pytest >= 9.2 attaches its handlers to an off artifact's logger and to its component
    # logger alike, so the artifact switched on mid-test is captured twice (test_e)
    no_plugin = run(
        f"import pytest, sys; sys.exit(pytest.main({[*pytest_args, '-p', 'no:et_log']!r}))"
    )
    assert no_plugin.returncode != 0
    failed = [line for line in no_plugin.stdout.splitlines() if line.startswith("FAILED")]
    # "FAILED path::name" or, when the summary is not truncated (CI=true), "... - reason"
    names = [line.split(" - ", 1)[0].rsplit("::", 1)[1] for line in failed]
    assert names == ["test_b_set_level_debug", "test_e_enabled_artifact_once"], no_plugin.stdout


# ExecuTorch's own tests after migration (issue 13): exir's constant_prop_pass warns on a component
# logger and the test listens on the ROOT logger with assertLogs(level="WARNING").
ROOT_ASSERT_LOGS = """
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


class RootCapture(unittest.TestCase):
    def test_warning_on_root(self):
        with self.assertLogs(level="WARNING") as cm:
            constant_prop_pass()
            xnn_log.error("xnn-error")
        self.assertEqual(
            cm.output,
            ["WARNING:executorch.exir.passes.constant_prop_pass:constant_prop_pass: cannot fold "
             "the submodule of a cond", "ERROR:executorch.backends.xnnpack.partition.q:xnn-error"],
        )

    def test_default_info_on_root(self):
        with self.assertLogs() as cm:   # INFO: the executorch default (WARNING) decides, see docs
            constant_prop_pass()
        self.assertEqual([r.levelname for r in cm.records], LEVELS_AT_INFO)

    def test_debug_on_root(self):
        with self.assertLogs(level="DEBUG") as cm:
            constant_prop_pass()
        self.assertEqual([r.levelname for r in cm.records], LEVELS_AT_DEBUG)

    def test_no_logs_on_root(self):
        with self.assertNoLogs(level="WARNING"):
            pass_log.info("below the threshold")
"""


def _root_case(tmp_path, under_pytest: bool) -> str:
    everything = ["DEBUG", "INFO", "WARNING"]
    at_info, at_debug = (["INFO", "WARNING"], everything) if under_pytest else (["WARNING"],) * 2
    text = ROOT_ASSERT_LOGS + f"LEVELS_AT_INFO = {at_info!r}\nLEVELS_AT_DEBUG = {at_debug!r}\n"
    case = tmp_path / "test_root_case.py"
    case.write_text(text, encoding="utf-8")
    return str(case)


def test_assert_logs_on_root_plain_unittest(run, tmp_path) -> None:
    # python -m unittest: no plugin; the runtime's forwarding alone serves WARNING and up
    case = _root_case(tmp_path, under_pytest=False)
    args = ["-m", "unittest", "discover", "-v", "-s", str(tmp_path), "-p", Path(case).name]
    proc = run(None, args=args)
    assert proc.returncode == 0, proc.stderr
    assert "Ran 4 tests" in proc.stderr and "OK" in proc.stderr
    # torch's stderr handler still prints each record once (assertLogs only listens on the root)
    assert proc.stderr.count("cannot fold the submodule of a cond") == 3


def test_assert_logs_on_root_under_pytest(run, tmp_path) -> None:
    case = _root_case(tmp_path, under_pytest=True)
    args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", case]
    proc = run(None, args=args)
    assert proc.returncode == 0, proc.stdout
    assert "4 passed" in proc.stdout
    # the negative control: without the runtime's RootCapture the root never sees them
    disabled = (
        "import et_log_runtime.destinations as d; d.RootCapture.handle = lambda s, r: False\n"
    )
    (tmp_path / "conftest.py").write_text(disabled, encoding="utf-8")
    proc = run(None, args=args)
    assert proc.returncode != 0
    assert "no logs of level WARNING or higher triggered on root" in proc.stdout
