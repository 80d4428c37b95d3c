"""The bad-input corpus, built here in tmp_path: every case is reported by name or migrated
correctly, the run goes on over the other files, and nothing is truncated or lost."""

from __future__ import annotations

import os
import random
import stat
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = (
    "import logging\n\nlog = logging.getLogger(__name__)\n\n\n"
    "def f(x):\n    logging.info('value %s', x)\n"
)
GOOD_MIGRATED = (
    "from et_log_runtime import get_logger\n\nlog = get_logger(__name__)\n\n\n"
    "def f(x):\n    log.info('value %s', x)\n"
)
SITE = "logging.info('x')"

# name -> bytes that the codemod must refuse (report by name) and leave byte-identical
BROKEN: dict[str, bytes] = {
    "syntax_error.py": b"import logging\n\n\ndef f(:\n    logging.info('x')\n",
    "python2_print.py": b"import sys\nprint >>sys.stderr, 'x'\nprint 'hello'\n",
    "nul_bytes.py": b"import logging\nlogging.info('x')\x00\n",
    "binary.py": bytes(random.Random(6).randrange(256) for _ in range(4000))
    + b"\nlogging.getLogger()\n",
    "invalid_utf8.py": b"import logging\nlogging.info('\xff\xfe bad')\n",
    "bad_cookie.py": b"# -*- coding: no-such-codec -*-\nimport logging\nlogging.info('x')\n",
    "unterminated.py": b"import logging\nlogging.info('''never closed)\n",
}
# name -> (bytes, expected bytes after migration)
MIGRATED: dict[str, tuple[bytes, bytes]] = {
    "good.py": (GOOD.encode(), GOOD_MIGRATED.encode()),
    "latin1_cookie.py": (
        ("# -*- coding: latin-1 -*-\n" + GOOD.replace("'value", "'café")).encode("latin-1"),
        ("# -*- coding: latin-1 -*-\n" + GOOD_MIGRATED.replace("'value", "'café")).encode(
            "latin-1"
        ),
    ),
    "cp1252_cookie.py": (
        ("# coding: cp1252\n" + GOOD.replace("'value", "'€ value")).encode("cp1252"),
        ("# coding: cp1252\n" + GOOD_MIGRATED.replace("'value", "'€ value")).encode("cp1252"),
    ),
    "bom.py": (b"\xef\xbb\xbf" + GOOD.encode(), b"\xef\xbb\xbf" + GOOD_MIGRATED.encode()),
    "crlf.py": (GOOD.replace("\n", "\r\n").encode(), GOOD_MIGRATED.replace("\n", "\r\n").encode()),
    "tabs.py": (GOOD.replace("    ", "\t").encode(), GOOD_MIGRATED.replace("    ", "\t").encode()),
    "form_feed.py": (
        GOOD.replace("\n\n\ndef", "\n\n\x0c\ndef").encode(),
        GOOD_MIGRATED.replace("\n\n\ndef", "\n\n\x0c\ndef").encode(),
    ),
}
# name -> bytes without any fixable site: no error, byte-identical
UNTOUCHED: dict[str, bytes] = {
    "empty.py": b"",
    "only_comment.py": b"# logging.getLogger() in a comment only\n",
    "deprecation_only.py": b"import warnings\nwarnings.warn('old', DeprecationWarning)\n",
}


def _mixed_endings() -> tuple[bytes, bytes]:
    src = b"import logging\r\nx = 1\n\r\ny = 2\r\n\n\ndef f():\n    logging.info('x')\r\n"
    return src, src  # expected form is checked line by line in the test


def _write_corpus(root: Path) -> None:
    for name, data in {**BROKEN, **UNTOUCHED}.items():
        (root / name).write_bytes(data)
    for name, (data, _) in MIGRATED.items():
        (root / name).write_bytes(data)
    (root / "mixed_endings.py").write_bytes(_mixed_endings()[0])


