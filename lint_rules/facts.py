"""One pass over a parsed module: what names mean (imports, aliases), which classes are
warnings, which variables hold loggers, and whether the file is a script."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from functools import cached_property

from lint_rules.statements import StatementIndex
from lint_rules.walk import walk_all

# Built-in warning classes by name; the first three are API signals, never diagnostics
# (`warning_classes.Categories` decides a category's kind, across modules).
API_SIGNALS = frozenset({"DeprecationWarning", "PendingDeprecationWarning", "FutureWarning"})
BUILTIN_WARNINGS = API_SIGNALS | frozenset(
    {
        "Warning",
        "UserWarning",
        "RuntimeWarning",
        "SyntaxWarning",
        "ImportWarning",
        "UnicodeWarning",
        "BytesWarning",
        "ResourceWarning",
        "EncodingWarning",
    }
)
_LOGGER_SETUP = frozenset({"propagate", "handlers"})  # attributes a module sets up a logger by
ROOT_LOGGING_FUNCTIONS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"}
)


def last_identifier(node: ast.expr) -> str | None:
    """`X` for `X`, `a.b.X` and `X(...)`; None for anything else."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


class ModuleFacts:
    """What the recognisers need to know about one module, gathered in a single walk."""

    def __init__(
        self,
        runtime_import: str,
        path: str = "",
        tree: ast.Module | None = None,
        lines: list[str] | None = None,
    ) -> None:
        self.runtime_import = runtime_import
        self.path = path
        self.tree = tree
        self.lines: list[str] = lines or []  # the source's lines: comments are not in `tree`
        self.nodes: list[ast.AST] = []  # every node, from the one walk
        self.imports: dict[str, str] = {}
        self.import_statements: list[ast.Import | ast.ImportFrom] = []  # in the walk's order
        self.calls: list[ast.Call] = []
        # calls by what they call: the dotted name through the imports (`logging.info`,
        # `builtins.print` for a builtin no import rebinds) and by method name (`setLevel`)
        self.by_qualname: dict[str, list[ast.Call]] = {}
        self.by_method: dict[str, list[ast.Call]] = {}
        self.raises: list[ast.Raise] = []
        self.compares: list[ast.Compare] = []
        # `x.propagate = ...`, `x.handlers = ...`: how a module may set up a logger of its own
        self.attribute_stores: list[ast.Assign] = []
        self.assigns: list[ast.Assign | ast.AnnAssign] = []
        self.warning_classes: set[str] = set(BUILTIN_WARNINGS)
        self.module_level_calls: set[int] = set()
        # id(call) -> attribute read on its result, for `f(...).attr`
        self.call_attributes: dict[int, str] = {}
        self.has_main_guard = False
        self.parses_arguments = False
        self.builds_argparser = False

    def comment_of(self, node: ast.stmt | ast.expr) -> str:
        """The comment written for `node`: at the end of its last line, else the comment lines
        right above its first line (joined); '' when there is none."""
        if not self.lines or node.end_lineno is None or node.end_col_offset is None:
            return ""
        last = self.lines[node.end_lineno - 1].encode()[node.end_col_offset :].decode()
        if last.strip().startswith("#"):
            return last.strip().lstrip("#").strip()
        above: list[str] = []
        for line in reversed(self.lines[: node.lineno - 1]):
            if not line.strip().startswith("#"):
                break
            above.insert(0, line.strip().lstrip("#").strip())
        return " ".join(above)

    def qualname(self, node: ast.expr) -> str | None:
        """The dotted name an expression refers to through the imports (see `resolve_qualname`)."""
        return resolve_qualname(self.imports, node)

    def calls_to(self, qualname: str) -> list[ast.Call]:
        return self.by_qualname.get(qualname, [])

    def calls_of(self, method: str) -> list[ast.Call]:
        return self.by_method.get(method, [])

    def receivers_of(self, method: str) -> list[tuple[ast.Call, ast.expr]]:
        """`(call, x)` for each call `x.method(...)`."""
        return [
            (c, c.func.value) for c in self.calls_of(method) if isinstance(c.func, ast.Attribute)
        ]

    @cached_property
    def statements(self) -> StatementIndex:
        assert self.tree is not None
        return StatementIndex(self.tree)

    def is_root_logger(self, node: ast.expr) -> bool:
        """`logging.root`, or `logging.getLogger()` with no name, `""` or None."""
        if isinstance(node, ast.Attribute) and self.qualname(node) == "logging.root":
            return True
        if not isinstance(node, ast.Call) or self.qualname(node.func) != "logging.getLogger":
            return False
        understood, name = name_argument(node)
        return understood and (
            name is None or (isinstance(name, ast.Constant) and name.value in ("", None))
        )

    @cached_property
    def logger_variables(self) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        """Names bound to the root logger; names and `self.x` attributes bound to other loggers."""
        roots: set[str] = set()
        names: set[str] = set()
        attrs: set[str] = set()
        factories = self.logger_factories
        for node in self.assigns:
            value = node.value
            if not isinstance(value, ast.Call) or self.qualname(value.func) not in factories:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            is_root = self.is_root_logger(value)
            for target in targets:
                if isinstance(target, ast.Name):
                    (roots if is_root else names).add(target.id)
                elif isinstance(target, ast.Attribute) and not is_root:
                    attrs.add(target.attr)
        return frozenset(roots), frozenset(names), frozenset(attrs)

    def is_library_logger(self, node: ast.expr) -> bool:
        """A logger this module built (variable, `self.x` attribute or factory call), not root."""
        _, names, attrs = self.logger_variables
        if isinstance(node, ast.Name):
            return node.id in names
        if isinstance(node, ast.Attribute):
            return node.attr in attrs and isinstance(node.value, ast.Name)
        if isinstance(node, ast.Call):
            return self.qualname(node.func) in self.logger_factories and not self.is_root_logger(
                node
            )
        return False

    def is_root_receiver(self, node: ast.expr) -> bool:
        """The root logger, directly or through a variable bound to it."""
        return self.is_root_logger(node) or (
            isinstance(node, ast.Name) and node.id in self.logger_variables[0]
        )

    def is_warning_class(self, name: str | None) -> bool:
        return name is not None and (name in self.warning_classes or name.endswith("Warning"))

    @property
    def is_script(self) -> bool:
        """A `__main__` guard, an argparse entry point (builds a parser and parses), or a
        command module (see `is_command_module`)."""
        return (
            self.has_main_guard
            or (self.builds_argparser and self.parses_arguments)
            or self.is_command_module
        )

    @property
    def is_command_module(self) -> bool:
        """A subcommand of a command-line tool: it adds argparse subparsers, or adds a parser
        and binds its handler (`add_parser(...)` with `set_defaults(func=...)`)."""
        if self.calls_of("add_subparsers"):
            return True
        binds_handler = any(
            k.arg == "func" for call in self.calls_of("set_defaults") for k in call.keywords
        )
        return binds_handler and bool(self.calls_of("add_parser"))

    @cached_property
    def logger_factories(self) -> frozenset[str]:
        rt = self.runtime_import
        return frozenset({"logging.getLogger", f"{rt}.get_logger", f"{rt}.get_artifact_logger"})


