"""The driver: modes, report, exit codes, bad files, symlinks, progress, idempotence."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from codemod_support import PYTHON, REPO

from codemods.migrate import main

SITE = b'import logging\n\n\ndef f():\n    logging.info("hi")\n'


def _tree(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_check_reports_work_and_writes_nothing(tmp_path, capsys):
    root = _tree(tmp_path, {"exir/a.py": SITE, "exir/b.py": b"x = 1\n"})
    before = _snapshot(root)
    assert main([str(root / "exir"), "--check", "-j", "1"]) == 1
    assert _snapshot(root) == before
    assert f"would migrate: {root / 'exir' / 'a.py'}" in capsys.readouterr().out


def test_check_on_clean_tree_exits_0(tmp_path):
    root = _tree(tmp_path, {"exir/b.py": b"x = 1\n"})
    assert main([str(root / "exir"), "--check", "-q"]) == 0


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path, capsys):
    root = _tree(tmp_path, {"exir/a.py": SITE})
    before = _snapshot(root)
    assert main([str(root / "exir"), "--diff", "-j", "1"]) == 0
    out = capsys.readouterr().out
    assert _snapshot(root) == before
    assert "--- a/" in out and "+++ b/" in out
    assert '-    logging.info("hi")\n+    logger.info("hi")\n' in out


def test_write_then_second_run_changes_nothing(tmp_path):
    root = _tree(tmp_path, {"exir/a.py": SITE})
    assert main([str(root / "exir"), "-q"]) == 0
    after = _snapshot(root)
    assert after["exir/a.py"] != SITE
    assert main([str(root / "exir"), "-q", "--check"]) == 0
    assert main([str(root / "exir"), "-q"]) == 0
    assert _snapshot(root) == after


def test_unparsable_file_is_reported_left_alone_and_run_goes_on(tmp_path, capsys):
    broken = b"import logging\n\ndef f(:\n    logging.info('x')\n"
    root = _tree(tmp_path, {"exir/broken.py": broken, "exir/good.py": SITE})
    assert main([str(root / "exir"), "-j", "1"]) == 2  # not Python: the lint's status too
    assert (root / "exir/broken.py").read_bytes() == broken
    assert (root / "exir/good.py").read_bytes() != SITE
    err = capsys.readouterr().err
    assert f"{root / 'exir' / 'broken.py'}:3: error: not Python: invalid syntax" in err


def test_undecodable_file_is_reported(tmp_path, capsys):
    data = b"import logging\nlogging.info('\xff')\n"
    root = _tree(tmp_path, {"exir/bad.py": data})
    assert main([str(root / "exir"), "-q"]) == 2  # not text: the lint's status too
    assert (root / "exir/bad.py").read_bytes() == data
    assert "bad.py:2: error: not UTF-8 text: byte 0xff at offset 29" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--report", "out.txt", "."],
        ["does-not-exist"],
        ["--jobs", "0", "."],
        ["--bogus", "."],
        [],
        ["--dif", "."],  # an abbreviation of --diff is a typo, not --diff
        ["--chec", "."],
        ["--no-recipe", "."],
    ],
)
def test_usage_errors_exit_2(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2


def test_symlink_out_of_the_roots_is_not_followed(tmp_path, capsys):
    outside = _tree(tmp_path / "outside", {"victim.py": SITE})
    root = _tree(tmp_path / "repo", {"exir/a.py": SITE})
    os.symlink(outside / "victim.py", root / "exir" / "link.py")
    assert main([str(root / "exir"), "-j", "1"]) == 0
    assert (outside / "victim.py").read_bytes() == SITE
    assert (root / "exir/link.py").is_symlink()
    assert "link.py: skipped: symlink leads outside" in capsys.readouterr().err


def test_reports_md_and_json(tmp_path):
    root = _tree(
        tmp_path,
        {
            "exir/a.py": SITE,
            "backends/xnnpack/p.py": (
                b'import logging\n\nlog = logging.getLogger("tosa")\n'
                b"logging.getLogger(__name__).setLevel(logging.DEBUG)\n"
            ),
        },
    )
    md, js = tmp_path / "r.md", tmp_path / "r.json"
    paths = [str(root / "exir"), str(root / "backends")]
    assert main([*paths, "--diff", "-q", "--report", str(md)]) == 0
    assert main([*paths, "-q", "--report", str(js)]) == 0
    data = json.loads(js.read_text())
    assert data["totals"]["files_changed"] == 2
    assert data["codes"]["ETL002"] == {"rewritten": 1, "review": 0}
    assert data["components"]["xnnpack"]["review"] == {"ETL001": 1, "ETL006": 1}
    assert data["components"]["xnnpack"]["rewritten"] == {"ETL001": 1}
    review = {(r["code"], r["line"]) for r in data["review"]}
    assert review == {("ETL001", 3), ("ETL006", 4)}
    assert all(r["component"] == "xnnpack" and r["reason"] for r in data["review"])
    text = md.read_text()
    assert "| xnnpack | 1 | 1 | 2 | 0 |" in text
    assert "p.py:3` ETL001 (xnnpack): foreign logger name 'tosa': review" in text
    assert "| ETL002 | 1 | 0 |" in text


def test_plain_progress_and_summary_without_a_tty(tmp_path):
    root = _tree(tmp_path, {f"exir/m{i}.py": SITE for i in range(40)})
    proc = subprocess.run(
        [PYTHON, "-m", "codemods.migrate", str(root / "exir"), "--jobs", "2"],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "\r" not in proc.stderr
    assert "migrate: 40/40 files\n" in proc.stderr
    assert "40 files scanned, 40 changed, 0 failed" in proc.stdout
    assert all(b"logger.info" in p.read_bytes() for p in (root / "exir").iterdir())


def test_console_script_is_declared_and_runs(tmp_path):
    text = (REPO / "pyproject.toml").read_text()
    assert 'et-log-migrate = "codemods.migrate:main"' in text
    script = Path(PYTHON).parent / "et-log-migrate"
    root = _tree(tmp_path, {"exir/a.py": SITE})
    proc = subprocess.run(
        [str(script), str(root / "exir"), "--check"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 1, proc.stderr
    assert "would migrate:" in proc.stdout


def test_check_and_diff_say_would_change(tmp_path, capsys):
    root = _tree(tmp_path, {"exir/a.py": SITE})
    report = tmp_path / "r.md"
    assert main([str(root / "exir"), "--check", "--report", str(report)]) == 1
    out = capsys.readouterr().out
    assert "1 file scanned, 1 would change, 0 failed" in out and " changed," not in out
    assert "1 would change" in report.read_text()
    assert (root / "exir/a.py").read_bytes() == SITE