def run(tool: str, *args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", tool, *map(str, args)]
    return subprocess.run(
        command, capture_output=True, text=True, errors="replace", timeout=120, cwd=cwd
    )


@pytest.fixture(scope="module")
def corpus_run(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    root = tmp_path_factory.mktemp("corpus") / "executorch" / "exir"
    root.mkdir(parents=True)
    _write_corpus(root)
    return root, run("codemods.migrate", root, "--jobs", "1")


def test_the_run_fails_and_names_every_broken_file(corpus_run) -> None:
    root, proc = corpus_run
    assert proc.returncode == 2, proc.stderr  # files not text or not Python: the lint's status
    for name in BROKEN:
        lines = [line for line in proc.stderr.splitlines() if name in line]
        assert lines, f"{name} not reported:\n{proc.stderr}"
        assert "error" in lines[0]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_stays_byte_identical(corpus_run, name: str) -> None:
    root, _ = corpus_run
    assert (root / name).read_bytes() == BROKEN[name]


@pytest.mark.parametrize("name", sorted(UNTOUCHED))
def test_a_file_without_sites_stays_byte_identical(corpus_run, name: str) -> None:
    root, proc = corpus_run
    assert (root / name).read_bytes() == UNTOUCHED[name]
    assert name not in proc.stderr


@pytest.mark.parametrize("name", sorted(MIGRATED))
def test_good_files_are_migrated_keeping_encoding_and_endings(corpus_run, name: str) -> None:
    root, proc = corpus_run
    assert (root / name).read_bytes() == MIGRATED[name][1], proc.stderr


def test_mixed_line_endings_are_kept_line_by_line(corpus_run) -> None:
    root, _ = corpus_run
    after = (root / "mixed_endings.py").read_bytes()
    assert b"x = 1\n\r\ny = 2\r\n\n\ndef f():\n" in after
    assert after.endswith(b"    logger.info('x')\r\n")
    compile(after, "mixed_endings.py", "exec")


def test_no_temporary_file_is_left(corpus_run) -> None:
    root, _ = corpus_run
    assert sorted(p.name for p in root.iterdir() if not p.name.endswith(".py")) == []


def test_the_lint_reports_broken_files_and_still_lints_the_rest(tmp_path) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    _write_corpus(root)
    before = {p.name: p.read_bytes() for p in root.iterdir()}
    proc = run("lint_rules", root)
    assert proc.returncode == 2, proc.stderr
    for name in BROKEN:
        assert f"{name}" in proc.stderr, f"{name} not reported:\n{proc.stderr}"
    for name in MIGRATED:
        assert f"{name}:" in proc.stdout, f"no finding in {name}:\n{proc.stdout}"
    assert {p.name: p.read_bytes() for p in root.iterdir()} == before


def test_a_five_megabyte_file_is_migrated_without_losing_a_byte(tmp_path) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    padding = "".join(f"value_{i} = {i}  # padding line {i}\n" for i in range(120_000))
    assert len(padding) > 5_000_000
    source = GOOD + padding + "\n\ndef g():\n    logging.warning('end')\n"
    (root / "big.py").write_text(source)
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    after = (root / "big.py").read_text()
    expected = GOOD_MIGRATED + padding + "\n\ndef g():\n    log.warning('end')\n"
    assert after == expected


@pytest.mark.parametrize(
    "nested",
    [
        "x = " + "(" * 150 + "1" + ")" * 150,  # close to the parser's limit of 200
        "x = " + "[" * 90 + "]" * 90,
        "x = " + " + ".join(["1"] * 3000),  # a very deep left-leaning BinOp tree
        "x = " + "(" * 250 + "1" + ")" * 250,  # beyond the parser's limit: a syntax error
        "logging.info('%s', " + " + ".join(["1"] * 900) + ")",  # deep inside a site
        "logging.info('%s', " + "len(" * 150 + "1" + ")" * 150 + ")",
    ],
    ids=["parens150", "lists90", "binop3000", "parens250", "site_binop900", "site_calls150"],
)
def test_deeply_nested_expressions_are_migrated_or_refused_cleanly(tmp_path, nested) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    deep = ("import logging\n\n" + nested + "\n\n\ndef f():\n    logging.info('x')\n").encode()
    (root / "deep.py").write_bytes(deep)
    (root / "good.py").write_bytes(GOOD.encode())
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert (root / "good.py").read_bytes() == GOOD_MIGRATED.encode(), proc.stderr
    after = (root / "deep.py").read_bytes()
    if proc.returncode == 0:
        assert after.replace(b"logger.info", b"logging.info") != deep
        assert nested.startswith("logging") or nested.encode() in after
        compile(after, "deep.py", "exec")
    else:
        beyond_the_parser = "deep.py:3: error: not Python" in proc.stderr or (
            "deep.py: error: cannot parse" in proc.stderr
        )  # else refused by the rewrite, a file that failed
        assert proc.returncode == (2 if beyond_the_parser else 1), proc.stderr
        assert after == deep
    assert "Traceback" not in proc.stderr


def test_a_read_only_file_keeps_its_mode(tmp_path) -> None:
    """Root may write anything, so test what matters: the mode survives the atomic replace and
    the content is exactly the migration."""
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    target = root / "readonly.py"
    target.write_text(GOOD)
    target.chmod(0o444)
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert stat.S_IMODE(target.stat().st_mode) == 0o444
    if proc.returncode == 0:
        assert target.read_text() == GOOD_MIGRATED
    else:
        assert "readonly.py" in proc.stderr and target.read_text() == GOOD


def test_a_folder_named_like_a_module_is_walked_not_read(tmp_path) -> None:
    root = tmp_path / "executorch" / "exir"
    (root / "x.py").mkdir(parents=True)
    (root / "x.py" / "inner.py").write_text(GOOD)
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert (root / "x.py" / "inner.py").read_text() == GOOD_MIGRATED
    proc = run("codemods.migrate", root / "x.py", "--jobs", "1")
    assert proc.returncode == 0, proc.stderr


def test_symlink_loops_are_reported_and_the_rest_migrated(tmp_path) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    os.symlink("self_loop.py", root / "self_loop.py")
    os.symlink("b_loop.py", root / "a_loop.py")
    os.symlink("a_loop.py", root / "b_loop.py")
    os.symlink("..", root / "up")  # a folder loop: must not be walked forever
    (root / "good.py").write_text(GOOD)
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert proc.returncode == 2, proc.stderr  # files that cannot be read: as the lint
    for name in ("self_loop.py", "a_loop.py", "b_loop.py"):
        assert name in proc.stderr
        assert os.path.islink(root / name)
    assert (root / "good.py").read_text() == GOOD_MIGRATED
    lint = run("lint_rules", root)
    assert lint.returncode == 2 and "self_loop.py" in lint.stderr


def test_symlinks_out_of_the_root_are_never_followed(tmp_path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.py").write_text(GOOD)
    (outside / "pkg").mkdir()
    (outside / "pkg" / "deep_victim.py").write_text(GOOD)
    root = tmp_path / "tree" / "executorch" / "exir"
    root.mkdir(parents=True)
    os.symlink(outside / "victim.py", root / "link.py")
    os.symlink(outside / "pkg", root / "linked_pkg")
    (root / "good.py").write_text(GOOD)
    os.symlink("good.py", root / "alias.py")  # inside the root: migrated once, stays a link
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert "link.py" in proc.stderr
    assert (outside / "victim.py").read_text() == GOOD
    assert (outside / "pkg" / "deep_victim.py").read_text() == GOOD
    assert os.path.islink(root / "link.py") and os.path.islink(root / "alias.py")
    assert (root / "good.py").read_text() == GOOD_MIGRATED
    again = run("codemods.migrate", root.parent, "--jobs", "1")  # from a parent root as well
    assert again.returncode == 0, again.stderr
    assert (outside / "victim.py").read_text() == GOOD


def test_a_fifo_named_like_a_module_is_reported_not_waited_on(tmp_path) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    os.mkfifo(root / "pipe.py")  # opening it for reading would block until a writer comes
    (root / "good.py").write_text(GOOD)
    lint = run("lint_rules", root)
    assert lint.returncode == 2 and "pipe.py" in lint.stderr
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert proc.returncode == 2 and "pipe.py: error: cannot read: not a regular" in proc.stderr
    assert (root / "good.py").read_text() == GOOD_MIGRATED
    assert stat.S_ISFIFO(os.lstat(root / "pipe.py").st_mode)


@pytest.mark.parametrize("mode", ["--diff", "--check"])
def test_diff_and_check_write_nothing_even_on_the_corpus(tmp_path, mode) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    _write_corpus(root)
    before = {p.name: p.read_bytes() for p in root.iterdir()}
    proc = run("codemods.migrate", root, mode, "--jobs", "1")
    assert proc.returncode == 2, proc.stderr
    assert {p.name: p.read_bytes() for p in root.iterdir()} == before
    for name in BROKEN:
        assert name in proc.stderr
    if mode == "--diff":
        assert "+from et_log_runtime import get_logger" in proc.stdout


@pytest.mark.skipif(os.getuid() != 0, reason="only root can give files to another user")
def test_a_file_of_another_user_keeps_its_owner(tmp_path) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    target = root / "theirs.py"
    target.write_text(GOOD)
    os.chown(target, 4321, 4322)
    target.chmod(0o640)
    proc = run("codemods.migrate", root, "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert target.read_text() == GOOD_MIGRATED
    info = target.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (4321, 4322, 0o640)


def test_odd_file_names_are_linted_and_migrated(tmp_path) -> None:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    names = [b"sp ace.py", "üni.py".encode(), b"bad\xff.py", b"new\nline.py", b"-dash.py"]
    for name in names:
        with open(os.path.join(os.fsencode(root), name), "wb") as handle:
            handle.write(GOOD.encode())
    lint = run("lint_rules", root)
    assert lint.returncode == 1 and lint.stdout.count("ETL001") == len(names), lint.stderr
    proc = run("codemods.migrate", root, "--jobs", "1", "--report", tmp_path / "report.json")
    assert proc.returncode == 0, proc.stderr
    for name in names:
        with open(os.path.join(os.fsencode(root), name), "rb") as handle:
            assert handle.read() == GOOD_MIGRATED.encode(), name


def test_the_forked_lint_reports_the_same_on_a_large_corpus(tmp_path) -> None:
    """Past 200 files the lint forks workers: broken files must still be named, nothing lost."""
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    _write_corpus(root)
    os.mkfifo(root / "pipe.py")
    for i in range(220):
        (root / f"good_{i:03}.py").write_text(GOOD)
    forked = run("lint_rules", root, "--jobs", "2")
    single = run("lint_rules", root, "--jobs", "1")
    assert forked.returncode == single.returncode == 2, forked.stderr
    assert forked.stdout == single.stdout and forked.stderr == single.stderr
    for name in [*BROKEN, "pipe.py"]:
        assert name in forked.stderr
    assert forked.stdout.count("ETL001") == 220 + len(MIGRATED)
