"""ETL005 removals are listed under "Changes to look at" with what they did to the root logger
(Vulkan's `logging.getLogger("")` + `setLevel(logging.INFO)` at import, library `basicConfig`)."""

from __future__ import annotations

from pathlib import Path

from codemods.migrate import main
from codemods.pipeline import migrate_source

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
    assert "every library's records at its level stop showing" in general[0]
    lines = [line for line in found if line not in general]
    assert len(lines) == 3, lines
    vulkan, basic, handler = sorted(lines, key=lambda x: ("vulkan" not in x, "addHandler" in x))
    assert "vulkan_partitioner.py:4" in vulkan and "setLevel(logging.INFO)" in vulkan
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


MHA_TO_SHA_SHAPE = """\
import logging

FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
logging.basicConfig(level=logging.INFO, format=FORMAT)


class ConvertMhaToSha:
    def __init__(self, verbose=False):
        self.verbose = verbose

    def _split(self, sha):
        if self.verbose:
            logging.info(f"{__name__}:_split: sha:{sha}!")
        logging.debug("split")
"""
MHA_TO_SHA = "executorch/backends/qualcomm/_passes/convert_mha_to_sha.py"


def test_a_basic_config_a_verbose_flag_prints_through_stays_for_review(config) -> None:
    """Review 8 (M3): Qualcomm's MHA->SHA pass and LLMEdgeManager log `if self.verbose:` at
    INFO through their module's own basicConfig; removed, `verbose=True` would print nothing.
    It stays, for review, saying why; the rest of the module migrates, the flag's line reaching
    the same handler; the rewrites carry a note only for the line number its format shows."""
    full = migrate_source(MHA_TO_SHA_SHAPE, MHA_TO_SHA, config)
    assert "logging.basicConfig(level=logging.INFO, format=FORMAT)" in full.new_text
    assert 'logger.info(f"{__name__}:_split: sha:{sha}!")' in full.new_text
    (kept,) = [r for r in full.review if r.finding.code == "ETL005"]
    assert kept.review.reason.startswith("kept: `if self.verbose:` lines at INFO (line 13)")
    assert "`verbose=True` silent" in kept.review.reason
    notes = {r.finding.line: r.note for r in full.rewritten}
    assert "`%(lineno)s`" in notes[13], notes
    assert "no longer shows it" not in notes[13], "the flag still shows the line"
    assert notes[14] == "", "a DEBUG line the kept INFO root never showed: no change"
    mechanical = migrate_source(MHA_TO_SHA_SHAPE, MHA_TO_SHA, config, mechanical=True)
    assert mechanical.new_text.count("logging.info(") == 1, "class A: the INFO line as it was"


def test_a_kept_basic_config_showing_the_logger_name_notes_the_new_name(config) -> None:
    text = MHA_TO_SHA_SHAPE.replace('FORMAT = "[', 'FORMAT = "%(name)s [')
    full = migrate_source(text, MHA_TO_SHA, config)
    assert any(r.finding.code == "ETL005" for r in full.review)
    (note,) = [r.note for r in full.rewritten if r.finding.line == 13]
    assert "before: stderr `root [INFO <time> convert_mha_to_sha.py:13]" in note, note
    assert "after: stderr `{module} [INFO <time> convert_mha_to_sha.py:{new line}]" in note
    assert "`%(name)s`" in note


def test_a_flag_line_the_root_level_does_not_show_keeps_nothing(config) -> None:
    text = MHA_TO_SHA_SHAPE.replace("level=logging.INFO", "level=logging.WARNING")
    full = migrate_source(text, MHA_TO_SHA, config)
    assert "basicConfig" not in full.new_text
    assert not any(r.finding.code == "ETL005" for r in full.review)
