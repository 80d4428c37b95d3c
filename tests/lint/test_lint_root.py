"""One project root for paths, baseline keys and every format; what a subset run may say and
drop about a baseline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lint_rules.cli import main
from lint_rules.config import find_root

SITE = "import logging\n\n\ndef f():\n    logging.info('x')\n"
OTHER = "import logging\n\n\ndef g():\n    logging.warning('y')\n"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch) -> Path:
    """A git work tree laid out like ExecuTorch, with no [tool.et-log] table anywhere."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "backends" / "xnnpack").mkdir(parents=True)
    (tmp_path / "backends" / "pyproject.toml").write_text("[project]\nname = 'b'\n")
    (tmp_path / "backends" / "xnnpack" / "partition.py").write_text(SITE)
    (tmp_path / "exir" / "backend").mkdir(parents=True)
    (tmp_path / "exir" / "backend" / "backend_api.py").write_text(SITE + OTHER)
    (tmp_path / "exir" / "common.py").write_text(OTHER)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def lint(capsys, *args: str) -> tuple[int, list[str], str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def keys(path: Path) -> list[tuple[str, str, int]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return sorted((e["path"], e["code"], e["count"]) for e in doc["entries"])


def test_root_is_the_nearest_table_else_the_git_top_else_the_cwd(
    tmp_path: Path, monkeypatch
) -> None:
    (tmp_path / "outer" / "proj" / "pkg").mkdir(parents=True)
    (tmp_path / "outer" / ".git").write_text("gitdir: elsewhere\n")  # a worktree's .git file
    (tmp_path / "outer" / "proj" / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    monkeypatch.chdir(tmp_path)
    # A pyproject without [tool.et-log] does not make a root: the git top does.
    assert find_root(tmp_path / "outer" / "proj" / "pkg")[:2] == (tmp_path / "outer", None)
    (tmp_path / "outer" / "proj" / "pyproject.toml").write_text("[tool.et-log]\n")
    root, source, table = find_root(tmp_path / "outer" / "proj" / "pkg")
    assert (root, source, table) == (
        tmp_path / "outer" / "proj",
        tmp_path / "outer" / "proj" / "pyproject.toml",
        {},
    )
    (tmp_path / "lone").mkdir()
    assert find_root(tmp_path / "lone")[0] == tmp_path  # neither: the current directory


def test_keys_and_paths_do_not_depend_on_the_arguments(repo: Path, capsys, monkeypatch) -> None:
    baseline = repo / "b.json"
    assert (
        lint(capsys, "exir", "backends", "--baseline", str(baseline), "--generate-baseline")[0] == 0
    )
    assert [k[0] for k in keys(baseline)] == [
        "backends/xnnpack/partition.py",
        "exir/backend/backend_api.py",
        "exir/backend/backend_api.py",
        "exir/common.py",
    ]
    # pre-commit's batches, a subfolder as the first argument, absolute paths: all grandfathered.
    for args in (
        ["exir/backend/backend_api.py"],
        ["exir/common.py", "backends/xnnpack/partition.py"],
        ["backends"],
        [str(repo / "exir" / "backend")],
    ):
        code, out, err = lint(capsys, *args, "--baseline", str(baseline))
        assert (code, out) == (0, []), (args, err)
        assert "fixed" not in err  # entries of files not linted are not "fixed"
    # The same from a subfolder: paths, and so keys, are still relative to the root.
    monkeypatch.chdir(repo / "exir")
    code, out, _ = lint(capsys, "backend", "../backends", "--baseline", str(baseline))
    assert (code, out) == (0, [])
    (repo / "exir" / "backend" / "new.py").write_text(SITE)
    code, out, _ = lint(capsys, "backend", "--baseline", str(baseline))
    assert code == 1 and len(out) == 1 and out[0].startswith("exir/backend/new.py:5:5: ETL002")


def test_paths_are_root_relative_in_every_format(repo: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(repo / "exir")
    want = "exir/common.py"
    for path in ("common.py", str(repo / "exir" / "common.py")):
        code, out, err = lint(capsys, path)
        assert out[0].startswith(want + ":5:5: ETL002"), out
        assert f"paths relative to {repo}" in err
        doc = json.loads("\n".join(lint(capsys, path, "--format", "json")[1]))
        assert doc["findings"][0]["path"] == want
        assert lint(capsys, path, "--format", "lintrunner")[1][0].startswith(
            '{"path": "exir/common.py"'
        )
        assert f"file={want}," in lint(capsys, path, "--format", "github")[1][0]
        sarif = json.loads("\n".join(lint(capsys, path, "--format", "sarif")[1]))
        location = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {"uri": want, "uriBaseId": "%SRCROOT%"}


def test_subset_run_reports_and_drops_only_what_it_linted(repo: Path, capsys) -> None:
    baseline = repo / "b.json"
    lint(capsys, "exir", "backends", "--baseline", str(baseline), "--generate-baseline")
    (repo / "exir" / "common.py").write_text("x = 1\n")  # its site is fixed
    code, out, err = lint(capsys, "backends/xnnpack/partition.py", "--baseline", str(baseline))
    assert (code, out) == (0, []) and "fixed" not in err
    code, _, err = lint(capsys, "exir/common.py", "--baseline", str(baseline))
    assert code == 0 and "1 baseline entry is fixed" in err
    before = keys(baseline)
    code, _, err = lint(capsys, "exir/common.py", "--baseline", str(baseline), "--update-baseline")
    assert code == 0
    assert "dropped 1 fixed entry; kept 3 entries of files this run did not lint" in err
    assert keys(baseline) == [k for k in before if k[0] != "exir/common.py"]


def test_deleted_file_is_fixed_only_for_a_run_over_its_folder(repo: Path, capsys) -> None:
    baseline = repo / "b.json"
    lint(capsys, "exir", "backends", "--baseline", str(baseline), "--generate-baseline")
    (repo / "backends" / "xnnpack" / "partition.py").unlink()
    assert "fixed" not in lint(capsys, "exir", "--baseline", str(baseline))[2]
    code, _, err = lint(capsys, "exir", "backends", "--baseline", str(baseline))
    assert code == 0 and "1 baseline entry is fixed" in err
    lint(capsys, "backends", "--baseline", str(baseline), "--update-baseline")
    assert [k[0] for k in keys(baseline)] == ["exir/backend/backend_api.py"] * 2 + [
        "exir/common.py"
    ]


def test_unselected_codes_and_unparsable_files_are_kept(repo: Path, capsys) -> None:
    baseline = repo / "b.json"
    lint(capsys, "exir", "backends", "--baseline", str(baseline), "--generate-baseline")
    before = keys(baseline)
    (repo / "exir" / "common.py").write_text("import logging\ndef f(:\n    logging.info(1)\n")
    (repo / "backends" / "xnnpack" / "partition.py").write_text("x = 1\n")
    code, _, err = lint(
        capsys, "exir", "backends", "--baseline", str(baseline), "--update-baseline"
    )
    assert code == 2 and "dropped 1 fixed entry" in err  # partition.py; common.py kept
    assert keys(baseline) == [k for k in before if not k[0].startswith("backends/")]
    lint(capsys, "exir", "--select", "ETL001", "--baseline", str(baseline), "--update-baseline")
    assert len(keys(baseline)) == 3


def test_generate_on_a_subset_keeps_the_other_files(repo: Path, capsys) -> None:
    baseline = repo / "b.json"
    lint(capsys, "exir", "backends", "--baseline", str(baseline), "--generate-baseline")
    (repo / "exir" / "common.py").write_text(OTHER + OTHER.replace("g()", "h()"))
    code, _, err = lint(
        capsys, "exir/common.py", "--baseline", str(baseline), "--generate-baseline"
    )
    assert code == 0 and "kept 3 entries" in err
    assert ("exir/common.py", "ETL002", 2) in keys(baseline)
    assert len(keys(baseline)) == 4


def test_severity_flag_and_config(repo: Path, capsys) -> None:
    def levels(*extra: str) -> tuple[str, str, str, str]:
        gh = lint(capsys, "exir/common.py", "--format", "github", *extra)[1][0]
        sarif = json.loads(
            "\n".join(lint(capsys, "exir/common.py", "--format", "sarif", *extra)[1])
        )
        run = sarif["runs"][0]
        assert {r["defaultConfiguration"]["level"] for r in run["tool"]["driver"]["rules"]} == {
            run["results"][0]["level"]
        }
        lr = json.loads(lint(capsys, "exir/common.py", "--format", "lintrunner", *extra)[1][0])
        js = json.loads("\n".join(lint(capsys, "exir/common.py", "--format", "json", *extra)[1]))
        return (
            gh.split(" ")[0],
            run["results"][0]["level"],
            lr["severity"],
            js["findings"][0]["severity"],
        )

    assert levels() == ("::warning", "warning", "warning", "warning")
    assert levels("--severity", "error") == ("::error", "error", "error", "error")
    assert levels("--severity", "note") == ("::notice", "note", "advice", "note")
    (repo / "pyproject.toml").write_text("[tool.et-log]\nseverity = 'error'\n")
    assert levels() == ("::error", "error", "error", "error")
    assert levels("--severity", "warning")[0] == "::warning"
    (repo / "pyproject.toml").write_text("[tool.et-log]\nseverity = 'fatal'\n")
    code, _, err = lint(capsys, "exir/common.py")
    assert code == 2 and "severity must be one of note, warning, error" in err
