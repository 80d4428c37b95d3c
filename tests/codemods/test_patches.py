"""`--patches DIR`: one patch per component, core first; applied in order with `git apply` they give
exactly the tree a writing run gives, each applies alone, and the tree itself is not touched."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from codemods.migrate import main
from codemods.report.patches import landing_order
from codemods.write.worker import byte_diff, unified_diff

FOLDERS = ("exir", "backends")


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".git" not in p.parts
    }


def _git_apply(root: Path, patch: Path) -> None:
    done = subprocess.run(
        ["git", "apply", "--whitespace=nowarn", str(patch)],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"{patch.name}: {done.stderr}"


@pytest.fixture()
def migrated(sample_copy: Path, tmp_path: Path, monkeypatch) -> dict[str, bytes]:
    """The sample tree as a writing run leaves it."""
    reference = tmp_path / "reference" / "executorch"
    shutil.copytree(sample_copy, reference)
    monkeypatch.chdir(reference)
    assert main([*FOLDERS, "-q", "-j", "1"]) == 0
    return _tree(reference)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_patch_series_applies_to_the_migrated_tree(
    sample_copy: Path, migrated: dict[str, bytes], tmp_path: Path, monkeypatch
) -> None:
    pristine = _tree(sample_copy)
    out = tmp_path / "series"
    monkeypatch.chdir(sample_copy)
    assert main([*FOLDERS, "-q", "-j", "1", "--patches", str(out)]) == 0
    assert _tree(sample_copy) == pristine  # nothing written to the tree
    names = (out / "series").read_text().split()
    components = [name.split("-", 1)[1].removesuffix(".patch") for name in names]
    assert components[0] == "executorch" and components == landing_order(components)
    assert len(components) >= 4 and sorted(p.name for p in out.glob("*.patch")) == sorted(names)
    for name in names:
        _git_apply(sample_copy, out / name)
    assert _tree(sample_copy) == migrated
    first = (out / names[0]).read_bytes()
    assert first.startswith(b"executorch: log through the unified logger")
    assert b"TORCH_LOGS=executorch" in first and b"\ndiff --git a/exir/" in first


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_each_backend_patch_applies_alone(
    sample_copy: Path, migrated: dict[str, bytes], tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "series"
    monkeypatch.chdir(sample_copy)
    assert main([*FOLDERS, "-q", "-j", "1", "--patches", str(out)]) == 0
    last = (out / "series").read_text().split()[-1]
    pristine = _tree(sample_copy)
    _git_apply(sample_copy, out / last)
    changed = {k for k, v in _tree(sample_copy).items() if pristine[k] != v}
    component = last.split("-", 1)[1].removesuffix(".patch")
    assert changed and all(f"backends/{component}/" in f"/{k}" for k in changed)
    assert all(_tree(sample_copy)[k] == migrated[k] for k in changed)


def test_rerun_replaces_the_series(sample_copy: Path, tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "series"
    out.mkdir()
    (out / "0099-gone.patch").write_text("stale")
    monkeypatch.chdir(sample_copy)
    assert main(["exir", "-q", "-j", "1", "--patches", str(out)]) == 0
    assert (out / "series").read_text().split() == ["0001-executorch.patch"]
    assert not (out / "0099-gone.patch").exists()


def test_diff_marks_a_last_line_without_newline() -> None:
    diff = unified_diff("a = 1\nprint('x')", "a = 1\nlogger.info('x')", "m.py")
    assert diff.endswith("+logger.info('x')\n\\ No newline at end of file\n")
    assert "-print('x')\n\\ No newline at end of file\n" in diff


def test_patch_sections_are_the_files_bytes() -> None:
    old = "# -*- coding: latin-1 -*-\r\nauthor = 'Andr\xe9'\r\nprint('x')".encode("latin-1")
    new = old.replace(b"print('x')", b"logger.info('x')")
    patch = byte_diff(old, new, "exir/capture.py")
    assert patch.startswith(b"diff --git a/exir/capture.py b/exir/capture.py\n--- a/exir/")
    assert b" author = 'Andr\xe9'\r\n" in patch  # latin-1 byte and CRLF as on disk
    assert patch.endswith(b"+logger.info('x')\n\\ No newline at end of file\n")


COUNTS = re.compile(r"(\d+) files? changed, (\d+) sites? rewritten, (\d+) left for review\.")


def test_each_message_counts_what_the_report_counts(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """The commit messages take their figures and items from the report's records: a review
    item in a file the patch does not touch counts too (Arm's kept warning on ExecuTorch main)."""
    (sample_copy / "backends/arm/_passes/warns_only.py").write_text(
        "class LoweringWarning(UserWarning):\n    pass\n\n\n"
        "def check(node):\n    raise LoweringWarning(f'{node} cannot be lowered')\n"
    )
    out, report = tmp_path / "series", tmp_path / "report.json"
    monkeypatch.chdir(sample_copy)
    argv = [*FOLDERS, "-q", "-j", "1", "--patches", str(out), "--report", str(report)]
    assert main(argv) == 0
    components = json.loads(report.read_text())["components"]
    review = json.loads(report.read_text())["review"]
    assert any(r["path"] == "backends/arm/_passes/warns_only.py" for r in review)
    for name in (out / "series").read_text().split():
        text = (out / name).read_text(encoding="utf-8", errors="replace")
        message = text[: text.index("\ndiff --git")]
        component = name.split("-", 1)[1].removesuffix(".patch")
        row = components[component]
        found = COUNTS.search(message)
        assert found, message
        expected = (
            row["files_changed"],
            sum(row["rewritten"].values()),
            sum(row["review"].values()),
        )
        assert tuple(map(int, found.groups())) == expected, (name, message)
        listed = message.split("Left for review:\n")[-1] if "Left for review:" in message else ""
        items = [line for line in listed.splitlines() if re.match(r"- \S+:\d+ ETL\d{3}:", line)]
        assert len(items) == expected[2], (name, items)
    arm = (out / "series").read_text().split()[1]
    assert "warns_only.py:6 ETL007" in (out / arm).read_text(encoding="utf-8", errors="replace")


def test_the_series_is_in_landing_order_and_backends_require_the_core(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "series"
    monkeypatch.chdir(sample_copy)
    assert main([*FOLDERS, "-q", "-j", "1", "--patches", str(out)]) == 0
    names = (out / "series").read_text().split()
    assert names[0] == "0001-executorch.patch" and names == sorted(names)
    assert landing_order(["xnnpack", "arm", "executorch"]) == ["executorch", "arm", "xnnpack"]
    assert landing_order(["arm", "vulkan"]) == ["arm", "vulkan"]  # no core: by name
    core = (out / names[0]).read_text(encoding="utf-8", errors="replace")
    assert "Requires" not in core.split("\ndiff --git")[0]
    for name in names[1:]:
        message = (
            (out / name).read_text(encoding="utf-8", errors="replace").split("\ndiff --git")[0]
        )
        assert "Requires 0001-executorch.patch: land it first" in message, name
