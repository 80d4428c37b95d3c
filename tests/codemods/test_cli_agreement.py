"""The lint and the migration as one tool: one `--select`/`--ignore` validation, one config
rule, one wording for a file they cannot read; and what the migration refuses to overwrite."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest
from codemod_support import ASSERTING_TESTS

from codemods.migrate import main as migrate
from codemods.recipes import RECIPES
from codemods.write.fileio import SourceFileError, write_atomic
from lint_rules.cli import main as lint
from lint_rules.verdicts import NOT_A_PYTHON_FILE

ROOT = Path(__file__).resolve().parents[2]
SITE = b'import logging\n\n\ndef f():\n    logging.info("hi")\n'


def _tree(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def _snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(root)): (p.read_bytes(), p.stat().st_mode)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _migrate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = migrate(list(args))
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _lint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = lint(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _error_line(err: str) -> str:
    """The `error:` line of a CLI's stderr, without the program's name."""
    (line,) = [x for x in err.splitlines() if ": error: " in x]
    return line.split(": error: ", 1)[1]


@pytest.mark.parametrize("flag", ["--select", "--ignore"])
def test_an_unknown_code_stops_both_clis_with_one_message(tmp_path, capsys, flag):
    root = _tree(tmp_path, {"exir/a.py": SITE, "exir/backend/utils.py": SITE})
    before = _snapshot(root)
    lint_code, _, lint_err = _lint(capsys, str(root / "exir"), flag, "ETL999")
    code, out, err = _migrate(capsys, str(root / "exir"), flag, "ETL999", "-j", "1")
    assert (code, lint_code) == (2, 2)
    assert _error_line(err) == _error_line(lint_err)
    assert "unknown code 'ETL999' (ETL001-ETL009)" in err
    assert _snapshot(root) == before and out == ""


def test_both_clis_run_under_the_config_found_from_the_current_directory(
    tmp_path, capsys, monkeypatch
):
    # The repository ignores ETL002; a vendored subfolder has a [tool.et-log] table of its own.
    root = _tree(
        tmp_path,
        {
            "pyproject.toml": b'[tool.et-log]\nignore = ["ETL002"]\n',
            "lib/pyproject.toml": b'[project]\nname = "lib"\n\n[tool.et-log]\n',
            "lib/m.py": SITE,
        },
    )
    monkeypatch.chdir(root)
    code, out, _ = _lint(capsys, "lib")
    assert code == 0 and out == ""  # the repository's config: ETL002 is ignored
    before = _snapshot(root)
    code, _, _ = _migrate(capsys, "lib", "-q", "-j", "1")
    assert code == 0 and _snapshot(root) == before  # the same config: nothing to migrate
    code, _, _ = _migrate(capsys, "lib", "-q", "-j", "1", "--config", "lib/pyproject.toml")
    assert code == 0 and (root / "lib/m.py").read_bytes() != SITE  # --config picks the other


def test_a_read_only_file_is_refused_even_for_root(tmp_path, capsys):
    root = _tree(tmp_path, {"exir/ro.py": SITE, "exir/rw.py": SITE})
    (root / "exir/ro.py").chmod(0o444)
    code, _, err = _migrate(capsys, str(root / "exir"), "-q", "-j", "1")
    assert code == 1
    assert f"{root / 'exir' / 'ro.py'}: error: read-only file (mode 0444)" in err
    assert (root / "exir/ro.py").read_bytes() == SITE
    assert stat.S_IMODE((root / "exir/ro.py").stat().st_mode) == 0o444
    assert (root / "exir/rw.py").read_bytes() != SITE  # the others are migrated


def test_a_named_file_that_is_not_python_gets_one_verdict_from_both(tmp_path, capsys):
    root = _tree(tmp_path, {"notes.txt": SITE, "pic.png": b"\x89PNG\r\n", "exir/a.py": SITE})
    before = _snapshot(root)
    named = [str(root / "exir/a.py"), str(root / "notes.txt"), str(root / "pic.png")]
    code, _, err = _migrate(capsys, *named, "-q")
    lint_code, lint_out, lint_err = _lint(capsys, *named)
    expected = [f"{root / name}: error: {NOT_A_PYTHON_FILE}" for name in ("notes.txt", "pic.png")]
    assert (code, lint_code) == (2, 2)
    assert [line for line in err.splitlines() if line.startswith(str(root))] == expected
    assert [line for line in lint_err.splitlines() if line.startswith(str(root))] == expected
    assert "ETL002" in lint_out  # the lint still lints the Python file named with them
    assert _snapshot(root) == before  # the migration refused before any file is touched


def test_a_python_script_without_an_extension_is_python_to_both(tmp_path, capsys):
    root = _tree(tmp_path, {".git/HEAD": b"", "exir/run": b"#!/usr/bin/env python3\n" + SITE})
    code, out, _ = _lint(capsys, str(root / "exir/run"))
    assert code == 1 and "exir/run:6:5: ETL002" in out  # pre-commit's types: [python] passes it
    assert _migrate(capsys, str(root / "exir/run"), "-q")[0] == 0
    assert b"logger.info" in (root / "exir/run").read_bytes()


def test_binary_bytes_named_py_are_not_text_to_both_with_or_without_a_site(tmp_path, capsys):
    noise = bytes(range(128, 256)) * 3  # no site spelling: the prefilter rules it out
    root = _tree(tmp_path, {".git/HEAD": b"", "exir/noise.py": noise})
    lint_code, _, lint_err = _lint(capsys, str(root / "exir"))
    code, _, err = _migrate(capsys, str(root / "exir"), "-q")
    expected = "exir/noise.py:1: error: not UTF-8 text: byte 0x80 at offset 0"
    assert (lint_code, code) == (2, 2) and expected in lint_err and f"{root}/{expected}" in err


def test_an_option_taking_a_file_refuses_a_folder(tmp_path, capsys, monkeypatch):
    root = _tree(tmp_path, {".git/HEAD": b"", "exir/a.py": SITE})
    monkeypatch.chdir(root)
    code, out, err = _migrate(capsys, "--report", "exir")  # the PATH left out
    assert (
        code == 2 and "et-log-migrate: error: argument --report: exir: a folder, not a file" in err
    )
    assert err.startswith("usage: et-log-migrate")
    lint_code, _, lint_err = _lint(capsys, "exir/a.py", "--baseline", "exir")
    assert lint_code == 2 and "argument --baseline: exir: a folder, not a file" in lint_err
    assert (root / "exir/a.py").read_bytes() == SITE


def test_an_output_that_cannot_be_written_is_named(tmp_path, capsys, monkeypatch):
    root = _tree(tmp_path, {".git/HEAD": b"", "exir/a.py": SITE})
    monkeypatch.chdir(root)
    code, _, err = _migrate(capsys, "exir", "-q", "--report", "missing/r.md")
    assert code == 2 and "argument --report: missing/r.md: cannot write: no folder missing" in err
    assert (root / "exir/a.py").read_bytes() == SITE  # refused before the run
    lint_code, _, lint_err = _lint(
        capsys, "exir", "--baseline", "missing/b.json", "--generate-baseline"
    )
    assert lint_code == 2
    assert "et-log-lint: error: missing/b.json: cannot write: No such file or directory" in lint_err
    assert "internal error" not in lint_err


def test_the_include_globs_can_name_other_files(tmp_path, capsys):
    root = _tree(
        tmp_path,
        {"pyproject.toml": b'[tool.et-log]\ninclude = ["*.py", "*.py.in"]\n', "gen.py.in": SITE},
    )
    code, _, _ = _migrate(capsys, str(root / "gen.py.in"), "-q", "--config", str(root))
    assert code == 0 and (root / "gen.py.in").read_bytes() != SITE


def test_a_decode_error_reads_the_same_in_both_with_its_line(tmp_path, capsys):
    bad = b'import logging\nlogging.info("x")\nx = "\xff"\n'
    root = _tree(tmp_path, {".git/HEAD": b"", "exir/bad.py": bad})
    report = tmp_path / "report.md"
    _, _, lint_err = _lint(capsys, str(root / "exir"))
    code, _, err = _migrate(capsys, str(root / "exir"), "-q", "--report", str(report))
    expected = "exir/bad.py:3: error: not UTF-8 text: byte 0xff at offset 38"
    assert expected in lint_err
    assert f"{root}/{expected}" in err and code == 2
    assert ":0:" not in err and f"`{root}/exir/bad.py:3`" in report.read_text()
    assert (root / "exir/bad.py").read_bytes() == bad


def test_a_write_error_names_the_file_not_the_temp_file(tmp_path):
    target = tmp_path / "a_folder.py"
    target.mkdir()  # os.replace onto a folder fails after the temp file is written
    with pytest.raises(SourceFileError) as caught:
        write_atomic(str(target), b"x = 1\n")
    assert ".et-log-" not in str(caught.value) and str(caught.value).startswith("cannot write:")
    assert os.listdir(tmp_path) == ["a_folder.py"]  # the temp file is gone


def test_counts_are_in_the_right_number(tmp_path, capsys):
    root = _tree(tmp_path, {".git/HEAD": b"", "exir/a.py": SITE})
    _, _, err = _lint(capsys, str(root / "exir"))
    assert "Found 1 finding (1 fixable with et-log-migrate, 0 for review) in 1 file; " in err
    assert "0 files could not be linted" in err
    _, out, _ = _migrate(capsys, str(root / "exir"), "--check", "-j", "1")
    assert "1 file scanned, 1 would change, 0 failed" in out


def test_generate_baseline_says_one_thing(tmp_path, capsys):
    root = _tree(tmp_path, {".git/HEAD": b"", "exir/a.py": SITE, "exir/b.py": SITE})
    baseline = root / "baseline.json"
    code, _, err = _lint(
        capsys, str(root / "exir"), "--baseline", str(baseline), "--generate-baseline"
    )
    assert code == 0 and "recorded 2 findings of the 2 files linted" in err
    assert "Found" not in err


def test_recipes_are_not_reported_missing_on_any_tree_with_an_exir_folder(tmp_path, capsys):
    root = _tree(tmp_path, {"exir/a.py": SITE})
    report = tmp_path / "report.json"
    argv = [str(root / "exir"), "-j", "1", "--recipes", "all", "--report", str(report)]
    code, out, _ = _migrate(capsys, *argv)
    assert code == 0 and "not found" not in out
    assert '"status": "not found"' in report.read_text()  # asked for (--report): said there


def test_the_docs_name_every_registered_recipe():
    doc = (ROOT / "docs" / "codemod.md").read_text(encoding="utf-8")
    section = doc.split("\n## ExecuTorch recipes\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([\w-]+)` \| `([^`]+)` \|", section, re.M)
    assert rows == [(r.name, r.path) for r in RECIPES]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for artifact in ("partition_report", "xnnpack_graph", "WhyNoPartition"):
        assert artifact in readme


LIBRARY = b"""\
import logging
import warnings


