"""Files deleted or edited by someone else while a migration runs: reported, never lost."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from test_robustness_corpus import GOOD, GOOD_MIGRATED

from codemods import migrate as migrate_cli
from codemods.write import worker as _worker

USER_EDIT = "# the user's unsaved work, saved mid-run\nVALUE = 42\n"


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "executorch" / "exir"
    root.mkdir(parents=True)
    for name in ("a.py", "b.py", "c.py", "d.py", "e.py"):
        (root / name).write_text(GOOD)
    return root


def _run_with(monkeypatch, root: Path, when: str, action) -> int:
    """Run the migration in-process; `action` fires while `when` is being migrated (after it
    was read, before it is written)."""
    real = _worker.migrate_source

    def hooked(text, path, config, **kwargs):
        result = real(text, path, config, **kwargs)
        if Path(path).name == when:
            action()
        return result

    monkeypatch.setattr(_worker, "migrate_source", hooked)
    return migrate_cli.main([str(root), "--jobs", "1", "--quiet"])


def test_a_file_deleted_before_its_turn_is_reported(monkeypatch, tmp_path, capsys) -> None:
    root = _tree(tmp_path)
    code = _run_with(monkeypatch, root, "a.py", (root / "d.py").unlink)
    err = capsys.readouterr().err
    assert code == 2 and "d.py: error: cannot read: No such file" in err  # as the lint says
    assert not (root / "d.py").exists()
    for name in ("a.py", "b.py", "c.py", "e.py"):
        assert (root / name).read_text() == GOOD_MIGRATED


def test_a_file_deleted_while_migrated_is_not_resurrected(monkeypatch, tmp_path, capsys) -> None:
    root = _tree(tmp_path)
    code = _run_with(monkeypatch, root, "c.py", (root / "c.py").unlink)
    err = capsys.readouterr().err
    assert code == 1 and "c.py" in err
    assert not (root / "c.py").exists()
    assert sorted(p.name for p in root.iterdir()) == ["a.py", "b.py", "d.py", "e.py"]
    assert (root / "e.py").read_text() == GOOD_MIGRATED


@pytest.mark.parametrize("edit", [USER_EDIT, GOOD + "\nEXTRA = 1\n"], ids=["other", "appended"])
def test_a_file_edited_while_migrated_keeps_the_edit(monkeypatch, tmp_path, capsys, edit) -> None:
    root = _tree(tmp_path)
    code = _run_with(monkeypatch, root, "c.py", lambda: (root / "c.py").write_text(edit))
    err = capsys.readouterr().err
    assert (root / "c.py").read_text() == edit, "the user's edit was overwritten"
    assert code == 1 and "c.py" in err
    for name in ("a.py", "b.py", "d.py", "e.py"):
        assert (root / name).read_text() == GOOD_MIGRATED
    assert sorted(p.name for p in root.iterdir()) == ["a.py", "b.py", "c.py", "d.py", "e.py"]


def test_a_file_edited_before_its_turn_is_migrated_as_edited(monkeypatch, tmp_path) -> None:
    root = _tree(tmp_path)
    edited = GOOD + "\n\ndef g():\n    logging.error('late')\n"
    code = _run_with(monkeypatch, root, "a.py", lambda: (root / "e.py").write_text(edited))
    assert code == 0
    assert (root / "e.py").read_text() == GOOD_MIGRATED + "\n\ndef g():\n    log.error('late')\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_crash_on_one_file_does_not_stop_the_run(monkeypatch, tmp_path, capsys, jobs) -> None:
    """Any unexpected exception in the codemod is that file's error, not the run's end."""
    root = _tree(tmp_path)
    for i in range(40):  # enough files for the process pool
        (root / f"z{i:02}.py").write_text(GOOD)
    real = _worker.migrate_source

    def buggy(text, path, config, **kwargs):
        if Path(path).name == "b.py":
            raise KeyError("a bug in a transform")
        return real(text, path, config, **kwargs)

    monkeypatch.setattr(_worker, "migrate_source", buggy)
    code = migrate_cli.main([str(root), "--jobs", jobs, "--quiet"])
    err = capsys.readouterr().err
    assert code == 1 and "b.py" in err and "internal error" in err
    assert (root / "b.py").read_text() == GOOD
    others = [p for p in root.iterdir() if p.name != "b.py"]
    assert len(others) == 44 and all(p.read_text() == GOOD_MIGRATED for p in others)


def test_a_full_disk_leaves_the_file_whole_and_no_temp(monkeypatch, tmp_path, capsys) -> None:
    root = _tree(tmp_path)
    real_fsync = os.fsync
    calls = []

    def failing_fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 3:  # the third file written: the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", failing_fsync)
    code = migrate_cli.main([str(root), "--jobs", "1", "--quiet"])
    err = capsys.readouterr().err
    assert code == 1 and "c.py" in err and "No space left" in err
    assert (root / "c.py").read_text() == GOOD
    assert sorted(p.name for p in root.iterdir()) == ["a.py", "b.py", "c.py", "d.py", "e.py"]
    for name in ("a.py", "b.py", "d.py", "e.py"):
        assert (root / name).read_text() == GOOD_MIGRATED
