"""Class B items in their context (review 3, M1): DebugPass's root calls run inside
`override_logger` (the root at DEBUG, its first call made a root handler), so their items say so:
before `DEBUG:root:<message>` on stderr, after the message on stderr through the `override-logger`
recipe's `override_logs`; a root DEBUG call outside that scope keeps the plain note; a site a
recipe rewrote again points at the recipe's item."""

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


def _items(tmp_path: Path) -> list[str]:
    path = tmp_path / "executorch" / "exir" / "passes" / "__init__.py"
    path.parent.mkdir(parents=True)
    path.write_text(DEBUG_PASS, encoding="utf-8")
    report = tmp_path / "report.md"
    assert main([str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]) == 0
    return [line for line in report.read_text().splitlines() if "ETL002" in line and "`" in line]


def test_debugpass_lines_were_and_stay_on_stderr(tmp_path: Path) -> None:
    items = _items(tmp_path)
    enter = next(line for line in items if "Enter debug_pass" in line)
    assert "before: stderr `DEBUG:root:Enter debug_pass`" in enter, enter
    assert "after: stderr `Enter debug_pass`" in enter, enter
    frames = next(line for line in items if "stack_trace" in line)
    assert "`override_logger` set the root to DEBUG" in frames, frames  # reached through self


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
    assert main([str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]) == 0
    items = [line for line in report.read_text().splitlines() if f"{rel}:" in line]
    again = [line for line in items if "rewritten again by `openvino-rejections`" in line]
    assert again and not any("after: stderr `Op not supported" in line for line in items), items