def configure(u55):
    if u55:
        warnings.warn("preserve_io_quantization=True is redundant on this target")


def partition(op):
    print("Op not supported by the partitioner:", op)


def fold(graph):
    logging.warning("constant_prop_pass does not constant propagate in control flow")
"""
TESTS = b"""\
import pytest

from executorch.exir import lib


""" + ASSERTING_TESTS.encode()


def test_lint_and_migrate_agree_on_sites_a_test_asserts_on(tmp_path, capsys):
    """Finding.fixable: the codemod rewrites exactly the fixable findings, also when a test of
    the run asserts on a site's output (the migration keeps those for review); a warning is
    never rewritten (ETL004 is for review)."""
    root = _tree(
        tmp_path,
        {
            "pyproject.toml": b"[tool.et-log]\n",
            "exir/lib.py": LIBRARY,
            "exir/test/test_lib.py": TESTS,
        },
    )
    _, out, _ = _lint(capsys, str(root / "exir"), "--format", "json")
    by_code = {f["code"]: f for f in json.loads(out)["findings"]}
    assert by_code["ETL004"]["fixable"] is False and by_code["ETL008"]["fixable"] is False
    assert (
        "asserted by exir/test/test_lib.py:11 test_prints through stdout"
        in (by_code["ETL008"]["reason"])
    )
    assert by_code["ETL002"]["fixable"] is True  # no test looks for it
    code, _, err = _lint(capsys, str(root / "exir"))
    assert "(1 fixable with et-log-migrate, 2 for review)" in err

    assert _migrate(capsys, str(root / "exir"), "-q", "-j", "1")[0] == 0
    _, out, err = _lint(capsys, str(root / "exir"), "--format", "json")
    left = json.loads(out)["findings"]
    assert sorted(f["code"] for f in left) == ["ETL004", "ETL008"]
    assert not any(f["fixable"] for f in left)  # after the migration: nothing fixable is left


def test_workers_that_index_their_share_of_tests_judge_as_one_process(tmp_path, capsys):
    """With workers, each indexes the test files of its share beside its lint (when its share
    needs the cross-reference); the verdicts and the named tests are those of one process."""
    files = {"pyproject.toml": b"[tool.et-log]\n", "exir/test/test_lib.py": TESTS}
    for i in range(6):  # shares with and without sites a test may concern
        files[f"exir/lib{i}.py"] = LIBRARY if i % 2 else SITE
        files[f"exir/test/test_more{i}.py"] = TESTS.replace(b"def test_", f"def test_{i}_".encode())
    root = _tree(tmp_path, files)
    outputs = []
    for jobs in ("1", "2", "3"):
        _, out, _ = _lint(capsys, str(root / "exir"), "--format", "json", "--jobs", jobs)
        outputs.append(json.loads(out)["findings"])
    assert outputs[0] == outputs[1] == outputs[2]
    reasons = {f["reason"] for f in outputs[0] if f["code"] == "ETL008"}
    assert reasons == {
        "asserted by exir/test/test_lib.py:11 test_prints through stdout; the rewrite would log "
        "it instead: update the test (assertLogs/caplog) or keep the site: review"
    }


def test_with_cache_the_tests_are_parsed_once_and_judge_the_same(tmp_path, capsys, monkeypatch):
    """`--cache` keeps each test file's capturing tests beside the results: a second run reads
    no test file's tree again, and a test that changes is read anew."""
    from lint_rules import capturing_tests

    root = _tree(
        tmp_path,
        {
            "pyproject.toml": b"[tool.et-log]\n",
            "exir/lib.py": LIBRARY,
            "exir/test/test_lib.py": TESTS,
        },
    )
    parsed: list[str] = []
    real = capturing_tests.index_tests
    monkeypatch.setattr(capturing_tests, "index_tests", lambda p, d: parsed.append(p) or real(p, d))
    runs = []
    for _ in range(2):
        _, out, _ = _lint(capsys, str(root / "exir"), "--format", "json", "--cache")
        runs.append(json.loads(out)["findings"])
    assert runs[0] == runs[1] and parsed == ["exir/test/test_lib.py"]
    etl008 = next(f for f in runs[1] if f["code"] == "ETL008")
    assert etl008["fixable"] is False and "asserted by exir/test/test_lib.py:11" in etl008["reason"]
    (root / "exir/test/test_lib.py").write_bytes(
        TESTS.replace(b"Op not supported by the partitioner", b"another text")
    )
    _, out, _ = _lint(capsys, str(root / "exir"), "--format", "json", "--cache")
    assert len(parsed) == 2  # changed: read again, and it no longer asserts on the output
    assert next(f for f in json.loads(out)["findings"] if f["code"] == "ETL008")["fixable"]


