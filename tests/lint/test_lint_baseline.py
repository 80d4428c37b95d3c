"""The baseline ratchet through the CLI: line shifts, duplicates, fixed entries, new findings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lint_rules.cli import main

SITE_A = "    logging.info('loaded %s', name)\n"
SITE_B = "    logging.warning('slow path')\n"


def module(*sites: str, header: str = "") -> str:
    return header + "import logging\n\n\ndef f(name):\n" + "".join(sites)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 't'\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()  # the project root: the git work tree's top
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text(module(SITE_A, SITE_B), encoding="utf-8")
    (tmp_path / "pkg" / "b.py").write_text(module(SITE_A), encoding="utf-8")
    return tmp_path


def lint(repo: Path, capsys, *extra: str) -> tuple[int, list[str], str]:
    code = main([str(repo / "pkg"), "--baseline", str(repo / "baseline.json"), *extra])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def entries(repo: Path) -> list[dict]:
    return json.loads((repo / "baseline.json").read_text(encoding="utf-8"))["entries"]


def test_generate_then_clean(repo: Path, capsys) -> None:
    code, out, _ = lint(repo, capsys, "--generate-baseline")
    assert code == 0 and out == []
    stored = entries(repo)
    assert sorted((e["path"], e["code"], e["count"]) for e in stored) == [
        ("pkg/a.py", "ETL002", 1),
        ("pkg/a.py", "ETL002", 1),
        ("pkg/b.py", "ETL002", 1),
    ]
    assert {e["source"] for e in stored} == {
        "logging.info('loaded %s', name)",
        "logging.warning('slow path')",
    }
    assert lint(repo, capsys)[0] == 0


def test_missing_or_foreign_baseline_is_a_usage_error(repo: Path, capsys) -> None:
    code, _, err = lint(repo, capsys)
    assert code == 2 and "baseline.json" in err
    (repo / "baseline.json").write_text("[1, 2]\n", encoding="utf-8")
    assert lint(repo, capsys)[0] == 2


def test_line_shifts_do_not_break_it(repo: Path, capsys) -> None:
    lint(repo, capsys, "--generate-baseline")
    shifted = module(SITE_B, "    x = 1\n", SITE_A, header='"""Docs."""\n\n# moved\n')
    (repo / "pkg" / "a.py").write_text(shifted, encoding="utf-8")
    assert lint(repo, capsys)[0] == 0


def test_reformatted_site_still_matches(repo: Path, capsys) -> None:
    lint(repo, capsys, "--generate-baseline")
    wrapped = "    logging.info(\n        'loaded %s',\n        name\n    )\n"
    (repo / "pkg" / "b.py").write_text(module(wrapped), encoding="utf-8")
    assert lint(repo, capsys)[0] == 0


def test_duplicates_are_counted(repo: Path, capsys) -> None:
    lint(repo, capsys, "--generate-baseline")
    (repo / "pkg" / "b.py").write_text(module(SITE_A, SITE_A, SITE_A), encoding="utf-8")
    code, out, _ = lint(repo, capsys)
    assert code == 1 and len(out) == 2
    assert all(line.startswith("pkg/b.py:") for line in out)
    assert [line.split(":")[1] for line in out] == ["6", "7"]  # the first one is grandfathered


def test_new_finding_fails_and_is_the_only_one_reported(repo: Path, capsys) -> None:
    lint(repo, capsys, "--generate-baseline")
    (repo / "pkg" / "c.py").write_text(module(SITE_B), encoding="utf-8")
    code, out, _ = lint(repo, capsys)
    assert code == 1 and len(out) == 1 and "c.py:5:5: ETL002" in out[0]


def test_fixed_entries_drop_out_only_on_update(repo: Path, capsys) -> None:
    lint(repo, capsys, "--generate-baseline")
    (repo / "pkg" / "a.py").write_text(module(SITE_A), encoding="utf-8")  # SITE_B fixed
    (repo / "pkg" / "c.py").write_text(module(SITE_B), encoding="utf-8")  # a new one elsewhere
    before = entries(repo)
    code, out, err = lint(repo, capsys)
    assert code == 1 and "1 baseline entry is fixed" in err
    assert entries(repo) == before  # a plain run never writes
    code, out, err = lint(repo, capsys, "--update-baseline")
    assert code == 1 and len(out) == 1 and "c.py" in out[0]  # still new: never added
    after = entries(repo)
    assert {(e["path"], e["source"]) for e in after} == {
        ("pkg/a.py", "logging.info('loaded %s', name)"),
        ("pkg/b.py", "logging.info('loaded %s', name)"),
    }


def test_update_on_a_subset_keeps_other_files_entries(repo: Path, capsys) -> None:
    lint(repo, capsys, "--generate-baseline")
    (repo / "pkg" / "a.py").write_text(module(), encoding="utf-8")  # both fixed
    code = main(
        [
            str(repo / "pkg" / "b.py"),
            "--baseline",
            str(repo / "baseline.json"),
            "--update-baseline",
        ]
    )
    capsys.readouterr()
    assert code == 0
    assert len(entries(repo)) == 3  # a.py was not linted: its entries stay
    code = main(
        [
            str(repo / "pkg"),
            "--select",
            "ETL004",
            "--baseline",
            str(repo / "baseline.json"),
            "--update-baseline",
        ]
    )
    capsys.readouterr()
    assert code == 0 and len(entries(repo)) == 3  # ETL002 not selected: kept


def test_update_note_counts_what_was_dropped(repo: Path, capsys) -> None:
    lint(repo, capsys, "--generate-baseline")
    (repo / "pkg" / "a.py").write_text(module(SITE_A), encoding="utf-8")
    code, _, err = lint(repo, capsys, "--update-baseline")
    assert code == 0 and "dropped 1 fixed entry" in err
