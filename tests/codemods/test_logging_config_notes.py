"""ETL005 removals are listed under "Changes to look at" with what they did to the root logger
(Vulkan's `logging.getLogger("")` + `setLevel(logging.INFO)` at import, library `basicConfig`)."""

from __future__ import annotations

import re
from pathlib import Path

from codemods.migrate import main

VULKAN_SHAPE = """\
import logging

logger: logging.Logger = logging.getLogger("")
logger.setLevel(logging.INFO)
"""
BUILDER_SHAPE = """\
import logging

FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
logging.basicConfig(level=logging.INFO, format=FORMAT)
logging.root.addHandler(logging.NullHandler())
"""


def _changes_to_look_at(tmp_path: Path) -> list[str]:
    package = tmp_path / "executorch"
    files = {
        package / "backends" / "vulkan" / "partitioner" / "vulkan_partitioner.py": VULKAN_SHAPE,
        package / "extension" / "llm" / "export" / "builder.py": BUILDER_SHAPE,
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True)
        path.write_text(text)
    report = tmp_path / "report.md"
    assert main([str(package), "-q", "-j", "1", "--report", str(report)]) == 0
    text = report.read_text()
    section = text.split("## Changes to look at\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if "ETL005" in line]


def test_every_root_configuration_removed_is_listed_with_its_level(tmp_path: Path) -> None:
    found = _changes_to_look_at(tmp_path)
    general = [line for line in found if line.startswith("- every ETL005 rewrite")]
    assert len(general) == 2, "the general change once in each component's list"
    assert "every library's records below WARNING that its level showed" in general[0]
    # review 13, m2: a WARNING-level set-up's records keep showing, without its format
    assert "`WARNING:<logger>:<message>` becomes `<message>`" in general[0]
    lines = [line for line in found if line not in general]
    assert len(lines) == 3, lines
    vulkan, basic, handler = sorted(lines, key=lambda x: ("vulkan" not in x, "addHandler" in x))
    assert "vulkan_partitioner.py:5" in vulkan and "setLevel(logging.INFO)" in vulkan
    assert "root logger to INFO at import" in vulkan
    assert "basicConfig" in basic and "a handler and level INFO" in basic
    assert "added a handler to the application's root logger" in handler


XNNPACK_SHAPE = """\
import logging

logging.basicConfig(level=logging.WARNING)
logger = logging.getLogger(__name__)


class XnnpackPartitioner:
    def __init__(self, verbose: bool = False):
        if verbose:
            logger.setLevel(logging.DEBUG)
            logger.debug("Verbose logging enabled for XNNPACK partitioner.")
"""


def test_a_removed_handler_names_the_module_s_lines_that_printed_through_it(tmp_path) -> None:
    """Review 7 (M2): XNNPACK's `verbose=True` printed its DEBUG line through the module's own
    basicConfig handler with nothing configured; the note says so."""
    path = tmp_path / "executorch" / "backends" / "xnnpack" / "partition" / "xnnpack_partitioner.py"
    path.parent.mkdir(parents=True)
    path.write_text(XNNPACK_SHAPE)
    report = tmp_path / "report.md"
    assert main([str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]) == 0
    lines = report.read_text().splitlines()
    (line,) = [x for x in lines if "xnnpack_partitioner.py:3` ETL005" in x]
    assert "`logger.setLevel(logging.DEBUG)` (line 10, under `if verbose`) printed" in line, line


VERBOSE_SHAPE = """\
import logging

FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
logging.basicConfig(level=logging.INFO, format=FORMAT)


class LLMEdgeManager:
    def __init__(self, verbose=False):
        self.verbose = verbose

    def export(self):
        if self.verbose:
            logging.info("Exported graph")
        logging.info("exported")
"""


def test_a_verbose_line_keeps_its_level_and_its_note_says_when_it_showed(tmp_path: Path) -> None:
    """`LLMEdgeManager(verbose=True)`'s lines printed through its module's basicConfig only when
    no library imported before had configured the root (XNNPACK's partitioner does, first):
    they stay INFO records, a flag asking for detail, not a warning (reviews 9 and 11), and the
    note says when they showed."""
    path = tmp_path / "executorch" / "extension" / "llm" / "export" / "builder.py"
    path.parent.mkdir(parents=True)
    path.write_text(VERBOSE_SHAPE)
    report = tmp_path / "report.md"
    assert main([str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]) == 0
    text = path.read_text()
    assert 'logger.info("Exported graph")' in text and 'logger.info("exported")' in text
    items = [line for line in report.read_text().splitlines() if "ETL002" in line]
    flagged = next(line for line in items if "Exported graph" in line)
    assert "when no library imported before it had configured the root" in flagged, flagged
    assert "when `self.verbose` is set; after: nothing (an INFO record" in flagged, flagged
    plain = next(line for line in items if "] exported`" in line)
    assert "after: nothing (an INFO record" in plain, plain


GATE_SHAPE = """\
import logging


class MemoryPlanningPass:
    def run(self, verifier):
        if logging.getLogger().isEnabledFor(logging.DEBUG):
            pairs = verifier.verify_storage_reuse()
            logging.debug(f"{pairs} pairs")
"""


def test_a_root_level_gate_s_note_says_what_now_opens_it(tmp_path: Path) -> None:
    """`exir/passes/memory_planning_pass.py`: the root's DEBUG gate guards a verifier call, not
    only a line; on the module logger `set_logs('+executorch')` now runs it (review 12, m3)."""
    path = tmp_path / "executorch" / "exir" / "passes" / "memory_planning_pass.py"
    path.parent.mkdir(parents=True)
    path.write_text(GATE_SHAPE)
    report = tmp_path / "report.md"
    assert main([str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]) == 0
    assert "if logger.isEnabledFor(logging.DEBUG):" in path.read_text()
    (line,) = [x for x in report.read_text().splitlines() if re.search(r"pass.py:\d+` ETL001", x)]
    assert "the gate read the root's level" in line and "code as well as lines" in line, line
    assert "naming executorch now opens or closes" in line, line


PREPROCESS_SHAPE = """\
import logging

logger = logging.getLogger(__name__)
logger.setLevel(logging.WARNING)


def preprocess(nodes):
    for node in nodes:
        logger.info(f"Visiting: {node}, {node.target.__name__}")
"""


def _removal_note(tmp_path: Path, relative: str, source: str) -> str:
    """The report's one ETL006 removal line for module `relative` holding `source`."""
    path = tmp_path / "executorch" / relative
    path.parent.mkdir(parents=True)
    path.write_text(source)
    report = tmp_path / "report.md"
    assert main([str(tmp_path / "executorch"), "-q", "-j", "1", "--report", str(report)]) == 0
    (line,) = [x for x in report.read_text().splitlines() if "ETL006: removed" in x]
    return line


def test_a_removed_warning_level_names_the_lines_an_application_at_info_starts_to_see(
    tmp_path: Path,
) -> None:
    """XNNPACK's preprocess: removing `setLevel(logging.WARNING)` shows its per-node INFO line to
    every program logging at INFO; the note quotes it (review 12, m5)."""
    line = _removal_note(tmp_path, "backends/xnnpack/xnnpack_preprocess.py", PREPROCESS_SHAPE)
    assert "here: INFO `f'Visiting: {node}, {node.target.__name__}'`" in line, line


GROUP_PARTITIONER_SHAPE = """\
import logging

logger = logging.getLogger(__name__)
logger.setLevel(logging.WARNING)


def group(nodes):
    if not nodes:
        logger.warning("no nodes to group")
    return [nodes]
"""


def test_a_removed_warning_level_over_no_quieter_line_says_it_hid_nothing(tmp_path: Path) -> None:
    """exir's group_partitioner: its logger writes nothing below WARNING, so the note must not
    say lines were hidden (review r19b)."""
    line = _removal_note(tmp_path, "exir/backend/group_partitioner.py", GROUP_PARTITIONER_SHAPE)
    assert "writes nothing below WARNING on this logger, so the level hid nothing" in line, line
    assert "nothing a program prints changes" in line and "were hidden" not in line, line