def test_the_lint_alone_on_a_library_file_does_not_read_the_tests(tmp_path, capsys):
    """The cross-reference covers the run's files: linting one file judges it alone, as
    migrating that one file does (the migration would rewrite it)."""
    root = _tree(
        tmp_path,
        {
            "pyproject.toml": b"[tool.et-log]\n",
            "exir/lib.py": LIBRARY,
            "exir/test/test_lib.py": TESTS,
        },
    )
    _, _, err = _lint(capsys, str(root / "exir" / "lib.py"))
    assert "(2 fixable with et-log-migrate, 1 for review)" in err  # the warning: review
    assert _migrate(capsys, str(root / "exir" / "lib.py"), "-q")[0] == 0
    assert b"print(" not in (root / "exir" / "lib.py").read_bytes()  # no test saw it here
    assert b"warnings.warn(" in (root / "exir" / "lib.py").read_bytes()


def test_each_channel_is_a_fixable_kinds_and_one_a_test_can_capture():
    from lint_rules.capturing_tests import CAPTURES, CHANNELS
    from lint_rules.rules import ALL_RULES

    with_channel = [rule for rule in ALL_RULES if rule.channel]
    assert {rule.code: rule.channel for rule in with_channel} == CHANNELS
    assert {"ETL003", "ETL008"} <= set(CHANNELS)
    assert all(rule.fixable and rule.channel in CAPTURES for rule in with_channel)