def _is_main_guard(node: ast.stmt) -> bool:
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    sides = [test.left, *test.comparators]
    return (
        len(sides) == 2
        and isinstance(test.ops[0], ast.Eq)
        and any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides)
        and any(isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)
    )


def name_argument(call: ast.Call) -> tuple[bool, ast.expr | None]:
    """(understood, name expression) of a getLogger-like call; not understood with star-args."""
    if has_star_args(call):
        return False, None
    if call.args:
        return True, call.args[0]
    for kw in call.keywords:
        if kw.arg == "name":
            return True, kw.value
    return True, None


def has_star_args(call: ast.Call) -> bool:
    """`*args` or `**kwargs` in the call: its arguments are not known statically."""
    return any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    )


def gather_facts(
    tree: ast.Module, runtime_import: str, path: str = "", lines: list[str] | None = None
) -> ModuleFacts:
    """Walk `tree` (the module at `path`, whose source `lines` are) once and return its facts."""
    facts = ModuleFacts(runtime_import=runtime_import, path=path, tree=tree, lines=lines or [])
    classes: list[ast.ClassDef] = []
    facts.nodes = walk_all(tree)
    _record(facts.nodes, facts, classes)
    _classify_classes(classes, facts)
    _finish(tree, facts)
    return facts


def _record(nodes: list[ast.AST], facts: ModuleFacts, classes: list[ast.ClassDef]) -> None:
    # The hottest loop of the lint: one `type()` per node, compared with `is`. mypy does not
    # narrow `node` through the saved `kind`, hence one `type: ignore[assignment]` per branch.
    # The classes are local names (`ast.X` is two lookups), the commonest kinds tested first,
    # and names and constants, a good half of the nodes and never recorded, skipped at once.
    imports, call_attributes = facts.imports, facts.call_attributes
    name, constant, attribute_class, call_class = ast.Name, ast.Constant, ast.Attribute, ast.Call
    assign, ann_assign, compare, import_, import_from = (
        ast.Assign,
        ast.AnnAssign,
        ast.Compare,
        ast.Import,
        ast.ImportFrom,
    )
    for node in nodes:
        kind = type(node)
        if kind is name or kind is constant:
            continue
        if kind is attribute_class:
            attribute: ast.Attribute = node  # type: ignore[assignment]  # kind is ast.Attribute
            if type(attribute.value) is call_class:
                call_attributes[id(attribute.value)] = attribute.attr
        elif kind is call_class:
            facts.calls.append(node)  # type: ignore[arg-type]  # kind is ast.Call
        elif kind is assign or kind is ann_assign:
            assigned: ast.Assign | ast.AnnAssign = node  # type: ignore[assignment]  # by kind
            if isinstance(assigned.value, ast.Call):
                facts.assigns.append(assigned)
            elif isinstance(assigned, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr in _LOGGER_SETUP for t in assigned.targets
            ):
                facts.attribute_stores.append(assigned)
        elif kind is compare:
            facts.compares.append(node)  # type: ignore[arg-type]  # kind is ast.Compare
        elif kind is import_:
            imported: ast.Import = node  # type: ignore[assignment]  # kind is ast.Import
            facts.import_statements.append(imported)
            for alias in imported.names:
                if alias.asname:
                    imports[alias.asname] = alias.name
                else:
                    top = alias.name.partition(".")[0]
                    imports[top] = top
        elif kind is import_from:
            source: ast.ImportFrom = node  # type: ignore[assignment]  # kind is ast.ImportFrom
            facts.import_statements.append(source)
            if source.level == 0 and source.module:
                for alias in source.names:
                    if alias.name != "*":
                        imports[alias.asname or alias.name] = f"{source.module}.{alias.name}"
        elif kind is ast.Raise:
            facts.raises.append(node)  # type: ignore[arg-type]  # kind is ast.Raise
        elif kind is ast.ClassDef:
            classes.append(node)  # type: ignore[arg-type]  # kind is ast.ClassDef


