"""One name for a migrated module's logger, and the file left for review where it cannot be had.

A module keeps the logger it has (`log = logging.getLogger(__name__)` stays `log`, and its sites
use it); one that has none gets `logger` (`_logger` in a package's `__init__.py`, whose
namespace gains no public name), so a reader finds the same name in every file. Binding it at
module level changes nothing else when the module binds that name nowhere else at its top
level, never reads it as a global it does not bind (a star import's, a builtin's), and no site
that will use it sits in a function where the name is a local (a parameter `logger`, a `logger =
multiprocessing.log_to_stderr()`): a local of some other function is that function's business.
Where one of these holds (NXP's modules import NXP's own logging module as `logger`), a second
logger under another name would make one module use two names for two loggers: the file is
left as it is, every site for review, with the binding named. The codemod asks the same
questions (`reusable`, `conflict`) when it picks the name, so both tools agree.
"""

from __future__ import annotations

import ast

from lint_rules.facts import ModuleFacts, last_identifier, name_argument
from lint_rules.rules._own_setup import own_logging_setup

MODULE_LOGGER = "logger"  # the one name of a logger the migration makes
PACKAGE_LOGGER = "_logger"  # in a package's `__init__.py`
_SCOPES = (
    ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
)  # fmt: skip
Chain = tuple[ast.AST, ...]  # the scopes around a node, outermost first (the module: empty)
# Sites that do not call the module logger: a logger built (ETL001 assignments), a configuration
# or an override removed (ETL005, ETL006).
_NOT_USERS = frozenset({"getLogger", "get_logger", "basicConfig", "setLevel", "addHandler"})


def is_package_init(path: str) -> bool:
    return path.replace("\\", "/").rsplit("/", 1)[-1] == "__init__.py"


def new_logger_name(path: str) -> str:
    """The name of the logger the migration makes in the module at `path`, which has none."""
    return PACKAGE_LOGGER if is_package_init(path) else MODULE_LOGGER


