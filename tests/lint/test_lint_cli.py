"""The CLI end to end: exit codes, formats parsed back, statistics, file errors, @pathsfile."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from lint_rules.cli import main
from lint_rules.rules import ALL_RULES

LIB = "import logging\n\n\ndef f(x):\n    logging.info('x=%s', x)\n"
TEXT_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<code>ETL00[1-7]) \S")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'target'\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()  # the project root: the git work tree's top
    pkg = tmp_path / "backends" / "xnnpack"
    pkg.mkdir(parents=True)
    (pkg / "partition.py").write_text(LIB, encoding="utf-8")
    (tmp_path / "exir").mkdir()
    (tmp_path / "exir" / "clean.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "exir" / "warn.py").write_text(
        "import warnings\n\n\ndef g():\n    warnings.warn('odd')\n", encoding="utf-8"
    )
    return tmp_path


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_exit_codes_clean_findings_usage(tree: Path, capsys) -> None:
    assert run(capsys, str(tree / "exir" / "clean.py"))[0] == 0
    code, out, err = run(capsys, str(tree))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2 and all(TEXT_LINE.match(line) for line in lines)
    first = TEXT_LINE.match(lines[0])
    assert first and first["code"] == "ETL002" and first["line"] == "5" and first["col"] == "5"
    assert "Found 2 findings" in err
    assert run(capsys, "--select", "ETL999", str(tree))[0] == 2
    assert run(capsys, "--format", "xml", str(tree))[0] == 2
    assert run(capsys, "--update-baseline", str(tree))[0] == 2
    assert run(capsys, "--select", "ETL004", str(tree))[1].count("ETL004") == 1
    assert run(capsys, "--ignore", "ETL002,ETL004", str(tree))[0] == 0
    assert run(capsys, "--exit-zero", str(tree))[0] == 0


@pytest.mark.parametrize("typo", ["--statistic", "--exit-zer", "--cach", "--sel=ETL002"])
def test_an_abbreviated_option_is_refused(tree: Path, capsys, typo: str) -> None:
    code, out, err = run(capsys, typo, str(tree))
    assert code == 2 and out == "", out
    assert f"unrecognized arguments: {typo}" in err, err


def test_a_missing_path_is_called_missing_and_nothing_is_linted(tree: Path, capsys) -> None:
    missing = tree / "no" / "such" / "dir"
    code, out, err = run(capsys, str(tree), str(missing))
    assert code == 2 and out == "", out
    assert f"et-log-lint: error: no such file or folder: {missing}" in err, err
    assert "could not be linted" not in err and "Found" not in err, err


def test_unparsable_and_undecodable_files_are_reported_and_linting_goes_on(
    tree: Path, capsys
) -> None:
    bad = tree / "exir" / "broken.py"
    bad.write_text("import logging\n\ndef f(:\n    logging.info('x')\n", encoding="utf-8")
    latin = tree / "exir" / "latin.py"
    latin.write_bytes(b"import logging\nlogging.info('caf\xe9')\n")
    before = (bad.read_bytes(), latin.read_bytes())
    code, out, err = run(capsys, str(tree))
    assert code == 2
    assert "exir/broken.py:3: error: not Python: invalid syntax" in err
    assert "exir/latin.py:2: error: not UTF-8 text: byte 0xe9 at offset 32" in err
    assert out.count("ETL00") == 2  # the other files were still linted
    assert (bad.read_bytes(), latin.read_bytes()) == before
    code, out, _ = run(capsys, "--format", "lintrunner", str(tree))
    errors = [json.loads(line) for line in out.splitlines() if '"unlintable-file"' in line]
    # lintrunner reads problems from the messages; a non-zero exit would mean "linter crashed".
    assert code == 0 and {e["path"] for e in errors} == {"exir/broken.py", "exir/latin.py"}


def test_json_format(tree: Path, capsys) -> None:
    code, out, _ = run(capsys, "--format", "json", str(tree))
    doc = json.loads(out)
    assert code == 1 and doc["errors"] == []
    by_code = {f["code"]: f for f in doc["findings"]}
    assert set(by_code) == {"ETL002", "ETL004"}
    etl002 = by_code["ETL002"]
    assert etl002["component"] == "xnnpack" and by_code["ETL004"]["component"] == "executorch"
    assert etl002["source"] == "logging.info('x=%s', x)"
    assert (etl002["line"], etl002["col"], etl002["end_line"], etl002["end_col"]) == (5, 5, 5, 28)
    assert etl002["fixable"] is True and etl002["reason"] == ""


def test_sarif_format(tree: Path, capsys) -> None:
    _, out, _ = run(capsys, "--format", "sarif", str(tree))
    doc = json.loads(out)
    assert doc["version"] == "2.1.0" and "$schema" in doc
    (run_,) = doc["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [rule.code for rule in ALL_RULES]
    assert len(run_["results"]) == 2
    for result in run_["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]
        assert not location["artifactLocation"]["uri"].startswith("/")
        region = location["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert result["level"] in {"note", "warning", "error"}
    assert run_["invocations"][0]["executionSuccessful"] is True


def test_lintrunner_format(tree: Path, capsys) -> None:
    code, out, _ = run(capsys, "--format", "lintrunner", str(tree))
    messages = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(messages) == 2
    fields = {"path", "line", "char", "code", "severity", "name", "original", "replacement"}
    for message in messages:
        assert fields | {"description"} == set(message)
        assert message["code"] == "ETLOG" and message["severity"] == "warning"
        assert message["name"].startswith("ETL00")
        assert (tree / message["path"]).is_file()  # relative to the project root


def test_github_format(tree: Path, capsys) -> None:
    _, out, _ = run(capsys, "--format", "github", str(tree))
    pattern = re.compile(
        r"^::warning file=(?P<file>[^,]+),line=(?P<line>\d+),col=\d+,endLine=\d+,"
        r"endColumn=\d+,title=(?P<code>ETL00\d)::(?P=code) .+$"
    )
    lines = out.splitlines()
    assert len(lines) == 2 and all(pattern.match(line) for line in lines)


def test_statistics_per_code_and_component(tree: Path, capsys) -> None:
    code, out, _ = run(capsys, "--statistics", str(tree))
    assert code == 1
    assert re.search(r"^ETL002\s+1\s+1\s+root-logger-call$", out, re.M)

    def row(component: str, code: str) -> str:  # one finding of `code`, zeros elsewhere
        cells = r"\s+".join("1" if rule.code == code else "0" for rule in ALL_RULES)
        return rf"^{component}\s+{cells}\s+1$"

    assert re.search(row("xnnpack", "ETL002"), out, re.M)
    assert re.search(row("executorch", "ETL004"), out, re.M)


def test_paths_file_argument(tree: Path, capsys) -> None:
    listing = tree / "paths.txt"
    listing.write_text(f"{tree / 'exir' / 'warn.py'}\n{tree / 'exir' / 'clean.py'}\n")
    code, out, _ = run(capsys, f"@{listing}")
    assert code == 1 and out.count("ETL004") == 1 and "ETL002" not in out


def test_module_entry_point_stays_stdlib_only(tree: Path) -> None:
    probe = (
        "import sys\nfrom lint_rules.cli import main\n"
        f"code = main([{str(tree)!r}, '--jobs', '2'])\n"
        "heavy = [m for m in ('libcst', 'torch') if m in sys.modules]\n"
        "sys.exit(10 + code if heavy else code)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "lint_rules", str(tree / "backends")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "ETL002" in done.stdout


def test_forked_workers_give_the_same_findings(tmp_path: Path, capsys) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 't'\n", encoding="utf-8")
    for i in range(30):
        (tmp_path / f"m{i:02}.py").write_text(LIB * (1 + i % 3), encoding="utf-8")
    one = run(capsys, "--jobs", "1", "--format", "json", str(tmp_path))
    three = run(capsys, "--jobs", "3", "--format", "json", str(tmp_path))
    assert one[0] == three[0] == 1
    assert json.loads(one[1]) == json.loads(three[1])
    assert len(json.loads(one[1])["findings"]) == 60


def test_each_format_the_cli_offers_has_a_writer() -> None:
    """The names live in format_names (the parser reads them without importing the writers);
    each but text (the CLI's own) is one that formats.render writes."""
    from lint_rules import cli, format_names, formats
    from lint_rules.config import Config

    assert cli.FORMATS is format_names.FORMATS and cli.FORMATS[0] == "text"
    for name in cli.FORMATS[1:]:
        formats.render(name, [], [], Config())  # raises ValueError for a name it lacks
    with pytest.raises(ValueError, match="unknown format"):
        formats.render("yaml", [], [], Config())


def test_config_flag(tree: Path, capsys) -> None:
    assert run(capsys, "--config", str(tree / "missing.toml"), str(tree))[0] == 2
    custom = tree / "lint.toml"
    custom.write_text("[tool.et-log]\nignore = ['ETL002']\n", encoding="utf-8")
    code, out, _ = run(capsys, "--config", str(custom), str(tree))
    assert code == 1 and "ETL002" not in out and "ETL004" in out


def test_forked_map_shares_keeps_every_result_and_redoes_a_failed_share() -> None:
    import os
    import time

    from lint_rules.forks import forked_map

    paths = [f"p{i}" for i in range(20)]
    parent = os.getpid()

    def slow(part: Iterable[str]) -> list[tuple[str, bool]]:
        out = []
        for path in part:  # slow enough that the workers take batches too
            time.sleep(0.02)
            out.append((path, os.getpid() != parent))
        return out

    seen = forked_map(slow, paths, jobs=3)
    assert sorted(p for p, _ in seen) == sorted(paths) and any(forked for _, forked in seen)

    def flaky(part: Iterable[str]) -> list[str]:
        taken = [path for path, _ in slow(part)]
        if os.getpid() != parent:
            raise RuntimeError("a worker fails after taking its batches")
        return taken

    assert sorted(forked_map(flaky, paths, jobs=3)) == sorted(paths)  # its batches redone here


def test_a_call_naming_only_files_reads_as_argparse_would_without_it(tree: Path) -> None:
    """pre-commit's call (file names only) skips building the parser: the options are the
    parser's own defaults, and argparse is not even imported."""
    from types import SimpleNamespace

    from lint_rules.cli import build_parser, parse_command_line

    for argv in ([], ["exir/a.py", "backends"]):
        parsed = build_parser().parse_args(argv, namespace=SimpleNamespace())
        assert parse_command_line(argv) == parsed
    probe = (
        "import sys\nfrom lint_rules.cli import main\n"
        f"code = main([{str(tree / 'exir')!r}])\n"
        "sys.exit(10 + code if 'argparse' in sys.modules else code)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
