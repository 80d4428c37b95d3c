"""What a module binds and references, and the names the migration may safely introduce."""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass, field

from lint_rules.facts import resolve_qualname
from lint_rules.walk import walk_all

# Modules whose imports the migration may drop once a rewrite made them unused.
DROPPABLE_MODULES = ("logging", "warnings", "sys")


@dataclass
class ModuleNames:
    """Name facts of one module, from a single stdlib `ast` walk."""

    references: Counter[str] = field(default_factory=Counter)
    bindings: Counter[str] = field(default_factory=Counter)
    # local name -> dotted target, for imports of DROPPABLE_MODULES and the runtime
    imports: dict[str, str] = field(default_factory=dict)
    star_import: bool = False
    import_stmts: list[ast.Import | ast.ImportFrom] = field(default_factory=list)
    # `del x` statements (any depth) whose targets are names: a rewrite that leaves an import
    # used only by its `del` removes both (`import logging ... del logging`)
    deletes: list[ast.Delete] = field(default_factory=list)
    # module-level `NAME = <literal>`: the constants a removed call may have been the only user of
    constants: dict[str, ast.Assign] = field(default_factory=dict)
    exported: frozenset[str] = frozenset()  # the strings of a module-level `__all__`

    def taken(self, name: str) -> bool:
        return name in self.references or name in self.bindings

    def qualname(self, node: ast.expr) -> str | None:
        """`logging.info` for `lg.info` when `import logging as lg`; None otherwise."""
        return resolve_qualname(self.imports, node)

    def fresh(self, candidates: tuple[str, ...]) -> str:
        """The first candidate that clashes with nothing (star imports bind public names)."""
        for name in candidates:
            if self.taken(name) or (self.star_import and not name.startswith("_")):
                continue
            return name
        index = 2
        while self.taken(f"{candidates[-1]}{index}"):
            index += 1
        return f"{candidates[-1]}{index}"


def scan_names(
    nodes: list[ast.AST], runtime_import: str, body: list[ast.stmt] | None = None
) -> ModuleNames:
    """Count every reference and binding among a module's `nodes` (the detector's walk), map the
    relevant imports, and note the `del` statements and, from the module's `body`, its literal
    constants and `__all__`."""
    facts = ModuleNames()
    for stmt in body or ():
        if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
            continue
        target = stmt.targets[0]
        if isinstance(target, ast.Name) and isinstance(stmt.value, ast.Constant):
            facts.constants[target.id] = stmt
        elif isinstance(target, ast.Name) and target.id == "__all__":
            found = (n.value for n in ast.walk(stmt.value) if isinstance(n, ast.Constant))
            facts.exported = frozenset(v for v in found if isinstance(v, str))
    tracked = (*DROPPABLE_MODULES, runtime_import)
    for node in nodes:
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, (ast.Load, ast.Del)):
                facts.references[node.id] += 1
            else:
                facts.bindings[node.id] += 1
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            facts.bindings[node.name] += 1
        elif isinstance(node, ast.arg):
            facts.bindings[node.arg] += 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            facts.references.update(node.names)
        elif isinstance(node, ast.Delete):
            if any(isinstance(t, ast.Name) for t in node.targets):
                facts.deletes.append(node)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            facts.bindings[node.name] += 1
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            facts.bindings[node.name] += 1
        elif isinstance(node, ast.MatchMapping) and node.rest:
            facts.bindings[node.rest] += 1
        elif isinstance(node, ast.Import):
            facts.import_stmts.append(node)
            for alias in node.names:
                local = alias.asname or alias.name.split(".")[0]
                facts.bindings[local] += 1
                if alias.name in tracked:
                    facts.imports[local] = alias.name
        elif isinstance(node, ast.ImportFrom):
            facts.import_stmts.append(node)
            for alias in node.names:
                if alias.name == "*":
                    facts.star_import = True
                    continue
                local = alias.asname or alias.name
                facts.bindings[local] += 1
                if node.level == 0 and node.module in tracked:
                    facts.imports[local] = f"{node.module}.{alias.name}"
    return facts


def count_references(tree: ast.AST) -> Counter[str]:
    """How often each name is read (or deleted or stored) in `tree` outside import statements."""
    return Counter(node.id for node in walk_all(tree) if isinstance(node, ast.Name))
