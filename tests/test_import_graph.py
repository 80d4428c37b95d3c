"""The import graph of all five packages is acyclic, module by module.

Every import counts: also the ones inside functions (a lazy import still ties the modules
together) and the ones under `if TYPE_CHECKING:` (they never run, but the type checker and the
reader follow them: a cycle there is a cycle in the design).
"""

from __future__ import annotations

import ast
from fnmatch import fnmatchcase
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("et_log_runtime", "et_log_docs", "lint_rules", "codemods", "et_log_report")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """Our modules an import statement loads (a name imported from a package that is one of
    its submodules counts as that submodule)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in known}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        anchor = module.split(".") if is_package else module.split(".")[:-1]
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, *([base] if base else [])])
    found = set()
    for alias in node.names:
        if f"{base}.{alias.name}" in known:
            found.add(f"{base}.{alias.name}")
        elif base in known:
            found.add(base)
    return found


def import_graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for pkg in PACKAGES for p in (REPO / pkg).rglob("*.py")}
    known = set(files)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(tree):
            edges |= _imported(node, module, is_package, known)
        graph[module] = edges - {module}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (its modules, the first repeated at the end), or None."""
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> list[str] | None:
        if state.get(module) == "open":
            return [*path[path.index(module) :], module]
        if state.get(module) == "done":
            return None
        state[module] = "open"
        for dependency in sorted(graph.get(module, ())):
            cycle = visit(dependency, [*path, module])
            if cycle is not None:
                return cycle
        state[module] = "done"
        return None

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle is not None:
            return cycle
    return None


def test_the_five_packages_import_without_a_cycle() -> None:
    graph = import_graph()
    assert {"lint_rules.config", "codemods.pipeline", "et_log_runtime.state"} <= set(graph)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


# The codemod's layers, bottom up, declared once: a module imports only from its own layer or
# from one below. A module belongs to the layer of its longest prefix listed here (the package
# `codemods` itself names only its __init__): a new module must be placed, there is no default
# (test_every_codemod_module_has_a_layer). docs/ARCHITECTURE.md states the same order
# (test_the_map_states_the_layers).
CODEMOD_LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("lint", ("lint_rules",)),
    ("shared", ("codemods.shared",)),
    ("analyse", ("codemods.analyse",)),
    ("plan", ("codemods.plan", "codemods.fixes")),
    ("guard", ("codemods.guard",)),
    ("rewrite", ("codemods.rewrite",)),
    ("recipes", ("codemods.recipes",)),
    ("pipeline", ("codemods.pipeline",)),
    ("report", ("codemods.report",)),
    ("write", ("codemods.write",)),
    ("vendor", ("codemods.vendor",)),
    ("drivers", ("codemods", "codemods.__main__", "codemods.migrate", "codemods.commands")),
    ("try", ("codemods.try_it",)),
)
ROOT_PACKAGE = "codemods"  # its prefix places its __init__ alone


def layer_of(module: str) -> int | None:
    """The index in CODEMOD_LAYERS of `module`'s layer (None: not a module of the layers)."""
    best: tuple[int, int] | None = None  # (prefix length, layer index)
    for index, (_, prefixes) in enumerate(CODEMOD_LAYERS):
        for prefix in prefixes:
            below = module.startswith(prefix + ".") and prefix != ROOT_PACKAGE
            if (module == prefix or below) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), index)
    return None if best is None else best[1]


