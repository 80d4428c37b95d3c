"""A tree that is not ExecuTorch's is refused: exit 2, the reason, nothing written; unless
``--component`` names the component (an out-of-tree backend)."""

from __future__ import annotations

import shutil
from pathlib import Path

import fsspec

from codemods.migrate import main


def _project(root: Path) -> Path:
    """A checkout of a popular package that logs (fsspec), as a user would point the tool at."""
    shutil.copytree(Path(fsspec.__file__).parent, root / "fsspec")
    (root / "pyproject.toml").write_text('[project]\nname = "fsspec"\nversion = "1"\n')
    (root / ".git").mkdir()
    return root


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*.py")}


def test_a_package_that_is_not_executorch_is_refused_and_nothing_is_written(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    root = _project(tmp_path / "project")
    before = _tree(root)
    monkeypatch.chdir(root)
    assert main(["fsspec", "-q"]) == 2
    said = capsys.readouterr()
    error = said.out + said.err
    assert "not ExecuTorch's code (no exir/ folder" in error and "--component NAME" in error
    assert _tree(root) == before


def test_naming_the_component_migrates_an_out_of_tree_package(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    root = _project(tmp_path / "project")
    before = _tree(root)
    monkeypatch.chdir(root)
    assert main(["fsspec", "-q", "--component", "xnnpack"]) == 0
    assert _tree(root) != before  # its module loggers now come from get_logger
