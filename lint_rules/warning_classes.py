"""What a warning category is: an API signal (a deprecation, pending deprecation or future
warning, or any subclass of one), a diagnostic (a built-in diagnostic category or a subclass of
one), or unknown. Shared by ETL004 and ETL007.

A category defined in another module of the linted project (`executorch.exir._warnings.
ExperimentalWarning`, reached as `_exir_warnings.ExperimentalWarning`) is read from that module's
file: the import names the module, the module names its file under the project root, the file is
parsed once per process (only when it mentions `Warning`: a byte test first) and its class's bases
are classified the same way, across modules. Target code is never imported. What cannot be
followed (a third-party module, a variable, a class built at run time) is unknown: ETL004 leaves
it for review, so a category that might be an API signal is never rewritten.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterable
from functools import lru_cache

from lint_rules.facts import (
    API_SIGNALS,
    BUILTIN_WARNINGS,
    ModuleFacts,
    last_identifier,
    resolve_qualname,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from lint_rules.config import Config

SIGNAL, DIAGNOSTIC, UNKNOWN = "signal", "diagnostic", "unknown"
_DEPTH = 8  # modules followed through base classes before giving up (cycles, long chains)


class _Module:
    """A module as far as categories go: its file, its imports (local name -> dotted name; a
    relative one -> the file it names, a `.py` path, and the class) and its classes' bases."""

    def __init__(self, tree: ast.Module, path: str, nodes: Iterable[ast.AST] | None = None) -> None:
        """`nodes`: the module's import statements, or any of its nodes that include them (by
        default, every node of `tree`)."""
        self.path = path
        self.imports: dict[str, str] = {}
        self.relative: dict[str, tuple[str, str]] = {}
        self.classes: dict[str, list[ast.expr]] = {}
        for stmt in tree.body:
            if isinstance(stmt, ast.ClassDef):
                self.classes[stmt.name] = stmt.bases
        for node in ast.walk(tree) if nodes is None else nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    local = alias.asname or alias.name.partition(".")[0]
                    self.imports[local] = alias.name if alias.asname else local
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    local = alias.asname or alias.name
                    if alias.name == "*":
                        continue
                    if not node.level:
                        self.imports[local] = f"{node.module}.{alias.name}"
                        continue
                    folder = os.path.dirname(path)
                    for _ in range(node.level - 1):
                        folder = os.path.dirname(folder)
                    parts = (node.module or "").split(".") if node.module else []
                    self.relative[local] = (os.path.join(folder, *parts), alias.name)


class Categories:
    """The categories one module uses (its imports read once, from the detector's walk)."""

    def __init__(self, facts: ModuleFacts, config: Config) -> None:
        assert facts.tree is not None
        path = os.path.abspath(facts.path)
        self.module = _Module(facts.tree, path, facts.import_statements)
        self.config = config

    def kind(self, node: ast.expr | None) -> str:
        """SIGNAL, DIAGNOSTIC or UNKNOWN for a category expression (`UserWarning`,
        `_w.ExperimentalWarning`, a class of this file...); a missing category is UserWarning."""
        if node is None:
            return DIAGNOSTIC
        kind = _kind(node, self.module, self.config, _DEPTH)
        if kind == UNKNOWN and (last_identifier(node) or "").endswith("DeprecationWarning"):
            return SIGNAL  # by its name (`torch.jit.TorchDeprecationWarning`): never flagged
        return kind


def _kind(node: ast.expr, module: _Module, config: Config, depth: int) -> str:
    if isinstance(node, ast.Name):
        if node.id in module.classes:
            return _class_kind(module.classes[node.id], module, config, depth)
        if node.id in module.relative:
            stem, cls = module.relative[node.id]
            return _defined_in(_existing(stem), cls, config, depth)
        if node.id not in module.imports:
            return _builtin(node.id)
    name = resolve_qualname(module.imports, node)
    if name is None:
        return UNKNOWN
    target, _, cls = name.rpartition(".")
    if target == "builtins":
        return _builtin(cls)
    return _defined_in(_module_file(target, module.path, config), cls, config, depth)


def _builtin(name: str) -> str:
    if name in API_SIGNALS:
        return SIGNAL
    return DIAGNOSTIC if name in BUILTIN_WARNINGS else UNKNOWN


def _defined_in(path: str | None, cls: str, config: Config, depth: int) -> str:
    """The kind of class `cls` of the module file at `path` (None: not in the project)."""
    other = _parsed(path) if path is not None and depth > 0 else None
    if other is None or cls not in other.classes:
        return SIGNAL if cls.endswith("DeprecationWarning") else UNKNOWN
    return _class_kind(other.classes[cls], other, config, depth - 1)


def _class_kind(bases: list[ast.expr], module: _Module, config: Config, depth: int) -> str:
    """A class is a signal when any base is one, a diagnostic when every base is known and at
    least one is a diagnostic warning, unknown otherwise."""
    kinds = [_kind(base, module, config, depth - 1) for base in bases]
    if SIGNAL in kinds:
        return SIGNAL
    if kinds and UNKNOWN not in kinds:
        return DIAGNOSTIC
    return UNKNOWN


def _existing(stem: str) -> str | None:
    for candidate in (f"{stem}.py", os.path.join(stem, "__init__.py")):
        if os.path.isfile(candidate):
            return candidate
    return None


def _module_file(name: str, near: str, config: Config) -> str | None:
    """The file of module `name` in the project: under the root (whose top folder may be the
    package itself, or hold it under `src/`), else under a folder above `near`."""
    parts = name.split(".")
    if parts[0] != config.package:
        return None
    tails = ["/".join(parts), "/".join(parts[1:])]
    folders = [str(config.root)] if config.root is not None else []
    folders += [os.path.dirname(p) for p in _parents(near)]
    for folder in dict.fromkeys(folders):
        for tail in (t for t in tails if t):
            for prefix in ("", "src/"):
                found = _existing(os.path.join(folder, prefix + tail))
                if found is not None:
                    return found
    return None


def _parents(path: str) -> list[str]:
    out: list[str] = []
    while True:
        parent = os.path.dirname(path)
        if parent == path:
            return out
        out.append(path)
        path = parent


@lru_cache(maxsize=256)
def _parsed(path: str) -> _Module | None:
    """The module at `path` (once per process); None when it cannot be read or parsed."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if b"Warning" not in data:
        return _Module(ast.Module([], []), path)
    try:
        return _Module(ast.parse(data), path)
    except (SyntaxError, ValueError, RecursionError):
        return None