def arrows_back_up(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a layer to a higher one, named: module, its layer, what it imports."""
    found = []
    for module, dependencies in sorted(graph.items()):
        low = layer_of(module)
        for dependency in sorted(dependencies):
            high = layer_of(dependency)
            if low is not None and high is not None and high > low:
                found.append(
                    f"{module} ({CODEMOD_LAYERS[low][0]}) imports {dependency}"
                    f" ({CODEMOD_LAYERS[high][0]}), a layer above it"
                )
    return found


def test_the_codemod_stages_are_layers() -> None:
    graph = import_graph()
    for name, prefixes in CODEMOD_LAYERS:
        assert any(m == p or m.startswith(p + ".") for m in graph for p in prefixes), name
    assert arrows_back_up(graph) == []


def test_every_codemod_module_has_a_layer() -> None:
    unplaced = [m for m in import_graph() if m.startswith("codemods") and layer_of(m) is None]
    assert unplaced == [], f"place each in CODEMOD_LAYERS (and docs/ARCHITECTURE.md): {unplaced}"


def test_an_arrow_back_up_is_named() -> None:
    graph = {
        "codemods.plan.plans": {"codemods.rewrite.header", "codemods.shared.layout"},
        "codemods.rewrite.header": {"codemods.plan.plans"},
        "codemods.migrate": {"codemods.write.worker"},
    }
    assert arrows_back_up(graph) == [
        "codemods.plan.plans (plan) imports codemods.rewrite.header (rewrite), a layer above it"
    ]


def test_the_map_states_the_layers() -> None:
    order = " < ".join(name for name, _ in CODEMOD_LAYERS)
    assert order in (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_the_runtime_layers() -> None:
    """The runtime's layers, bottom up: the names, torch's API and the record's form (each alone),
    the state, the API; above the API, et-log's own trace helpers and the partition run, which the
    runtime's ``__init__`` never imports (they arrive with the reasons API, not with the loggers).
    The torch hook, a module beside the package, imports none of it (it loads the package inside a
    ``try``, by name)."""
    graph = import_graph()
    assert graph["et_log_runtime.names"] == set()
    assert graph["et_log_runtime.torch_api"] == set()
    assert graph["et_log_runtime.delegation_record"] == set()
    assert graph["et_log_runtime.state"] == {"et_log_runtime.names", "et_log_runtime.torch_api"}
    assert graph["et_log_runtime"] == {
        "et_log_runtime.names",
        "et_log_runtime.state",
        "et_log_runtime.torch_api",
    }
    assert graph["et_log_runtime.torch_trace"] == {
        "et_log_runtime.names",
        "et_log_runtime.state",
        "et_log_runtime.torch_api",
    }
    assert graph["et_log_runtime.partition_report"] == {
        "et_log_runtime",
        "et_log_runtime.delegation_record",
        "et_log_runtime.torch_trace",
    }
    hook = (REPO / "et_log_runtime_hook.py").read_text(encoding="utf-8")
    imports = [n for n in ast.walk(ast.parse(hook)) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert {n.module if isinstance(n, ast.ImportFrom) else n.names[0].name for n in imports} == {
        "os",
        "sys",
        "importlib",
    }


def test_the_record_reader_sits_above_the_runtime_alone() -> None:
    """et_log_report reads what the runtime writes: of our modules it imports only the
    runtime's record form (its schema, what it counts, its table), and nothing imports it (the tools and the runtime stay apart).
    Its docs generator, a maintainer's command, also uses the one doc-section writer."""
    graph = import_graph()
    reader = {m for m in graph if m.startswith("et_log_report")}
    outside = {d for m in reader - {"et_log_report.docs"} for d in graph[m]} - reader
    assert outside == {"et_log_runtime.delegation_record"}
    assert graph["et_log_report.docs"] - reader == {"et_log_docs.sections"}
    assert not [m for m, deps in graph.items() if m not in reader and deps & reader]


def test_the_record_reader_needs_only_the_standard_library() -> None:
    """Of what it imports only our own packages are not the standard library, and those two
    (the runtime, the doc-section writer) need nothing else either; the lint is not one."""
    import sys

    found = set()
    for path in (REPO / "et_log_report").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module.split(".")[0])
    assert found - set(sys.stdlib_module_names) == {"et_log_runtime", "et_log_docs"}


def test_the_doc_section_writer_imports_none_of_ours() -> None:
    """Every package writes docs through it, so it sits below them all, on the standard
    library alone."""
    import sys

    graph = import_graph()
    docs = {m for m in graph if m.startswith("et_log_docs")}
    assert docs and not {d for m in docs for d in graph[m]} - docs
    for path in (REPO / "et_log_docs").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                assert node.module.split(".")[0] in sys.stdlib_module_names, (path, node.module)


