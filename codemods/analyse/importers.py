"""Which modules of a tree import a given module, directly or through others: what an
import-time side effect (a root `basicConfig`) reaches. Imports are read by a regular expression
over each line, not a parse: a pull request's description needs the areas, not proof."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

_IMPORT = re.compile(r"^\s*(?:from\s+(\.*[\w.]*)\s+import\s+([\w, ()]+)|import\s+([\w.]+))")
_SKIPPED_PARTS = frozenset({"docs", "examples", "test", "tests", "third-party", "third_party"})


def module_name(relative: str, package: str) -> str:
    """`backends/x/__init__.py` -> `<package>.backends.x`; `a/b.py` -> `<package>.a.b`."""
    parts = relative.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([package, *parts])


def _imported(line: str, here: str, is_package: bool) -> list[str]:
    found = _IMPORT.match(line)
    if not found:
        return []
    source, names, plain = found.groups()
    if plain:
        return [plain]
    dots = len(source) - len(source.lstrip("."))
    base = source[dots:]
    if dots:
        anchor = here.split(".")
        anchor = anchor if is_package else anchor[:-1]
        anchor = anchor[: len(anchor) - (dots - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    children = [n.strip() for n in names.replace("(", "").replace(")", "").split(",")]
    return [base, *(f"{base}.{n.split()[0]}" for n in children if n and n != "*")]


def _with_parents(module: str) -> Iterable[str]:
    parts = module.split(".")
    return (".".join(parts[:i]) for i in range(1, len(parts) + 1))


@lru_cache(maxsize=4)
def _graph(root: Path, package: str) -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """The tree's modules (name -> file) and, per module, the modules importing it (one read
    of the tree a run, however many modules are asked about)."""
    files: dict[str, str] = {}
    users: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        if _SKIPPED_PARTS & set(rel.split("/")[:-1]) or rel.split("/")[-1].startswith("test_"):
            continue
        name = module_name(rel, package)
        files[name] = rel
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        is_package = path.name == "__init__.py"
        imported = {m for line in text.splitlines() for m in _imported(line, name, is_package)}
        for need in {p for m in imported for p in _with_parents(m)}:
            users.setdefault(need, set()).add(name)
    return files, {name: frozenset(found) for name, found in users.items()}


def importers_of(root: Path, relative: str, package: str = "executorch") -> list[str]:
    """The files under `root` (tests and examples left out) whose import runs `relative`'s
    module: they import it, a package whose `__init__` imports it, or a module that does."""
    files, users = _graph(root, package)
    target = module_name(relative, package)
    reached, frontier = {target}, [target]
    while frontier:
        for name in users.get(frontier.pop(), frozenset()) - reached:
            reached.add(name)
            frontier.append(name)
    return sorted(files[n] for n in reached if n in files and n != target)


def areas(paths: Iterable[str]) -> list[str]:
    """`backends/vulkan/x.py` -> `backends/vulkan`; `exir/x.py` -> `exir`; each once."""
    out = []
    for path in paths:
        parts = path.split("/")
        area = (
            "/".join(parts[:2]) if parts[0] in ("backends", "extension", "devtools") else parts[0]
        )
        out.append(area if len(parts) > 1 else path)
    return sorted(set(out))
