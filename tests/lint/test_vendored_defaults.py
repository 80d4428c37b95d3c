"""On an ExecuTorch checkout carrying `logs/` and no `[tool.et-log]` table, the lint and the
codemod find their settings from the tree: the vendored runtime's import, the package and its
hook left out, and the backend folders its names table leaves out."""

from __future__ import annotations

from pathlib import Path

from lint_rules.config import vendored_defaults

TABLE = """\
BACKENDS: tuple[str, ...] = (
    "arm",
    "xnnpack",
)
APPLE_BACKENDS: tuple[str, ...] = ("coreml", "mps")
NOT_BACKENDS = ("apple", "example", "test", "transforms")
OWN_LOGGING: tuple[str, ...] = ("mlx",)

COMPONENTS = {}
"""


def _checkout(root: Path, table: str = TABLE) -> Path:
    (root / "exir").mkdir(parents=True)
    (root / "logs").mkdir()
    backends = ("arm", "xnnpack", "mlx", "apple/coreml", "apple/mps", "apple/metal")
    for folder in backends:  # a backend folder is one holding Python code
        (root / "backends" / folder).mkdir(parents=True)
        (root / "backends" / folder / "__init__.py").touch()
    (root / "logs" / "names.py").write_text(table, encoding="utf-8")
    return root


def test_the_backends_the_table_leaves_out_are_skipped_one_per_line_or_not(tmp_path: Path) -> None:
    found = vendored_defaults(_checkout(tmp_path))
    assert found["runtime_import"] == "executorch.logs"
    excluded = set(found["extend_exclude"])  # type: ignore[call-overload]
    # the tables after the backends' name folders too (MLX, left out): none is a component
    assert {"logs/", "logs_hook.py", "backends/mlx/", "backends/apple/metal/"} <= excluded
    assert not {"backends/apple/coreml/", "backends/apple/mps/", "backends/arm/"} & excluded


def test_a_tree_without_the_runtime_or_without_exir_has_no_defaults(tmp_path: Path) -> None:
    root = _checkout(tmp_path / "no-exir")
    (root / "exir").rmdir()
    assert vendored_defaults(root) == {}
    assert vendored_defaults(tmp_path / "empty") == {}
