"""`migrate --vendor`: the runtime vendored first, every migrated module's Buck target depending on
it, and as a patch series the runtime's patch first (on the sample tree and its BUCK files)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codemods.migrate import main
from codemods.vendor.buck import package_of, package_targets
from codemods.write.worker import imports_module

MODULE = "executorch.logs"
LABEL = "//executorch/logs:lib"
FOLDERS = ("exir", "backends")
# What the sample tree's BUCK files leave for a person (each named in the run's output).
UNLISTED = ("exir/capture/capture.py", "exir/program/program.py", "exir/_serialize/inspector.py")


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): (
            p.readlink().as_posix().encode() if p.is_symlink() else p.read_bytes()
        )
        for p in sorted(root.rglob("*"))
        if (p.is_file() or p.is_symlink())
        and ".git" not in p.parts
        and "__pycache__" not in p.parts
    }


def _migrate(
    root: Path, folders: tuple[str, ...] = FOLDERS, *extra: str
) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "codemods.migrate", "--vendor", "-q", *folders, *extra]
    return subprocess.run(command, cwd=root, capture_output=True, text=True)


def _runtime_users(root: Path, folders: tuple[str, ...]) -> list[Path]:
    return [
        p
        for folder in folders
        for p in sorted((root / folder).rglob("*.py"))
        if imports_module(p.read_bytes().decode("latin-1"), MODULE)
    ]


def _unhandled(root: Path, folders: tuple[str, ...], output: str) -> list[str]:
    """Modules importing the runtime whose targets do not all list it; each must be named in
    the run's output (a failure otherwise)."""
    unhandled = []
    for module in _runtime_users(root, folders):
        rel = module.relative_to(root).as_posix()
        package = package_of(module, root)
        inside = "" if package is None else module.relative_to(package).as_posix()
        listing = [] if package is None else [
            t for t in package_targets(package) if t.srcs.lists(inside)
        ]  # fmt: skip
        if listing and all(LABEL in (t.call.deps or ()) for t in listing):
            continue
        unhandled.append(rel)
        assert f"{rel}: " in output or f"{rel}):" in output, f"{rel}: not reported"
    return unhandled


def test_every_migrated_module_s_target_depends_on_the_runtime(sample_copy: Path) -> None:
    (sample_copy / ".git").mkdir()  # the project root
    done = _migrate(sample_copy)
    assert done.returncode == 0, done.stderr
    assert "created: logs/state.py" in done.stderr
    assert "updated: exir/emit/BUCK (deps: //executorch/logs:lib)" in done.stderr
    assert len(_runtime_users(sample_copy, FOLDERS)) >= 20
    assert set(UNLISTED) <= set(_unhandled(sample_copy, FOLDERS, done.stderr))
    # a migrated module its package lists only in computed srcs (ARM_SRCS) is reported
    assert "backends/arm/ethosu/backend.py: the srcs of arm_vela cannot be read" in done.stderr
    assert (
        "backends/arm/BUCK: target tosa_backend (srcs: backends/arm/tosa/backend.py): its deps "
        "is not a list"
    ) in done.stderr
    again = _migrate(sample_copy)
    assert "updated:" not in again.stderr and "created:" not in again.stderr


UPSTREAM = os.environ.get("ET_LOG_EXECUTORCH_SRC")
UPSTREAM_ENTRIES = ("pyproject.toml", "setup.py", "pytest.ini", ".buckconfig", "src")


@pytest.mark.e2e
@pytest.mark.skipif(not UPSTREAM, reason="set ET_LOG_EXECUTORCH_SRC to an ExecuTorch checkout")
def test_on_executorch_main_every_migrated_module_s_target_depends_on_the_runtime(
    tmp_path: Path,
) -> None:
    assert UPSTREAM is not None
    root = tmp_path / "executorch"
    folders = ("exir", "backends", "extension", "devtools")
    for name in (*folders, *UPSTREAM_ENTRIES):
        source = Path(UPSTREAM) / name
        if source.is_dir():
            shutil.copytree(source, root / name, symlinks=True)
        else:
            shutil.copy2(source, root / name)
    (root / ".git").mkdir()
    done = _migrate(root, folders)
    assert done.returncode == 0, done.stderr[-3000:]
    users = _runtime_users(root, folders)
    unhandled = _unhandled(root, folders, done.stderr)
    assert len(users) > 150 and len(unhandled) < len(users) // 5, (len(users), unhandled)
    assert "updated: exir/BUCK (deps: //executorch/logs:lib)" in done.stderr
    assert (root / "src" / "executorch" / "logs").is_symlink()
    assert '"executorch.logs",' in (root / "setup.py").read_text(encoding="utf-8")


def test_check_lists_the_buck_edits_and_writes_nothing(sample_copy: Path) -> None:
    (sample_copy / ".git").mkdir()
    before = _tree(sample_copy)
    done = _migrate(sample_copy, FOLDERS, "--check")
    assert done.returncode == 1
    assert "would update: exir/emit/BUCK (deps: //executorch/logs:lib)" in done.stderr
    assert "would be created: logs/state.py" in done.stderr
    assert _tree(sample_copy) == before


