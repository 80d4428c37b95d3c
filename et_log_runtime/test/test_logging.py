"""The logging runtime end to end: each case runs in a fresh interpreter, because torch reads
TORCH_LOGS once, at ``import torch``, and logging is process-wide state."""

import os
import re
import subprocess
import sys
import tempfile
import textwrap
import unittest
from importlib.metadata import entry_points

from et_log_runtime import get_logger

PACKAGE = get_logger.__module__  # the API is defined in the package itself
HOOK = f"{PACKAGE}_hook"  # torch's entry point: a module beside the package, not in it
XNN = "executorch.backends.xnnpack.partition.example"
EXIR = "executorch.exir.passes.example"

# A partitioner run over a small fx graph: relu delegated, sort rejected with a reason.
PARTITION = f"""
import operator, torch
from PKG import delegation_records, get_logger, report_rejection, run_partitioner

class Model(torch.nn.Module):
    def forward(self, x):
        return torch.sort(torch.relu(x))[0]

class Program:
    def __init__(self):
        self.graph_module = torch.fx.symbolic_trace(Model())

class Result:
    def __init__(self, program):
        self.tagged_exported_program, self.partition_tags = program, {{"tag0"}}

class ExamplePartitioner:
    def __call__(self, program):
        for node in program.graph_module.graph.nodes:
            if node.target is torch.relu:
                node.meta["delegation_tag"] = "tag0"
            elif node.target is torch.sort:
                report_rejection(get_logger("{XNN}"), node, "no config", code="XNN.NO_CONFIG")
        return Result(program)

ExamplePartitioner.__module__ = "{XNN}"
"""


def run(*parts: str, **env: str) -> "subprocess.CompletedProcess[str]":
    """The code ``parts`` (``PKG`` stands for the runtime's package) in a fresh interpreter."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TORCH_LOGS", "TORCH_DEVICE_BACKEND", "PYTHONW"))
    }
    code = "".join(textwrap.dedent(part) for part in parts)
    source = code.replace("PKG", PACKAGE)
    return subprocess.run(
        [sys.executable, "-c", source],
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def hook_installed() -> bool:
    return any(
        e.value == f"{HOOK}:register" for e in entry_points(group="torch.backends")
    )


def named(setting: str, *parts: str) -> "list[subprocess.CompletedProcess[str]]":
    """``parts`` run with ``setting`` (a TORCH_LOGS string) asked for each way it can be:
    ``set_logs(setting)`` right after ``import torch`` (what works without torch's hook:
    Buck, ``TORCH_DEVICE_BACKEND_AUTOLOAD=0``), and TORCH_LOGS where the hook is installed."""
    code = "".join(textwrap.dedent(part) for part in parts)
    found = re.search(r"^( *)import [\w, ]*\btorch\n", code, re.M)
    assert found, code
    ask = f"{found.group(1)}from PKG import set_logs\n{found.group(1)}set_logs({setting!r})\n"
    runs = [run(code[: found.end()] + ask + code[found.end() :])]
    return runs + ([run(code, TORCH_LOGS=setting)] if hook_installed() else [])


class TestNothingConfigured(unittest.TestCase):
    def test_plain_library_loggers(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger
            log = get_logger("{XNN}")
            log.info("an info line")
            log.warning("a warning line")
            for name in ("executorch", "executorch.backends.xnnpack", "{XNN}"):
                each = logging.getLogger(name)
                assert (each.handlers, each.level, each.propagate) == ([], 0, True), name
            assert logging.getLogger().handlers == []
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(
            out.stderr.splitlines(), ["a warning line"]
        )  # Python's last resort
        self.assertEqual(out.stdout, "")

    def test_set_verbose_shows_a_library_flag_s_lines_once(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger, set_verbose
            log = get_logger("{XNN}")
            set_verbose(log)
            set_verbose(log)  # twice: still one handler
            log.debug("a verbose line")
            assert logging.getLogger().handlers == []
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr.splitlines(), [f"DEBUG:{XNN}:a verbose line"])

    def test_application_logging_sees_every_record_once(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger
            logging.basicConfig(level=logging.DEBUG, format="APP %(name)s %(message)s")
            get_logger("{EXIR}").debug("saved the program")
            get_logger("{XNN}").warning("a warning line")
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(
            out.stderr.splitlines(),
            [f"APP {EXIR} saved the program", f"APP {XNN} a warning line"],
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

    def test_component_levels_through_torch(self) -> None:
        for out in named("+xnnpack", self.CODE):
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertEqual(out.stderr.count("xnn debug"), 1, out.stderr)
            self.assertNotIn(
                "APP xnn debug", out.stderr
            )  # torch's handler, not the root's
            self.assertNotIn("exir info", out.stderr)  # executorch not named: WARNING
            self.assertEqual(out.stderr.count("exir warning"), 1, out.stderr)

    def test_minus_silences_warnings(self) -> None:
        for out in named("-xnnpack,-executorch", self.CODE):
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertNotIn("xnn", out.stderr)
            self.assertNotIn("exir warning", out.stderr)

    def test_an_artifact_logger_made_before_torch_is_set_up_by_torch(self) -> None:
        code = f"""
            from PKG import artifact_enabled, get_artifact_logger
            graph = get_artifact_logger("{XNN}", "xnnpack_graph")  # before import torch
            import torch
            from PKG import get_logger
            get_logger("{XNN}")
            print(artifact_enabled(graph))
            graph.debug("the graph")
            """
        for on in named("xnnpack_graph", code):
            self.assertEqual(on.stdout, "True\n", on.stderr)
            self.assertIn("[__xnnpack_graph] the graph", on.stderr)

    def test_artifact_only_when_named(self) -> None:
        code = f"""
            import torch
            from PKG import artifact_enabled, get_artifact_logger
            graph = get_artifact_logger("{XNN}", "xnnpack_graph")
            print(artifact_enabled(graph))
            graph.debug("the graph")
            """
        for off, on in zip(
            named("+xnnpack", code), named("xnnpack_graph", code), strict=True
        ):
            self.assertEqual(
                (off.stdout, on.stdout), ("False\n", "True\n"), off.stderr + on.stderr
            )
            self.assertNotIn("the graph", off.stderr)
            self.assertIn("[__xnnpack_graph] the graph", on.stderr)


class TestSetLogs(unittest.TestCase):
    def test_forwards_to_torch_and_replaces_earlier_settings(self) -> None:
        out = run(
            f"""
            import logging, torch
            from PKG import get_logger, set_logs
            log = get_logger("{XNN}")
            set_logs("+xnnpack")
            log.debug("while set")
            set_logs(executorch=logging.INFO)  # torch's rule: this call replaces the last
            log.debug("replaced")
            get_logger("{EXIR}").info("exir info")
            set_logs("xnnpack_graph,-partition_report")  # `-artifact`: off
            import torch._logging._internal as internal
            print(sorted(internal.log_state.artifact_names))
            try:
                set_logs(dynamo=logging.DEBUG)
            except ValueError as exc:
                print("refused:", exc)
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr.count("while set"), 1, out.stderr)
        self.assertNotIn("replaced", out.stderr)
        self.assertIn("exir info", out.stderr)
        self.assertIn("refused: set_logs: 'dynamo' is not ExecuTorch's", out.stdout)
        self.assertIn("['xnnpack_graph']", out.stdout)