def test_the_lint_parses_only_the_test_files_that_may_capture_output(tmp_path, capsys, monkeypatch):
    """A lint finding is kept for a test only through captured output (a site whose rewrite
    logs what it logged stays fixable): a test file that captures only logs is not parsed, and
    the verdicts are those of the migration, which reads every test file."""
    from lint_rules import capturing_tests

    logs_test = b"def test_fold(caplog):\n    assert 'constant_prop_pass does not' in caplog.text\n"
    root = _tree(
        tmp_path,
        {
            "pyproject.toml": b"[tool.et-log]\n",
            "exir/lib.py": LIBRARY,
            "exir/test/test_lib.py": TESTS,
            "exir/test/test_logs.py": logs_test,
        },
    )
    parsed: list[str] = []
    real = capturing_tests.index_tests
    monkeypatch.setattr(capturing_tests, "index_tests", lambda p, d: parsed.append(p) or real(p, d))
    _, out, _ = _lint(capsys, str(root / "exir"), "--format", "json", "--jobs", "1")
    assert parsed == ["exir/test/test_lib.py"]
    fixable = {f["code"]: f["fixable"] for f in json.loads(out)["findings"]}
    assert fixable == {"ETL002": True, "ETL004": False, "ETL008": False}
    assert _migrate(capsys, str(root / "exir"), "-q", "-j", "1")[0] == 0
    assert "exir/test/test_logs.py" in parsed  # the migration reads it: the logs test still sees
    _, out, _ = _lint(capsys, str(root / "exir"), "--format", "json")
    assert sorted(f["code"] for f in json.loads(out)["findings"]) == ["ETL004", "ETL008"]