class Uses:
    """Where one name is bound and read in a module, by scope, and the scopes of some sites."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.local: dict[int, ast.AST] = {}  # id(scope) -> its first binding of the name
        self.module: list[ast.AST] = []  # bindings at the top level (and `global name`)
        self.reads: list[tuple[ast.Name, Chain]] = []
        self.sites: list[tuple[ast.AST, Chain]] = []


def _binds(node: ast.AST, name: str) -> bool:
    """True when `node` itself binds `name` in the scope it stands in."""
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, (ast.Store, ast.Del))
    if isinstance(node, ast.arg):
        return node.arg == name
    if isinstance(node, ast.alias):
        return (node.asname or node.name.split(".")[0]) == name
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name == name
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
        return node.name == name
    return isinstance(node, ast.MatchMapping) and node.rest == name


def _scan(node: ast.AST, chain: Chain, uses: Uses, sites: set[int]) -> None:
    """Record, under `node` (whose scopes are `chain`), the bindings, reads and sites of the
    name. A parameter binds in its function: the arguments are scanned inside it."""
    for child in ast.iter_child_nodes(node):
        if id(child) in sites:
            uses.sites.append((child, chain))
        if isinstance(child, ast.Global) and uses.name in child.names:
            uses.module.append(child)
        elif _binds(child, uses.name):
            if chain:
                uses.local.setdefault(id(chain[-1]), child)
            else:
                uses.module.append(child)
        elif isinstance(child, ast.Name) and child.id == uses.name:
            uses.reads.append((child, chain))
        _scan(child, (*chain, child) if isinstance(child, _SCOPES) else chain, uses, sites)


def scan(tree: ast.Module, name: str, sites: list[ast.AST]) -> Uses:
    uses = Uses(name)
    _scan(tree, (), uses, {id(site) for site in sites})
    return uses


def _local_scope(chain: Chain, uses: Uses) -> ast.AST | None:
    """The scope of `chain` binding the name, innermost first (a class body only innermost)."""
    for depth, scope in enumerate(reversed(chain)):
        if isinstance(scope, ast.ClassDef) and depth > 0:
            continue  # a class body is not seen from the functions inside it
        if id(scope) in uses.local:
            return scope
    return None


def _line(node: ast.AST) -> int:
    return int(getattr(node, "lineno", 0))


def shadowed(uses: Uses) -> str | None:
    """A site that would not see a module-level binding of the name: it is local there."""
    for site, chain in uses.sites:
        scope = _local_scope(chain, uses)
        if scope is not None:
            where = getattr(scope, "name", "a lambda or comprehension")
            where = (
                f"`{where}()`"
                if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef))
                else where
            )
            return (
                f"`{uses.name}` is a local of {where} (line {_line(uses.local[id(scope)])}), "
                f"where line {_line(site)} would use the module logger"
            )
    return None


def conflict(tree: ast.Module, name: str, sites: list[ast.AST]) -> str | None:
    """Why a new module-level `name = get_logger(__name__)` would clash with the module (see
    the module's docstring), the line named; None when `name` is free for it. `sites`: the
    nodes that will use the new logger."""
    uses = scan(tree, name, sites)
    if uses.module:
        return f"the module binds `{name}` itself (line {_line(uses.module[0])})"
    for read, chain in uses.reads:
        if _local_scope(chain, uses) is None:
            return (
                f"line {read.lineno} reads a `{name}` the module does not bind (a star import's?)"
            )
    return shadowed(uses)


def reusable(tree: ast.Module, name: str, sites: list[ast.AST]) -> bool:
    """True when the module's own logger `name` can serve `sites`: bound once at the top level
    (no `global` rebinding it) and seen from each of them."""
    uses = scan(tree, name, sites)
    return len(uses.module) == 1 and shadowed(uses) is None


def users(sites: list[ast.expr | ast.stmt]) -> list[ast.AST]:
    """The sites whose rewrite calls the module logger (a print, a root call, a warning, a
    level gate), by their shape."""
    found: list[ast.AST] = []
    for site in sites:
        if isinstance(site, ast.Compare):
            found.append(site)
        elif isinstance(site, ast.Call) and last_identifier(site.func) not in _NOT_USERS:
            found.append(site)
    return found


def own_loggers(facts: ModuleFacts, sites: list[ast.expr | ast.stmt]) -> list[str]:
    """The module's own loggers: each top-level `X = logging.getLogger(__name__)` (or
    `get_logger(__name__)`, or a call the migration rewrites into one: one of `sites`)."""
    assert facts.tree is not None
    rewritten = {id(site) for site in sites}
    factories = ("logging.getLogger", f"{facts.runtime_import}.get_logger")
    found = []
    for stmt in facts.tree.body:
        target = (
            stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        )
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
        value = getattr(stmt, "value", None)
        if not isinstance(target, ast.Name) or not isinstance(value, ast.Call):
            continue
        if id(value) not in rewritten and facts.qualname(value.func) not in factories:
            continue
        understood, name = name_argument(value)
        if understood and means_module_name(name, id(value) in rewritten):
            found.append(target.id)
    return found


def means_module_name(arg: ast.expr | None, rewritten: bool) -> bool:
    """The logger's name is the module's: `__name__`, or, in a call the migration rewrites to
    `get_logger(__name__)`, `__file__`, `""`, None or no name at all."""
    if isinstance(arg, ast.Name) and arg.id == "__name__":
        return True
    if not rewritten:
        return False
    return (
        arg is None
        or (isinstance(arg, ast.Name) and arg.id == "__file__")
        or (isinstance(arg, ast.Constant) and arg.value in ("", None))
    )


def logger_name_taken(facts: ModuleFacts, sites: list[ast.expr | ast.stmt]) -> str | None:
    """Why the file must stay as it is: its sites need a module logger and the one name it
    would get is taken (see the module's docstring); None otherwise."""
    assert facts.tree is not None
    calling = users(sites)
    if not calling or own_logging_setup(facts, sites) is not None:
        return None  # (a module that sets up a logger of its own: that verdict says more)
    owns = own_loggers(facts, sites)
    if any(reusable(facts.tree, own, calling) for own in owns):
        return None
    name = new_logger_name(facts.path)
    why = conflict(facts.tree, name, calling)
    if why is not None and name in owns:  # its own logger, which a site cannot use: say why
        why = own_problem(facts.tree, name, calling) or why
    return None if why is None else taken_reason(name, why)


def own_problem(tree: ast.Module, name: str, sites: list[ast.AST]) -> str | None:
    """Why the module's own logger `name` cannot serve `sites` (see `reusable`)."""
    uses = scan(tree, name, sites)
    if len(uses.module) > 1:
        lines = ", ".join(str(_line(node)) for node in uses.module)
        return f"the module binds its logger `{name}` more than once (lines {lines})"
    return shadowed(uses)


def taken_reason(name: str, why: str) -> str:
    return (
        f"its sites need a module logger `{name}` and {why}: every module logger the migration "
        f"makes is `{name}`, so every site of the file is left as it is: review (rename that `{name}`, e.g. "
        "`import ... as ir_logger`, or bind the module's own `logging.getLogger(__name__)` "
        "where every site sees it, then migrate)"
    )