class TestWarnings(unittest.TestCase):
    SITE = f"""
        import logging, warnings, torch
        from PKG import get_logger, warn
        log = get_logger("{XNN}")
        def site():
            warn(log, "buffer mutated", UserWarning, stacklevel=2)
        """

    def test_a_warning_stays_a_warning(self) -> None:
        out = run(
            self.SITE,
            """
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                site()
            assert [(w.category, str(w.message)) for w in seen] == [(UserWarning, "buffer mutated")]
            assert seen[0].lineno == 10, seen[0].lineno  # the caller's line: site() above
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                try:
                    site()
                except UserWarning:
                    print("raised")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                site()
            """,
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout, "raised\n")
        self.assertNotIn("buffer mutated", out.stderr)

    def test_python_displays_it_even_with_logging_at_error(self) -> None:
        out = run(
            self.SITE,
            "logging.basicConfig(level=logging.ERROR)\nfor _ in range(2):\n    site()\n",
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr.count("UserWarning: buffer mutated"), 1, out.stderr)

    def test_only_an_explicit_switch_silences_it(self) -> None:
        quiet = named("-xnnpack", self.SITE, "site()\n")
        other = named("-executorch", self.SITE, "site()\n")
        for each in quiet:
            self.assertNotIn("buffer mutated", each.stderr)
        for each in other:
            self.assertIn("UserWarning: buffer mutated", each.stderr)


class TestOverrideLogs(unittest.TestCase):
    def test_a_file_gets_every_line_while_active(self) -> None:
        out = run(
            f"""
            import logging, os, tempfile, torch
            from PKG import get_logger, override_logs
            path = os.path.join(tempfile.mkdtemp(), "debug.log")
            with override_logs(logging.DEBUG, filename=path, fmt="F %(message)s"):
                get_logger("{EXIR}").debug("pass ran")
            get_logger("{EXIR}").debug("after")
            print(open(path).read(), end="")
            print(logging.getLogger("executorch.exir").level)
            """
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout.splitlines(), ["F pass ran", "0"])
        self.assertEqual(out.stderr, "")


