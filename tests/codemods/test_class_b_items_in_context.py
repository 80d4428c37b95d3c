"""Class B items in their context (review 3, M1): DebugPass's root calls run inside
`override_logger` (the root at DEBUG, its first call made a root handler): on a module logger
they would no longer print, so they are left for review with that reason; a root DEBUG call
outside that scope is rewritten with the plain note; a site a recipe rewrote again points at the
recipe's item."""

from __future__ import annotations

from pathlib import Path

from codemods.migrate import main

# exir/passes/__init__.py's shape (cff6f4dd): call() wraps callWithLoggerEnabled, which calls
# printFrames; a module function outside the scope
DEBUG_PASS = """\
import logging

from executorch.exir.common import override_logger


class DebugPass:
    def __init__(self, log_filename=None):
        self.log_filename = log_filename

    def call(self, graph_module):
        with override_logger(filename=self.log_filename):
            self.callWithLoggerEnabled(graph_module)

    def printFrames(self, node):
        logging.debug(node.meta["stack_trace"])

    def callWithLoggerEnabled(self, graph_module):
        logging.debug("Enter debug_pass")
        for node in graph_module.graph.nodes:
            self.printFrames(node)


def elsewhere():
    logging.debug("not in the scope")
"""


def _report(tmp_path: Path) -> str:
    path = tmp_path / "executorch" / "exir" / "passes" / "__init__.py"
    path.parent.mkdir(parents=True)
    path.write_text(DEBUG_PASS, encoding="utf-8")
    report = tmp_path / "report.md"
    assert main([str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]) == 0
    return report.read_text()


def _items(tmp_path: Path) -> list[str]:
    text = _report(tmp_path)
    return [line for line in text.splitlines() if "ETL002" in line and "`" in line]


def test_debugpass_lines_stay_root_calls_for_review(tmp_path: Path) -> None:
    """Both calls run inside `override_logger` (one reached through `self`): left as written."""
    items = _items(tmp_path)
    left = [line for line in items if "runs inside `override_logger`" in line]
    lines = sorted(int(line.split("__init__.py:")[1].split("`")[0]) for line in left)
    assert lines == [15, 18], items  # printFrames' and callWithLoggerEnabled's
    source = (tmp_path / "executorch" / "exir" / "passes" / "__init__.py").read_text()
    assert 'logging.debug("Enter debug_pass")' in source
    assert 'logging.debug(node.meta["stack_trace"])' in source


def test_a_debug_call_outside_the_scope_keeps_the_plain_note(tmp_path: Path) -> None:
    (outside,) = [line for line in _items(tmp_path) if "not in the scope" in line]
    assert "before: nothing, unless a root handler showed DEBUG" in outside, outside


def test_a_site_a_recipe_rewrote_again_points_at_the_recipe_s_item(tmp_path: Path) -> None:
    """OpenVINO's `print("Op not supported: ", ...)`: ETL008 makes it a warning, then the
    `openvino-rejections` recipe a rejection: the site's item defers to the recipe's."""
    from codemod_support import SAMPLE

    rel = "backends/openvino/partitioner.py"
    path = tmp_path / "executorch" / rel
    path.parent.mkdir(parents=True)
    path.write_text((SAMPLE / rel).read_text(encoding="utf-8"), encoding="utf-8")
    report = tmp_path / "report.md"
    argv = [str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]
    assert main([*argv, "--recipes", "delegation-record"]) == 0  # the record's, opt-in
    items = [line for line in report.read_text().splitlines() if f"{rel}:" in line]
    again = [line for line in items if "rewritten again by `openvino-rejections`" in line]
    assert again and not any("after: stderr `Op not supported" in line for line in items), items
