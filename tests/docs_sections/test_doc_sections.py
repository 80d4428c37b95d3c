"""One writer of a doc's generated sections (`et_log_docs.sections`), used by the packages'
docs modules, bench/, scripts/ and tests/e2e/harness/: what it writes, and that it has no twin."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

from et_log_docs.sections import read_section, regenerate, with_section, write_section

REPO = Path(__file__).resolve().parents[2]
DOC = "# Figures\n\n<!-- bench:x -->\nold\nrows\n<!-- /bench:x -->\n\nAfter.\n"


def test_the_body_is_replaced_on_lines_of_its_own() -> None:
    assert with_section(DOC, "bench:x", "| a | 1 |") == (
        "# Figures\n\n<!-- bench:x -->\n| a | 1 |\n<!-- /bench:x -->\n\nAfter.\n"
    )
    assert read_section(DOC, "bench:x") == "old\nrows"
    assert read_section(DOC, "bench:y") is None


def test_only_the_named_section_changes() -> None:
    text = DOC + "<!-- y -->\nkeep\n<!-- /y -->\n"
    assert with_section(text, "y", "new").startswith(DOC)
    assert with_section(text, "bench:x", "new").endswith("<!-- y -->\nkeep\n<!-- /y -->\n")


def test_a_missing_section_is_an_error_naming_the_doc_or_appended_when_asked() -> None:
    with pytest.raises(ValueError, match=r"docs/x\.md: no <!-- z --> \.\.\. <!-- /z --> section"):
        with_section(DOC, "z", "body", where="docs/x.md")
    assert with_section("# T\n\n", "z", "body", append="## Z\n\n") == (
        "# T\n\n## Z\n\n<!-- z -->\nbody\n<!-- /z -->\n"
    )


def test_write_section_rewrites_the_file(tmp_path: Path) -> None:
    doc = tmp_path / "BENCH.md"
    doc.write_text(DOC, encoding="utf-8")
    write_section(doc, "bench:x", "new")
    assert read_section(doc.read_text(encoding="utf-8"), "bench:x") == "new"
    fresh = tmp_path / "NEW.md"
    write_section(fresh, "s", "body", append="")
    assert fresh.read_text(encoding="utf-8") == "\n\n<!-- s -->\nbody\n<!-- /s -->\n"
    with pytest.raises(FileNotFoundError):
        write_section(tmp_path / "absent.md", "s", "body")


def _closing_markers_in_code(path: Path) -> bool:
    """Whether `path` spells a section's closing marker in code (docstrings do not count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return any(
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and "<!-- /" in node.value
        and id(node) not in docstrings
        for node in ast.walk(tree)
    )


# Where code that writes docs lives (tests/data holds inputs, not code of ours).
CODE_FOLDERS = (
    "et_log_docs",
    "lint_rules",
    "codemods",
    "et_log_report",
    "et_log_runtime",
    "bench",
    "scripts",
)


def test_no_other_code_writes_a_section() -> None:
    tracked = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "--cached", "--others", "--exclude-standard", "*.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    ours = [
        name
        for name in tracked
        if name.startswith(CODE_FOLDERS + ("tests/",))
        and not name.startswith(("tests/data/", "tests/docs_sections/test_doc_sections.py"))
        and (REPO / name).exists()
    ]
    assert "bench/lint.py" in ours and "tests/e2e/harness/names_table.py" in ours
    writers = [name for name in ours if _closing_markers_in_code(REPO / name)]
    assert writers == ["et_log_docs/sections.py"]


def test_regenerate_checks_or_writes_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.md"
    page.write_text(DOC, encoding="utf-8")

    def render(text: str) -> str:
        return with_section(text, "bench:x", "fresh", where=str(page))

    assert regenerate(page, render, ["--check"], "python -m make") == 1
    assert f"{page} is stale: run `python -m make`" in capsys.readouterr().err
    assert page.read_text(encoding="utf-8") == DOC
    assert regenerate(page, render, [], "python -m make") == 0
    assert read_section(page.read_text(encoding="utf-8"), "bench:x") == "fresh"
    assert regenerate(page, render, ["--check"], "python -m make") == 0
    page.write_text("# no markers\n", encoding="utf-8")
    assert regenerate(page, render, [], "python -m make") == 1
    assert "no <!-- bench:x --> ... <!-- /bench:x --> section" in capsys.readouterr().err