class TestPartitionReport(unittest.TestCase):
    def test_the_record_names_each_node_and_its_reason(self) -> None:
        out = run(
            PARTITION,
            """
            with delegation_records() as runs:
                run_partitioner(ExamplePartitioner(), Program())
            (record,) = runs
            nodes = {n["target"]: (n["partition"], n["reasons"]) for n in record["nodes"]}
            print(record["partitioner"], record["component"], record["delegated"])
            print(nodes["relu"], nodes["sort"][1])
            """,
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = out.stdout.splitlines()
        self.assertEqual(lines[0], "ExamplePartitioner xnnpack 1")
        self.assertIn("('tag0', [])", lines[1])
        self.assertIn("'code': 'XNN.NO_CONFIG', 'text': 'no config'", lines[1])
        self.assertEqual(out.stderr, "")  # nothing named: the why-not line is DEBUG

    def test_outside_a_run_a_rejection_is_a_debug_line(self) -> None:
        out = run(
            PARTITION,
            """
            import logging
            logging.basicConfig(level=logging.DEBUG, format="APP %(levelname)s %(message)s")
            node = next(iter(Program().graph_module.graph.nodes))
            report_rejection(get_logger("EXAMPLE"), node, "no config", code="XNN.NO_CONFIG")
            """.replace("EXAMPLE", XNN),
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn(
            "APP DEBUG x (x) not delegated: no config", out.stderr.splitlines()
        )

    def test_why_not_at_info_and_the_table_when_named(self) -> None:
        code = "run_partitioner(ExamplePartitioner(), Program())\n"
        for out in named("xnnpack,partition_report", PARTITION, code):
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn(
                "ExamplePartitioner: sort (sort) stays on the CPU: no config",
                out.stderr,
            )
            self.assertIn("XNN.NO_CONFIG", out.stderr)  # the table's row


class TestAnotherTorch(unittest.TestCase):
    def test_missing_internals_are_said_only_when_asked(self) -> None:
        code = f"""
            import os
            import PKG.torch_api as api
            api.NEEDED += ("gone",)
            import torch
            from PKG import get_logger, set_logs
            if "ASK" in os.environ:
                try:
                    set_logs("+xnnpack")
                except RuntimeError:
                    pass
            get_logger("{XNN}").warning("still logs")
            """
        quiet, asked = run(code), run(code, ASK="1")
        self.assertEqual(quiet.stderr.splitlines(), ["still logs"], quiet.stderr)
        dynamo = run(code, TORCH_LOGS="+dynamo")  # torch's names only: not ours to say
        self.assertEqual(dynamo.stderr.splitlines(), ["still logs"], dynamo.stderr)
        said = [
            x
            for x in asked.stderr.splitlines()
            if "lacks log_state" in x or "gone" in x
        ]
        self.assertEqual(len(said), 1, asked.stderr)
        self.assertIn("still logs", asked.stderr)


class TestImportTorchNeverBreaks(unittest.TestCase):
    """Whatever is wrong with the runtime, ``import torch`` works and says so in one line."""

    CASES = {
        "torch internals changed": "import PKG.torch_api as a; a.NEEDED += ('gone',)",
        "a runtime module missing": "sys.modules['PKG.names'] = None",
        "the package raising": "sys.path.insert(0, BROKEN)",
    }

    def test_import_torch_survives(self) -> None:
        broken = tempfile.mkdtemp()
        folder = os.path.join(broken, *PACKAGE.split("."))
        os.makedirs(folder)
        with open(os.path.join(folder, "__init__.py"), "w") as init:
            init.write("raise RuntimeError('half-applied patch')\n")
        for case, breakage in self.CASES.items():
            for env in ({}, {"TORCH_LOGS": "+dynamo"}):
                with self.subTest(case=case, env=env):
                    out = run(
                        f"""
                        import logging, sys
                        BROKEN = {broken!r}
                        {breakage}
                        import torch
                        print("imported")
                        logging.getLogger("{XNN}").warning("still logs")
                        """,
                        **env,
                    )
                    self.assertEqual(out.returncode, 0, out.stderr)
                    self.assertEqual(out.stdout, "imported\n")
                    self.assertIn("still logs", out.stderr)
                    said = [x for x in out.stderr.splitlines() if "TORCH_LOGS" in x]
                    # the hook imports nothing without TORCH_LOGS; a runtime that loads but
                    # finds torch changed says so only when one of ours is named (+dynamo: not)
                    loads = case == "torch internals changed"
                    if hook_installed() and env and not loads:
                        self.assertEqual(len(said), 1, out.stderr)
                    else:
                        self.assertEqual(said, [], out.stderr)


if __name__ == "__main__":
    unittest.main()