def _finish(tree: ast.Module, facts: ModuleFacts) -> None:
    for stmt in tree.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            facts.module_level_calls.add(id(stmt.value))
        elif _is_main_guard(stmt):
            facts.has_main_guard = True
    imports, by_qualname, by_method = facts.imports, facts.by_qualname, facts.by_method
    for call in facts.calls:
        func = call.func
        if type(func) is ast.Name:
            target = imports.get(func.id) or f"builtins.{func.id}"
            by_qualname.setdefault(target, []).append(call)
            continue
        if type(func) is not ast.Attribute:
            continue
        by_method.setdefault(func.attr, []).append(call)
        qual = resolve_qualname(imports, func)
        if qual is not None:
            by_qualname.setdefault(qual, []).append(call)
    facts.parses_arguments = bool(
        facts.calls_of("parse_args") or facts.calls_of("parse_known_args")
    )
    facts.builds_argparser = bool(facts.calls_to("argparse.ArgumentParser"))


def _classify_classes(classes: list[ast.ClassDef], facts: ModuleFacts) -> None:
    """Same-file warning subclasses, to a fixpoint (a class may come before its base). Which of
    them are API signals is `warning_classes.Categories`' question."""
    changed = True
    while changed:
        changed = False
        for cls in classes:
            bases = [last_identifier(b) for b in cls.bases]
            if cls.name not in facts.warning_classes and any(
                facts.is_warning_class(b) for b in bases
            ):
                facts.warning_classes.add(cls.name)
                changed = True


def resolve_qualname(imports: Mapping[str, str], node: ast.expr) -> str | None:
    """The dotted name an expression refers to through `imports` (local name -> dotted name), e.g.
    `lg.getLogger` -> `logging.getLogger`, `stderr` -> `sys.stderr`; None when not import-rooted."""
    if isinstance(node, ast.Name):
        return imports.get(node.id)
    if isinstance(node, ast.Attribute):
        base = resolve_qualname(imports, node.value)
        return f"{base}.{node.attr}" if base else None
    return None