def test_lazy_and_type_checking_imports_count() -> None:
    graph = import_graph()
    # cli imports formats inside main() only: still an edge
    assert "lint_rules.formats" in graph["lint_rules.cli"]
    # rules.base imports facts under `if TYPE_CHECKING:` only: still an edge
    assert "lint_rules.facts" in graph["lint_rules.rules.base"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_config_and_the_rules_depend_one_way() -> None:
    """Config reads a kind's key as given; the kinds check it (`rules.check_options`), so a
    kind's option is declared in its own module and config imports no kind."""
    graph = import_graph()
    assert "lint_rules.config" in graph["lint_rules.rules"]
    assert not {m for m in graph["lint_rules.config"] if m.startswith("lint_rules.rules")}


# Helpers that once had twins (issues 18, 33): each is defined once across the five packages
# (the print checks on the stdlib's tree; the codemod asks them of its node's stdlib tree).
ONE_DEFINITION = (
    "splice",
    "write_line",
    "name_argument",
    "code_range",
    "is_within",
    "leading_text",
    "print_problem",
    "write_problem",
)


def test_shared_helpers_are_defined_once() -> None:
    defined: dict[str, list[str]] = {name: [] for name in ONE_DEFINITION}
    for package in PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") in defined:
                    defined[node.name.lstrip("_")].append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert {name: len(places) for name, places in defined.items()} == dict.fromkeys(
        ONE_DEFINITION, 1
    ), defined


def test_one_test_for_a_path_inside_a_folder() -> None:
    """`x.startswith(folder + os.sep)` is written once, in lint_rules.paths.is_within."""
    places = [
        str(path.relative_to(REPO))
        for package in PACKAGES
        for path in (REPO / package).rglob("*.py")
        if "+ os.sep)" in path.read_text(encoding="utf-8")
    ]
    assert places == ["lint_rules/paths.py"]


def _module_map() -> dict[str, list[list[str]]]:
    """The tables under docs/ARCHITECTURE.md's "## Module map": per package (its `### <pkg>/`
    heading), each row's cells, the module's path first."""
    text = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split("## Module map", 1)[1].split("\n## ", 1)[0]
    tables: dict[str, list[list[str]]] = {}
    for part in section.split("\n### ")[1:]:
        package = part.split("/", 1)[0]
        rows = [
            line.strip("|").split(" | ") for line in part.splitlines() if line.startswith("| `")
        ]
        tables[package] = [[cell.strip().strip("`") for cell in row] for row in rows]
    return tables


def _covers(row: str, rel: str) -> bool:
    """A row's path names `rel`: the same path, its folder (`test/`), or its pattern
    (`rules/etlNNN_*.py`, `recipes/*.py`)."""
    if row.endswith("/"):
        return rel.startswith(row)
    return fnmatchcase(rel, row.replace("NNN", "[0-9][0-9][0-9]"))


def _modules(package: str) -> list[str]:
    return sorted(p.relative_to(REPO / package).as_posix() for p in (REPO / package).rglob("*.py"))


def test_the_module_map_is_the_tree() -> None:
    """Issue 33: the map is one table per package, kept equal to the tree: each module of the
    five packages has a row (a package's `__init__.py` may go unnamed), each row names a
    module that exists."""
    tables = _module_map()
    assert sorted(tables) == sorted(PACKAGES)
    for package, rows in tables.items():
        modules, paths = _modules(package), [row[0] for row in rows]
        assert len(paths) == len(set(paths)), f"{package}: a row twice"
        unnamed = [
            m
            for m in modules
            if not m.endswith("__init__.py") and not any(_covers(p, m) for p in paths)
        ]
        assert unnamed == [], f"docs/ARCHITECTURE.md's {package} table has no row for {unnamed}"
        stale = [p for p in paths if not any(_covers(p, m) for m in modules)]
        assert stale == [], f"docs/ARCHITECTURE.md's {package} table names no module: {stale}"


def test_the_map_places_each_codemod_module_in_its_layer() -> None:
    """The codemods table's layer column is the layer CODEMOD_LAYERS puts each module in."""
    names = [name for name, _ in CODEMOD_LAYERS]
    wrong = []
    for path, layer, _job in _module_map()["codemods"]:
        for module in [m for m in _modules("codemods") if _covers(path, m)]:
            dotted = "codemods." + module.removesuffix(".py").replace("/", ".")
            dotted = dotted.removesuffix(".__init__")
            index = layer_of(dotted)
            if index is None or names[index] != layer:
                wrong.append(f"{module}: the map says {layer}")
    assert wrong == []


def test_the_map_check_sees_a_missing_row() -> None:
    assert _covers("rules/etlNNN_*.py", "rules/etl004_diagnostic_warning.py")
    assert not _covers("rules/etlNNN_*.py", "rules/_output.py")
    assert _covers("test/", "test/test_logging.py") and not _covers("cli.py", "cli_common.py")
