"""The runtime's shape (issue 12): an acyclic import graph and one owner of "sync with torch"."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "et_log_runtime"


def _imports(path: Path) -> set[str]:
    """Runtime modules ``path`` imports, at any depth (lazy imports inside functions count)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:  # relative: `from . import x`
            found |= {alias.name for alias in node.names} if not node.module else {node.module}
        elif isinstance(node, ast.ImportFrom) and node.module == "et_log_runtime":
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("et_log_runtime."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {
                a.name.split(".")[1] for a in node.names if a.name.startswith("et_log_runtime.")
            }
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and str(arg.value).startswith("et_log_runtime."):
                found.add(str(arg.value).split(".")[1])
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    return found & modules - {path.stem}


def _graph() -> dict[str, set[str]]:
    return {p.stem: _imports(p) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}


def test_import_graph_is_acyclic() -> None:
    graph = _graph()
    assert graph["registry"] == {"components"} and graph["components"] == set()
    assert graph["settings"] == {"registry"} and graph["destinations"] == {"registry"}
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        assert state.get(module) != "open", f"import cycle: {' -> '.join([*path, module])}"
        if state.get(module) == "done":
            return
        state[module] = "open"
        for dependency in sorted(graph.get(module, ())):
            visit(dependency, [*path, module])
        state[module] = "done"

    for module in sorted(graph):
        visit(module, [])


def test_sync_is_the_only_owner_of_pushing_and_applying() -> None:
    owners = {"push_to_torch(": set(), "settings.apply(": set(), "apply_without_torch(": set()}
    owners["destinations.arrange("] = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call, users in owners.items():
            if call in text.replace(f"def {call}", ""):
                users.add(path.stem)
    assert owners == {call: {"sync"} for call in owners}
    hook = (PACKAGE / "torch_hook.py").read_text(encoding="utf-8")
    assert "sync.sync()" in hook and "settings" not in hook.split('"""', 2)[2]
