"""A module that gates its output on a verbosity setting of its own: all or nothing.

NXP's `backends/nxp/backend/ir/logger.py` writes `d/i/w(msg)` as `if MIN_OUTPUT_IMPORTANCE.value >
MessageImportance.DEBUG.value: return` followed by `print("DEBUG: ", msg)`. Rewritten into
`logger.debug(msg)` below that gate, the line would still be hidden by the module's own switch
(its default, WARNING, hides DEBUG and INFO): `TORCH_LOGS=+nxp` could not show it, and the
module's switch, not the component, would still decide. Such a site (a print, a write or a
root-logger call behind an early `return` or inside an `if` whose test compares a module-level
setting that is not a logger's level) is not rewritten, and since a file is migrated completely
or not at all, neither is the rest of the file: every site of it is left for review, with the
gate named and what its owner can do (make the gate ask the logger, or drop it, then migrate).
A flag the caller sets (`if verbose:`, `if self.debug:`) is output the caller asked for
(`_requested`), not a setting of the module.
"""

from __future__ import annotations

import ast
import re

from lint_rules.facts import ROOT_LOGGING_FUNCTIONS, ModuleFacts, last_identifier
from lint_rules.lazy_pattern import LazyPattern
from lint_rules.statements import FUNCTIONS

# What names a verbosity setting (`MIN_OUTPUT_IMPORTANCE`, `VERBOSITY`, `_LOG_LEVEL`, `DEBUG`).
SETTING_WORDS = LazyPattern(r"verbos|level|importance|severity|debug|quiet|silent", re.IGNORECASE)
# What names a level on the other side of the comparison (`MessageImportance.DEBUG`).
LEVEL_WORDS = LazyPattern(r"(?:debug|info|warn(?:ing)?|error|critical|verbose|trace)", re.I)
# What asks a logger: a logging level gate (ETL009's, or already the right call), not the module's.
_LOGGER_QUESTIONS = frozenset({"isEnabledFor", "getEffectiveLevel", "level"})
_OUTPUT = frozenset({"print", "write"}) | ROOT_LOGGING_FUNCTIONS


def module_settings(facts: ModuleFacts) -> dict[str, ast.stmt]:
    """Names the module binds at its top level to a value that is not a logger, a function, a
    class or an import: the settings a gate may compare (each with its first binding)."""
    assert facts.tree is not None
    roots, loggers, _ = facts.logger_variables
    found: dict[str, ast.stmt] = {}
    for stmt in facts.tree.body:
        targets: list[ast.expr] = []
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets = [stmt.target]
        for target in targets:
            if isinstance(target, ast.Name) and target.id not in roots | loggers:
                found.setdefault(target.id, stmt)
    return found


def _asks_a_logger(test: ast.expr) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr in _LOGGER_QUESTIONS for n in ast.walk(test))


def _tested(test: ast.expr) -> list[ast.expr]:
    """The parts of `test` a gate compares or tests: the operands of a comparison, a name or
    attribute tested alone (`if DEBUG:`, `if not VERBOSE:`), each side of `and`/`or`."""
    if isinstance(test, ast.BoolOp):
        return [part for value in test.values for part in _tested(value)]
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _tested(test.operand)
    if isinstance(test, ast.Compare):
        return [test.left, *test.comparators]
    return [test] if isinstance(test, (ast.Name, ast.Attribute)) else []


def _root_name(node: ast.expr) -> str | None:
    """`X` for `X`, `X.value`, `X.a.b`; None for anything else (a call, a subscript...)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def gate_setting(test: ast.expr, settings: dict[str, ast.stmt]) -> str | None:
    """The module setting `test` compares, when it reads as a verbosity gate: a module-level
    setting, compared or tested alone, whose name says so (`VERBOSITY`, `MIN_OUTPUT_IMPORTANCE`)
    or which is compared with a level (`MessageImportance.DEBUG`); None for a test that asks a
    logger (its level, `isEnabledFor`), or any other test."""
    if _asks_a_logger(test):
        return None
    parts = _tested(test)
    roots = [_root_name(part) for part in parts]
    for part, name in zip(parts, roots, strict=True):
        if name is None or name not in settings:
            continue
        others = [p for p in parts if p is not part]
        words = [w for p in others for n in ast.walk(p) if (w := _word(n))]
        if any(LEVEL_WORDS.fullmatch(w) for w in words):
            return name  # compared with a level: `... > MessageImportance.DEBUG.value`
        # a setting named so, tested alone or against a constant (`VERBOSITY >= 2`), not
        # against data (`depth > MAX_NESTING_LEVEL` is a limit, not a verbosity)
        constant = all(isinstance(p, ast.Constant) for p in others)
        if SETTING_WORDS.search(name) and constant:
            return name
    return None


def _word(node: ast.AST) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _early_exit(stmt: ast.stmt) -> ast.expr | None:
    """The test of `if <test>: return` (nothing else in it)."""
    if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1:
        if isinstance(stmt.body[0], ast.Return):
            return stmt.test
    return None


def _gates(chain: list[ast.stmt], block_of: list[list[ast.stmt]]) -> list[ast.If]:
    """The `if` statements of the innermost function of `chain` that decide whether its last
    statement runs: those it is inside, and the early returns before it in each block."""
    start = max((i + 1 for i, s in enumerate(chain) if isinstance(s, FUNCTIONS)), default=0)
    found: list[ast.If] = []
    for depth in range(start, len(chain)):
        stmt = chain[depth]
        if isinstance(stmt, ast.If) and depth + 1 < len(chain):
            found.append(stmt)
        for sibling in block_of[depth]:
            if sibling is stmt:
                break
            if _early_exit(sibling) is not None:
                assert isinstance(sibling, ast.If)
                found.append(sibling)
    return found


def _blocks(chain: list[ast.stmt], facts: ModuleFacts) -> list[list[ast.stmt]]:
    """For each statement of `chain`, the statement list holding it."""
    return [facts.statements.block_of(chain[: i + 1]) for i in range(len(chain))]


def own_verbosity_gate(facts: ModuleFacts, sites: list[ast.expr | ast.stmt]) -> str | None:
    """Why the file must stay as it is, when one of its `sites` writes output behind a
    verbosity gate of the module's own; None otherwise."""
    settings = module_settings(facts)
    if not settings:
        return None
    for site in sorted(sites, key=lambda node: (node.lineno, node.col_offset)):
        if not isinstance(site, ast.Call) or last_identifier(site.func) not in _OUTPUT:
            continue
        chain = facts.statements.chain_of(site)
        function = next((s.name for s in reversed(chain) if isinstance(s, FUNCTIONS)), None)
        where = f"line {site.lineno}" + (f" (in `{function}()`)" if function else "")
        for gate in _gates(chain, _blocks(chain, facts)):
            name = gate_setting(gate.test, settings)
            if name is None:
                continue
            binding = settings[name]
            default = ast.unparse(binding).splitlines()[0]
            how = "returns early" if _early_exit(gate) is not None else "runs only"
            return (
                f"{where} writes output behind the module's own verbosity gate "
                f"`{ast.unparse(gate.test)}` (line {gate.lineno}: it {how} on the module's "
                f"setting, `{default}` at line {binding.lineno}): as a logger call it would "
                "still be hidden or shown by that setting, not by TORCH_LOGS, so every site "
                "of the file is left as it is: review (make the gate ask the logger, e.g. "
                "`if not logger.isEnabledFor(logging.DEBUG): return`, or drop the setting, "
                "then migrate)"
            )
    return None
