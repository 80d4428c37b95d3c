"""What of et-log's runtime a checkout carries: its modules, its tests, its component table.

Derived, not declared. The modules are the package's ``__init__`` and every sibling module it
imports, transitively: relative
imports anywhere in a module (functions and ``TYPE_CHECKING`` blocks included, so mypy finds
what they name), ``importlib.import_module(".name", __name__)``, and, for a module importing a
computed relative name (``import_module(f".{home}", __name__)``), the modules named by the values
of its module-level dict literals (``__init__``'s table of where each public name lives).
et-log's own conveniences (``startup``, ``__main__``) are imported by none of these, so they stay
in et-log. The tests are the ``test_*.py`` modules of the runtime's ``test/`` folder.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from pathlib import Path

import libcst as cst

from codemods.vendor.text import RUNTIME_NAME, VendorError

ROOT_MODULES = ("__init__",)
# torch's ``torch.backends`` entry point: a module beside the package (``<package>_hook``), so a
# package that fails to import cannot make the entry point, and with it ``import torch``, fail.
HOOK_SUFFIX = "_hook"
TEST_FOLDER = "test"
# The component table's two tuples (module-level literal assignments) that vendoring fills with
# the checkout's backend folders.
TABLE_NAMES = ("BACKENDS", "APPLE_BACKENDS")
OWN_LOGGING = "OWN_LOGGING"  # the table of backends left out: they set their logger up
TABLE_MODULE = "names"


def _parse(path: Path) -> ast.Module:
    try:
        return ast.parse(path.read_text(encoding="utf-8"), str(path))
    except SyntaxError as exc:
        raise VendorError(f"{path}:{exc.lineno}: cannot parse: {exc.msg}") from exc


def _is_import_module(func: ast.expr) -> bool:
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name == "import_module"


def _table_values(tree: ast.Module) -> set[str]:
    """String values of the module-level dict literals (a table of where names live)."""
    found: set[str] = set()
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.Dict):
            found.update(
                v.value
                for v in value.values
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
            )
    return found


def imported_siblings(path: Path, siblings: set[str]) -> set[str]:
    """The sibling modules the module at ``path`` imports, however it imports them."""
    tree = _parse(path)
    found: set[str] = set()
    computed = False
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                if first.value.startswith("."):
                    found.add(first.value[1:].split(".")[0])
            else:
                computed = True
    if computed:
        table = _table_values(tree) & siblings
        if not table:
            raise VendorError(
                f"{path}: imports a computed module name and has no module-level table naming "
                "its modules; cannot tell which modules it needs"
            )
        found |= table
    return found & siblings


def runtime_modules(folder: Path) -> list[str]:
    """The stems of the runtime modules a checkout carries (see the module docstring)."""
    siblings = {p.stem for p in folder.glob("*.py")}
    missing = [name for name in ROOT_MODULES if name not in siblings]
    if missing:
        raise VendorError(f"{folder}: no {', '.join(m + '.py' for m in missing)}")
    wanted: set[str] = set()
    todo = list(ROOT_MODULES)
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += imported_siblings(folder / f"{name}.py", siblings) - wanted
    return sorted(wanted)


def hook_source(folder: Path) -> Path:
    """The hook module beside the runtime package ``folder``."""
    path = folder.parent / f"{folder.name}{HOOK_SUFFIX}.py"
    if not path.is_file():
        raise VendorError(f"{path}: no such file (the runtime's torch.backends entry point)")
    return path


def runtime_tests(folder: Path) -> list[Path]:
    """The runtime's traveling tests: every Python file of its ``test/`` folder, sorted."""
    tests = folder / TEST_FOLDER
    return sorted(tests.glob("*.py")) if tests.is_dir() else []


def localize_test(text: str, module: str, modules: list[str], path: str) -> str:
    """A runtime test importing the vendored package ``module`` instead of the runtime.

    Tests import what they use by name (``from et_log_runtime import get_logger``,
    ``from et_log_runtime.registry import LOCK``); a test using the package's name in code, or
    importing a module that is not vendored, is refused.
    """
    try:
        tree = ast.parse(text, path)
    except SyntaxError as exc:
        raise VendorError(f"{path}:{exc.lineno}: cannot parse: {exc.msg}") from exc
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == RUNTIME_NAME:
            raise VendorError(
                f"{path}:{node.lineno}: uses {RUNTIME_NAME} by name; import what the test needs "
                f"(from {RUNTIME_NAME} import ...)"
            )
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            head, _, rest = name.partition(".")
            if head == RUNTIME_NAME and rest and rest.split(".")[0] not in modules:
                raise VendorError(
                    f"{path}:{node.lineno}: imports {name}, which is not vendored "
                    f"(vendored: {', '.join(modules)})"
                )
    return re.sub(rf"\b{RUNTIME_NAME}\b", module, text)


def _literal(value: cst.BaseExpression) -> str | tuple[str, ...] | None:
    """A string, or a tuple/list of strings, or None for anything else."""
    if isinstance(value, cst.SimpleString):
        evaluated = value.evaluated_value
        return evaluated if isinstance(evaluated, str) else None
    if isinstance(value, cst.Tuple | cst.List):
        items = [_literal(e.value) for e in value.elements]
        return (
            tuple(i for i in items if isinstance(i, str))
            if all(isinstance(i, str) for i in items)
            else None
        )
    return None


