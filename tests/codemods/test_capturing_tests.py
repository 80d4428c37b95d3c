"""Sites whose message a test asserts on: found before rewriting, kept or noted, reported."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from codemod_support import ASSERTING_TESTS

from codemods.migrate import main

LIBRARY = """\
import logging
import warnings


def configure(u55):
    if u55:
        warnings.warn("preserve_io_quantization=True is redundant on this target")


def fold(graph):
    logging.warning("constant_prop_pass does not constant propagate in control flow")


def partition(op):
    print("Op not supported by the partitioner:", op)


def other():
    logging.info("call_function stat for this graph")
"""
TESTS = (
    """\
import logging
import unittest

import pytest

from executorch.exir import lib


"""
    + ASSERTING_TESTS
    + """

def test_names_only(caplog):
    lib.other()
    assert "call_function" in caplog.text  # an identifier ties nothing to a site


class TestFold(unittest.TestCase):
    def test_fold(self):
        warn_log = "constant_prop_pass does not constant propagate"
        with self.assertLogs(level="WARNING") as log:
            lib.fold(None)
            self.assertIn(warn_log, log.output[0])
"""
)


def _tree(root: Path) -> Path:
    (root / "exir" / "tests").mkdir(parents=True)
    (root / "exir" / "lib.py").write_text(LIBRARY)
    (root / "exir" / "tests" / "test_lib.py").write_text(TESTS)
    (root / "pyproject.toml").write_text("[tool.et-log]\n")  # the root paths are relative to
    return root


def test_sites_asserted_through_output_are_kept_logs_are_noted_warnings_stay(tmp_path):
    root = _tree(tmp_path / "repo")
    report = tmp_path / "report.json"
    assert main([str(root / "exir"), "-q", "-j", "1", "--report", str(report)]) == 0
    data = json.loads(report.read_text())
    pairs = {(p["code"], p["test"].split()[-1], p["channel"], p["action"]) for p in data["tests"]}
    assert pairs == {
        ("ETL008", "test_prints", "stdout", "kept for review"),
        ("ETL002", "test_fold", "logs", "rewritten: the test still sees it"),
    }
    text = (root / "exir" / "lib.py").read_text()
    # a warning is never rewritten: pytest.warns sees it as before
    assert 'warnings.warn("preserve_io_quantization=True' in text
    assert 'print("Op not supported by the partitioner:", op)' in text
    assert 'logger.warning("constant_prop_pass does not' in text  # rewritten, noted
    assert 'logger.info("call_function stat' in text
    review = {r["code"]: r["reason"] for r in data["review"]}
    assert set(review) == {"ETL004", "ETL008"}  # the warning for its owner to judge
    assert "asserted by exir/tests/test_lib.py:14 test_prints through stdout" in review["ETL008"]


def test_the_markdown_report_lists_each_pair(tmp_path):
    root = _tree(tmp_path / "repo")
    report = tmp_path / "report.md"
    assert main([str(root / "exir"), "-q", "-j", "1", "--report", str(report)]) == 0
    text = report.read_text()
    assert "## Tests that assert on a migrated message" in text
    assert (
        "| `exir/lib.py:15` | ETL008 | `exir/tests/test_lib.py:14 test_prints` | stdout |" in text
    )


def test_rendered_messages_module_patterns_and_table_borders():
    from lint_rules.capturing_tests import asserting_test, index_tests

    tests = index_tests(
        "backends/nxp/tests/test_x.py",
        b"""\
import re

PATTERN = r"Neutron to Edge map was created: (\\{.*\\})"
BORDER = "--------------------------------------------------------  ----------------"


def extract(caplog):
    return [re.search(PATTERN, r.getMessage()) for r in caplog.records]


def test_map(caplog):
    assert extract(caplog)


def test_node(caplog):
    assert any(
        "`aten_max_pool2d` requires channels-first format for its input and output" in m
        for m in caplog.messages
    )


def test_table(caplog):
    assert BORDER in caplog.text
""",
    )
    assert [t.name for t in tests] == ["test_map", "test_node", "test_table"]

    def site(source: str):
        return ast.parse(source).body[0].value

    found = asserting_test(
        site('logging.info(f"Neutron to Edge map was created: {m}")'), "logs", tests
    )
    assert found is not None and found.name == "test_map"  # through the file's helper
    rendered = site(
        'logging.warning(f"Node `{n}` requires channels-first format for its input and output")'
    )
    assert asserting_test(rendered, "logs", tests).name == "test_node"  # its own assertion
    border = site('logging.info("Final Operators" + " " * 40 + "-------------------- graph")')
    assert asserting_test(border, "logs", tests) is None  # padding and rules tie nothing
    assert asserting_test(rendered, "warnings", tests) is None  # the tests capture logs only
