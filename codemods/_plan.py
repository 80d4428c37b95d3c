"""Turn fixable findings into site plans: which call, which rewrite, which logger to use."""

from __future__ import annotations

import ast

from codemods._layout import Room
from codemods._names import ModuleNames
from codemods._rewrite import SitePlan
from codemods._units import char_col, statement_chain
from lint_rules import Finding

_KINDS = {"ETL001": "get_logger", "ETL002": "root", "ETL004": "warn", "ETL005": "remove"}
_ROOT_METHODS = {
    "debug",
    "info",
    "warning",
    "warn",
    "error",
    "exception",
    "critical",
    "fatal",
    "log",
}
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _call_index(
    calls: list[ast.Call], lines: list[str]
) -> dict[tuple[int, int, int, int], ast.Call]:
    """Calls by the detector's position key: 1-based line and character column, start and end."""
    index: dict[tuple[int, int, int, int], ast.Call] = {}
    for node in calls:
        end_line = node.end_lineno or node.lineno
        key = (
            node.lineno,
            char_col(lines, node.lineno, node.col_offset) + 1,
            end_line,
            char_col(lines, end_line, node.end_col_offset or 0) + 1,
        )
        index.setdefault(key, node)
    return index


def make_plans(
    tree: ast.Module, lines: list[str], findings: list[Finding], facts: ModuleNames
) -> tuple[list[SitePlan], dict[int, str]]:
    """Plans for the findings the codemod can locate; the others with the reason why not."""
    index = _call_index(facts.calls, lines)
    plans: list[SitePlan] = []
    unplanned: dict[int, str] = {}
    for finding in findings:
        call = index.get((finding.line, finding.col, finding.end_line, finding.end_col))
        if call is None:
            unplanned[id(finding)] = "site not located by the codemod: review"
            continue
        plan = _plan(finding, call, tree, facts)
        if isinstance(plan, str):
            unplanned[id(finding)] = plan
        else:
            plan.room = _room(lines, finding)
            plans.append(plan)
    return plans, unplanned


def _plan(finding: Finding, call: ast.Call, tree: ast.Module, facts: ModuleNames) -> SitePlan | str:
    code = finding.code
    if code == "ETL003":
        is_print = isinstance(call.func, ast.Name) and call.func.id == "print"
        return SitePlan(finding, "print" if is_print else "write", call)
    kind = _KINDS.get(code)
    if kind is None:
        return f"{code} is review-only"
    if kind == "root":
        method = (facts.qualname(call.func) or "").rpartition(".")[2]
        if method not in _ROOT_METHODS:
            return "root logging call not understood: review"
        return SitePlan(finding, kind, call, method=method)
    if kind == "remove":
        chain = statement_chain(tree, call.lineno, call.col_offset)
        stmt = chain[-1] if chain else None
        if not isinstance(stmt, ast.Expr) or stmt.value is not call:
            return "logging configuration inside an expression: review"
        block = _block_of(tree, chain)
        return SitePlan(finding, kind, call, sole_in_block=len(block) == 1)
    return SitePlan(finding, kind, call)


def _room(lines: list[str], finding: Finding) -> Room:
    first, last = lines[finding.line - 1], lines[finding.end_line - 1].rstrip("\r\n")
    indent = first[: len(first) - len(first.lstrip(" \t"))]
    return Room(finding.col - 1, len(last) - (finding.end_col - 1), indent)


def _block_of(tree: ast.Module, chain: list[ast.stmt]) -> list[ast.stmt]:
    if len(chain) == 1:
        return tree.body
    parent, stmt = chain[-2], chain[-1]
    blocks = [getattr(parent, n, None) or [] for n in ("body", "orelse", "finalbody")]
    blocks += [h.body for h in getattr(parent, "handlers", None) or []]
    blocks += [c.body for c in getattr(parent, "cases", None) or []]
    return next(b for b in blocks if stmt in b)


def _name_argument(call: ast.Call) -> ast.expr | None:
    if call.args:
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == "name"), None)


def _means_module_name(arg: ast.expr | None, rewritten: bool) -> bool:
    if isinstance(arg, ast.Name) and arg.id == "__name__":
        return True
    if not rewritten:
        return False
    return (
        arg is None
        or (isinstance(arg, ast.Name) and arg.id == "__file__")
        or (isinstance(arg, ast.Constant) and arg.value in ("", None))
    )


def module_logger(
    tree: ast.Module, plans: list[SitePlan], facts: ModuleNames, runtime: str
) -> str | None:
    """The existing module-level `name = getLogger(__name__)` the sites may use, if safe."""
    import_time = [
        p.call.lineno
        for p in plans
        if p.kind != "get_logger"
        and not any(
            isinstance(s, _FUNCTIONS)
            for s in statement_chain(tree, p.call.lineno, p.call.col_offset)
        )
    ]
    first_use = min(import_time, default=10**9)
    sites = {id(p.call) for p in plans if p.kind == "get_logger"}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, value = stmt.target, stmt.value
        else:
            continue
        if not isinstance(target, ast.Name) or not isinstance(value, ast.Call):
            continue
        qual = facts.qualname(value.func)
        rewritten = id(value) in sites
        if not rewritten and qual not in (f"{runtime}.get_logger", "logging.getLogger"):
            continue
        if not _means_module_name(_name_argument(value), rewritten):
            continue
        if facts.bindings[target.id] == 1 and stmt.end_lineno < first_use:  # type: ignore[operator]
            return target.id
    return None