def _names_value(old: str | tuple[str, ...], names: list[str]) -> cst.BaseExpression:
    """``names`` in the form of the old value: one space-separated string, or a tuple."""
    if isinstance(old, str):
        return cst.SimpleString(repr(" ".join(names)).replace("'", '"'))
    if not names:
        return cst.Tuple([])
    if len(names) == 1:
        return cst.parse_expression(f'("{names[0]}",)')
    # no trailing comma: the formatter joins the names on one line when they fit
    lines = ",\n".join(f'    "{name}"' for name in names)
    return cst.parse_expression(f"(\n{lines}\n)")


class _TableFiller(cst.CSTTransformer):
    def __init__(self, values: dict[str, list[str]]) -> None:
        self.values = values
        self.seen: dict[str, int] = {}
        self.depth = 0

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.depth += 1

    def leave_IndentedBlock(
        self, original: cst.IndentedBlock, updated: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        self.depth -= 1
        return updated

    def _target(self, node: cst.Assign | cst.AnnAssign) -> str | None:
        if isinstance(node, cst.AnnAssign):
            target = node.target
        elif len(node.targets) == 1:
            target = node.targets[0].target
        else:
            return None
        if self.depth or not isinstance(target, cst.Name) or target.value not in self.values:
            return None
        return target.value if node.value is not None and _literal(node.value) is not None else None

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign) -> cst.Assign:
        name = self._target(original)
        if name is None:
            return updated
        self.seen[name] = self.seen.get(name, 0) + 1
        old = _literal(original.value)
        assert old is not None
        return updated.with_changes(value=_names_value(old, self.values[name]))

    def leave_AnnAssign(self, original: cst.AnnAssign, updated: cst.AnnAssign) -> cst.AnnAssign:
        name = self._target(original)
        if name is None or original.value is None:
            return updated
        self.seen[name] = self.seen.get(name, 0) + 1
        old = _literal(original.value)
        assert old is not None
        return updated.with_changes(value=_names_value(old, self.values[name]))


def component_table(
    text: str, top: list[str], apple: list[str], path: str, own: Sequence[str] = ()
) -> str:
    """The runtime's ``components`` module with its backend tuples replaced by ``top`` and
    ``apple`` (the checkout's ``backends/<name>`` and ``backends/apple/<name>`` folders), and
    ``OWN_LOGGING`` by ``own`` (the folders left out, which set up their own logger)."""
    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        raise VendorError(f"{path}:{exc.raw_line}: cannot parse: {exc.message}") from exc
    first, second = TABLE_NAMES
    filler = _TableFiller({first: top, second: apple, OWN_LOGGING: sorted(own)})
    edited = module.visit(filler)
    expected = {first: 1, second: 1, **({OWN_LOGGING: 1} if own else {})}
    if {name: n for name, n in filler.seen.items() if name in expected} == expected:
        return edited.code
    names = [*TABLE_NAMES, *([OWN_LOGGING] if own else [])]
    wanted = " and ".join(f"`{name}: tuple[str, ...] = (...)`" for name in names)
    raise VendorError(f"{path}: expected one module-level {wanted} to fill with the backends")


class _ArtifactFilter(cst.CSTTransformer):
    """Drops the entries of the module-level ``ARTIFACTS`` table's dict literal not in ``keep``."""

    def __init__(self, keep: set[str]) -> None:
        self.keep, self.found, self.inside = keep, 0, False

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self.inside = isinstance(node.target, cst.Name) and node.target.value == "ARTIFACTS"

    def leave_AnnAssign(self, original: cst.AnnAssign, updated: cst.AnnAssign) -> cst.AnnAssign:
        self.inside = False
        return updated

    def leave_Dict(self, original: cst.Dict, updated: cst.Dict) -> cst.Dict:
        if not self.inside:
            return updated
        keys = [
            e.key.evaluated_value
            for e in updated.elements
            if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
        ]
        if (
            len(keys) != len(updated.elements)
            or not keys
            or not all(isinstance(k, str) for k in keys)
        ):
            return updated
        self.found += 1
        kept = [e for e, k in zip(updated.elements, keys, strict=True) if k in self.keep]
        if kept:
            last = kept[-1]
            kept[-1] = last.with_changes(comma=updated.elements[-1].comma)
        return updated.with_changes(elements=kept)


def artifact_table(text: str, keep: set[str], path: str) -> str:
    """The runtime's names module with only the artifacts in ``keep`` in its table: a name the
    runtime registers is one something in the checkout logs to."""
    module = cst.parse_module(text)
    filtered = _ArtifactFilter(keep)
    edited = module.visit(filtered)
    if filtered.found != 1:
        raise VendorError(f"{path}: expected one ARTIFACTS dict literal of artifact -> spec")
    return edited.code


def artifact_recipes() -> list[tuple[str, str]]:
    """(recipe, artifact) for each ExecuTorch recipe a run applies by default that logs to an
    artifact, in the recipes' order: the vendored table names only these, each row landing in
    its recipe's commit."""
    from codemods.recipes import LOGGING

    return [(recipe.name, recipe.artifact) for recipe in LOGGING if recipe.artifact]