def _series(out: Path) -> list[str]:
    return (out / "series").read_text().split()


def _message(patch: bytes) -> str:
    return patch.split(b"\ndiff --git")[0].decode()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_patch_series_starts_with_the_runtime_ends_with_the_hook_and_gives_the_written_tree(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    (sample_copy / "src" / "executorch").mkdir(parents=True)
    (sample_copy / "src" / "executorch" / "exir").symlink_to("../../exir")
    reference = tmp_path / "reference" / "executorch"
    shutil.copytree(sample_copy, reference, symlinks=True)
    monkeypatch.chdir(reference)
    assert main(["--vendor", *FOLDERS, "-q", "-j", "1"]) == 0
    written = _tree(reference)
    assert written["src/executorch/logs"] == b"../../logs"
    pristine = _tree(sample_copy)
    out = tmp_path / "series"
    monkeypatch.chdir(sample_copy)
    assert main(["--vendor", *FOLDERS, "-q", "-j", "1", "--patches", str(out)]) == 0
    assert _tree(sample_copy) == pristine
    names = _series(out)
    assert names[0].startswith("01-logging-runtime/") and "-torch-logs-hook/" in names[-1]
    assert len({name.split("/")[0] for name in names}) > 3  # one pull request per owner and kind
    runtime = b"".join((out / n).read_bytes() for n in names if n.startswith("01-"))
    assert b"\ndiff --git a/logs/BUCK b/logs/BUCK\nnew file mode 100644\n" in runtime
    assert b"new file mode 120000" in runtime
    assert b"logs_hook.py" not in runtime and b"entry-points" not in runtime
    # the runtime registers no artifact: the row lands with the recipe that logs to it
    assert b"+ARTIFACTS: dict[str, tuple[str, str]] = {}\n" in runtime
    [graph] = [n for n in names if "xnnpack-logging/" in n and "graph" in n]
    row = (out / graph).read_bytes()
    assert (
        b"diff --git a/logs/names.py b/logs/names.py" in row and b'+    "xnnpack_graph": (' in row
    )
    assert b"- logs/names.py\n" in row  # listed among the commit's files
    hook = (out / names[-1]).read_bytes()
    sections = set(re.findall(rb"^diff --git a/(\S+) ", hook, re.M))
    assert sections == {b"logs_hook.py", b"src/executorch/logs_hook.py", b"pyproject.toml"}
    pyproject = hook.split(b"diff --git a/pyproject.toml")[1].split(b"\ndiff --git")[0]
    added = re.findall(rb"^\+(?!\+\+)(.*)$", pyproject, re.M)
    assert [line for line in added if line] == [
        b'[project.entry-points."torch.backends"]',
        b'executorch_logging = "executorch.logs_hook:register"',
    ]
    every = b"".join((out / name).read_bytes() for name in names)
    assert not re.findall(rb"^\+.*et-log", every, re.M)  # no tool header or table added
    subprocess.run(["git", "init", "-q"], cwd=sample_copy, check=True)
    for name in names:  # in the landing order the series file gives
        done = subprocess.run(
            ["git", "apply", "--whitespace=nowarn", str(out / name)],
            cwd=sample_copy,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, f"{name}: {done.stderr}"
    assert _tree(sample_copy) == written


def test_lint_skips_the_vendored_package_and_still_reports_review_sites(
    sample_copy: Path,
) -> None:
    (sample_copy / ".git").mkdir()
    assert _migrate(sample_copy).returncode == 0
    emitter = (sample_copy / "exir" / "emit" / "emitter.py").read_text(encoding="utf-8")
    assert f"from {MODULE} import get_logger" in emitter
    lint = [sys.executable, "-m", "lint_rules", "."]
    findings = subprocess.run(lint, cwd=sample_copy, capture_output=True, text=True).stdout
    assert "logs/" not in findings and "ETL0" in findings


def test_a_vendored_series_names_the_switch_its_tree_has(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """Until the hook's pull request lands `TORCH_LOGS=+xnnpack` fails inside `import torch`:
    no message before the hook's names a short name in TORCH_LOGS; they name `set_logs`."""
    out = tmp_path / "series"
    monkeypatch.chdir(sample_copy)
    assert main(["--vendor", *FOLDERS, "-q", "-j", "1", "--patches", str(out)]) == 0
    names = _series(out)
    texts = [_message((out / n).read_bytes()) for n in names if "-torch-logs-hook/" not in n]
    assert any("set_logs(" in text for text in texts)
    short = re.compile(r"TORCH_LOGS=[\"']?[+-]?[a-z_]+(?![\w.])")
    assert not [m.group() for text in texts for m in short.finditer(text)]
    assert "TORCH_LOGS" in _message((out / names[-1]).read_bytes())
