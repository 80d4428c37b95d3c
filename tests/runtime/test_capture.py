"""Logs stay capturable: unittest assertLogs and pytest caplog (the et_log pytest plugin)."""

from __future__ import annotations

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
    # negative control: the same tests without the plugin show the problem it solves
    no_plugin = run(
        f"import pytest, sys; sys.exit(pytest.main({[*pytest_args, '-p', 'no:et_log']!r}))"
    )
    assert no_plugin.returncode != 0
    assert "FAILED" in no_plugin.stdout and "test_a_torch_imported_mid_test" in no_plugin.stdout
    assert "test_b_set_level_debug" in no_plugin.stdout
