"""The logging runtime end to end: each case runs in a fresh interpreter, because torch reads
TORCH_LOGS once, at ``import torch``, and logging is process-wide state."""

import os
import subprocess
import sys
import textwrap
import unittest
from importlib.metadata import entry_points

from et_log_runtime import get_logger

PACKAGE = get_logger.__module__  # the API is defined in the package itself
XNN = "executorch.backends.xnnpack.partition.example"
EXIR = "executorch.exir.passes.example"


def run(code: str, **env: str) -> "subprocess.CompletedProcess[str]":
    """``code`` (``PKG`` stands for the runtime's package) in a fresh interpreter."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TORCH_LOGS", "PYTHONW"))
    }
    source = textwrap.dedent(code).replace("PKG", PACKAGE)
    return subprocess.run(
        [sys.executable, "-c", source],
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def hook_installed() -> bool:
    return any(
        e.value.startswith(PACKAGE + ".") for e in entry_points(group="torch.backends")
    )


class TestQuietAndAppLogging(unittest.TestCase):
    def test_quiet_by_default_and_root_untouched(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger
            log = get_logger("{XNN}")
            log.info("an info line")
            log.warning("a warning line")
            assert logging.getLogger().handlers == [], logging.getLogger().handlers
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr.count("a warning line"), 1, out.stderr)
        self.assertNotIn("an info line", out.stderr)
        self.assertEqual(out.stdout, "")

    def test_application_logging_sees_every_record_once(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger
            logging.basicConfig(level=logging.INFO, format="APP %(name)s %(message)s")
            get_logger("{EXIR}").info("saved the program")
            get_logger("{XNN}").warning("a warning line")
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = out.stderr.splitlines()
        self.assertIn(f"APP {EXIR} saved the program", lines)
        self.assertEqual(
            [x for x in lines if "a warning line" in x], [f"APP {XNN} a warning line"]
        )

    def test_application_levels_survive_import_torch(self) -> None:
        out = run(
            f"""
            import logging
            logging.basicConfig(format="APP %(message)s")
            logging.getLogger("executorch.backends.xnnpack").setLevel(logging.DEBUG)
            import torch  # torch resets the loggers it manages: ours come back as they were
            from PKG import get_logger
            get_logger("{XNN}").debug("xnn debug")
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr.splitlines(), ["APP xnn debug"])


@unittest.skipUnless(
    hook_installed(), "the torch.backends entry point is not installed"
)
class TestTorchLogs(unittest.TestCase):
    CODE = f"""
        import logging, torch
        from PKG import get_logger
        logging.basicConfig(level=logging.DEBUG, format="APP %(message)s")
        get_logger("{XNN}").debug("xnn debug")
        get_logger("{XNN}").info("xnn info")
        get_logger("{EXIR}").info("exir info")
        get_logger("{EXIR}").warning("exir warning")
        """

    def test_component_levels_and_torch_format(self) -> None:
        out = run(self.CODE, TORCH_LOGS="+xnnpack")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr.count("xnn debug"), 1, out.stderr)
        self.assertNotIn("APP xnn debug", out.stderr)  # torch's handler, not the root's
        self.assertNotIn("exir info", out.stderr)  # executorch not named: WARNING
        self.assertEqual(out.stderr.count("exir warning"), 1, out.stderr)

    def test_minus_silences_warnings(self) -> None:
        out = run(self.CODE, TORCH_LOGS="-xnnpack,-executorch")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertNotIn("xnn", out.stderr)
        self.assertNotIn("exir warning", out.stderr)

    def test_set_logs_switches_and_forgets(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger, set_logs
            logging.basicConfig(level=logging.INFO, format="APP %(message)s")
            log = get_logger("{XNN}")
            set_logs(xnnpack=logging.DEBUG)
            log.debug("while set")
            set_logs(xnnpack=None)
            log.info("after")
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("while set", out.stderr)
        self.assertNotIn("APP while set", out.stderr)
        self.assertIn("APP after", out.stderr.splitlines())


class TestWarnings(unittest.TestCase):
    def test_a_warning_stays_a_warning(self) -> None:
        out = run(
            f"""
            import warnings, torch
            from PKG import get_logger, warn
            log = get_logger("{XNN}")
            def site():
                warn(log, "buffer mutated", UserWarning, stacklevel=2)
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                site()
            assert [(w.category, str(w.message)) for w in seen] == [(UserWarning, "buffer mutated")]
            assert seen[0].lineno == 9, seen[0].lineno  # the caller's line (site()), as warnings.warn
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                try:
                    site()
                except UserWarning:
                    pass
                else:
                    raise AssertionError("not raised")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                site()
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertNotIn("buffer mutated", out.stderr)

    def test_display_goes_through_the_logger_once(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger, warn
            logging.basicConfig(format="APP %(name)s %(message)s")
            for _ in range(3):
                warn(get_logger("{XNN}"), "slow path")
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr.splitlines(), [f"APP {XNN} UserWarning: slow path"])

    def test_python_displays_it_when_nothing_is_configured(self) -> None:
        out = run(
            f"import torch\nfrom PKG import get_logger, warn\nwarn(get_logger('{XNN}'), 'w1')"
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("<string>:3: UserWarning: w1", out.stderr)


class TestOutputCapture(unittest.TestCase):
    def test_stdout_to_log_streams_this_thread_only(self) -> None:
        out = run(
            f"""
            import logging, sys, threading
            from PKG import stdout_to_log
            logging.basicConfig(level=logging.INFO, format="LOG %(message)s")
            def other():
                print("from another thread")
            with stdout_to_log("{XNN}"):
                print("report line 1")
                sys.stderr.write("between\\n")
                thread = threading.Thread(target=other)
                thread.start()
                thread.join()
                print("report", "line 2", end="")
            print("after")
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(
            out.stderr.splitlines(),
            ["LOG report line 1", "between", "LOG report line 2"],
        )
        self.assertEqual(out.stdout.splitlines(), ["from another thread", "after"])


class TestImportTorchNeverBreaks(unittest.TestCase):
    CASES = {
        "internals missing": "t._NEEDED = t._NEEDED + ('no_such_name',)",
        "hook raising": "t.Torch.register = lambda *args: 1 / 0",
    }

    def test_import_torch_survives(self) -> None:
        for case, breakage in self.CASES.items():
            for env in ({}, {"TORCH_LOGS": "+dynamo"}):
                with self.subTest(case=case, env=env):
                    out = run(
                        f"""
                        import logging
                        import PKG.state as t
                        {breakage}
                        import torch
                        from PKG import get_logger
                        get_logger("{XNN}").warning("still logs")
                        """,
                        **env,
                    )
                    self.assertEqual(out.returncode, 0, out.stderr)
                    self.assertIn("still logs", out.stderr)
                    if hook_installed():
                        self.assertIn("TORCH_LOGS names are off", out.stderr)


if __name__ == "__main__":
    unittest.main()
