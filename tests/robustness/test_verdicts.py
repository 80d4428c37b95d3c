"""One verdict per kind of bad input: docs/robustness.md's table is what the three tools answer
(measured by running them), one exit status for every bad input, the lint's and the
migration's words one and the same, and every message naming its file."""

from __future__ import annotations

import pytest
import verdict_table as table

from et_log_docs.sections import read_section

FILE_CASES = [case for case in table.CASES if case.named in case.files]


@pytest.fixture(scope="module")
def answers() -> dict[tuple[str, str], table.Answer]:
    jobs = [(c, t) for c in table.CASES for t in table.TOOLS if c.args[t] is not None]
    return {(case.row, tool): table.run(case, tool) for case, tool in jobs}


def _cells(answers: dict[tuple[str, str], table.Answer]) -> list[tuple[table.Case, dict[str, str]]]:
    rows = []
    for case in table.CASES:
        cells = {
            tool: table.verdict(case, tool, answers[case.row, tool])
            for tool in table.TOOLS
            if (case.row, tool) in answers
        }
        rows.append((case, cells))
    return rows


def test_the_docs_table_is_what_the_tools_answer(answers):
    doc = table.PAGE.read_text(encoding="utf-8")
    fresh = table.render_table(_cells(answers))
    assert read_section(doc, table.SECTION) == fresh, (
        "docs/robustness.md is stale: run python tests/robustness/verdict_table.py"
    )


def test_every_bad_input_exits_2_from_every_tool(answers):
    for (row, tool), answer in answers.items():
        case = next(c for c in table.CASES if c.row == row)
        cell = table.verdict(case, tool, answer)
        bad = any(f"`{kind}" in cell for kind in table.KINDS) or "usage of" in cell
        assert bad == (answer.status == 2), (row, tool, answer.output)
    assert sum(a.status == 2 for a in answers.values()) >= len(answers) - 4  # not a vacuous test


def test_every_message_names_its_file(answers):
    cells = [cell for _, row in _cells(answers) for cell in row.values()]
    assert not [cell for cell in cells if "not named" in cell]


@pytest.mark.parametrize("case", FILE_CASES, ids=[c.named for c in FILE_CASES])
def test_the_lint_and_the_migration_say_it_in_the_same_words(answers, case):
    said = []
    for tool in ("et-log-lint", "et-log-migrate"):
        output = answers[case.row, tool].output.splitlines()
        said.append([line for line in output if line.startswith(f"{case.named}")])
    assert said[0] == said[1]
    if answers[case.row, "et-log-lint"].status:
        assert said[0], answers[case.row, "et-log-lint"].output  # a verdict, not silence


def test_the_report_says_not_text_in_the_lints_words(answers):
    binary = next(case for case in table.CASES if case.named == "pic.py")
    lint = answers[binary.row, "et-log-lint"].output
    report = answers[binary.row, "et-log-report"].output
    lint_words = next(line for line in lint.splitlines() if "not UTF-8" in line)
    assert lint_words.split(": error: ", 1)[1] in report


def test_the_cell_says_when_a_message_does_not_name_its_file():
    case = table.CASES[0]
    unnamed = table.Answer(2, "error: not UTF-8 text: byte 0x89 at offset 0\n")
    assert table.verdict(case, "et-log-lint", unnamed) == (
        "`not UTF-8 text` (the file is not named), exit 2"
    )
    assert table.verdict(case, "et-log-lint", table.Answer(0, "Found 0 findings\n")) == (
        "clean, exit 0"
    )
