"""The libcst transformer applied to one unit (a statement range or a single site call): rewrite
sites by ordinal, remove statements, drop unused imports."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import libcst as cst

from codemods.analyse.names import DROPPABLE_MODULES
from codemods.fixes import Names, SitePlan
from codemods.shared.layout import fit, leading_lines, node_code
from codemods.shared.review import NeedsReview, Review

# the statements a removal takes away: a call's, or an unused logger's assignment
_Removable = TypeVar("_Removable", cst.Expr, cst.Assign, cst.AnnAssign)


class SiteMismatch(Exception):
    """The libcst node found at a site's ordinal is not the call the detector reported."""


class Retry(Exception):
    """Some plans cannot be carried out as they are: the sites given up (`given_up`, each with its
    Review: a `build` refused it, the module's logger is bound too late), and the sites whose call
    is rewritten as part of its statement (`whole_statement`). The pipeline marks those plans
    (`SitePlan.review`, `SitePlan.whole_statement`) and starts again."""

    def __init__(
        self,
        given_up: list[tuple[SitePlan, Review]] | None = None,
        whole_statement: list[SitePlan] | None = None,
    ) -> None:
        self.given_up = given_up or []
        self.whole_statement = whole_statement or []
        super().__init__(f"{len(self.given_up)} given up")


def build_site(plan: SitePlan, node: cst.BaseExpression, names: Names) -> cst.BaseExpression:
    """`plan.build` on the site's libcst node; a refusal (`NeedsReview`) gives the site up."""
    assert plan.build is not None, "a removal has nothing to build"
    try:
        return plan.build(node, names)
    except NeedsReview as exc:
        raise Retry([(plan, exc.review)]) from None


def same_call(code: str, call: ast.expr) -> bool:
    """True when libcst's text for a site (a call or comparison) parses to the detector's."""
    try:
        parsed = ast.parse("(\n" + code + "\n)", mode="eval").body
    except SyntaxError:
        return False
    return ast.dump(parsed) == ast.dump(call)


@dataclass
class UnitTransformer(cst.CSTTransformer):
    """Rewrites the calls at `plans` (keyed by preorder call ordinal) and drops `drop` imports."""

    plans: dict[int, SitePlan]
    names: Names
    drop: frozenset[str] = frozenset()
    done: list[SitePlan] = field(default_factory=list)
    verified: int = -1  # the ordinal whose text is known to be the site's (an expression unit)
    modules: tuple[str, ...] = DROPPABLE_MODULES  # the modules whose imports `drop` applies to
    constants: frozenset[str] = frozenset()  # literal constants whose assignment goes

    def __post_init__(self) -> None:
        super().__init__()
        self._ordinal = -1
        self._stack: list[int] = []
        # libcst nodes hash by identity: these name the nodes of this visit, not equal copies
        self._removed: dict[cst.BaseExpression, SitePlan] = {}
        self._doomed: set[cst.BaseStatement] = set()
        self._last_removed: SitePlan | None = None

    def visit_Call(self, node: cst.Call) -> bool:
        self._ordinal += 1
        self._stack.append(self._ordinal)
        return True

    def visit_Comparison(self, node: cst.Comparison) -> bool:
        self._ordinal += 1
        self._stack.append(self._ordinal)
        return True

    def leave_Comparison(
        self, original_node: cst.Comparison, updated_node: cst.Comparison
    ) -> cst.BaseExpression:
        return self._leave_site(original_node, updated_node)

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        return self._leave_site(original_node, updated_node)

    def _leave_site(
        self, original_node: cst.Call | cst.Comparison, updated_node: cst.Call | cst.Comparison
    ) -> cst.BaseExpression:
        """A call or comparison: the site's replacement when it is one, else unchanged."""
        ordinal = self._stack.pop()
        plan = self.plans.get(ordinal)
        if plan is None:
            return updated_node
        if ordinal != self.verified and not same_call(node_code(original_node), plan.call):
            raise SiteMismatch(f"line {plan.call.lineno}: site not found by libcst")
        if plan.build is None:
            assert isinstance(updated_node, cst.Call)  # removals are of calls' statements
            self._removed[updated_node] = plan
            return updated_node
        new = build_site(plan, updated_node, self.names)
        self.done.append(plan)
        return fit(new, plan.surroundings)[0] if plan.surroundings is not None else new

    def leave_Expr(
        self, original_node: cst.Expr, updated_node: cst.Expr
    ) -> cst.Expr | cst.RemovalSentinel:
        return self._remove_if_planned(updated_node)

    def leave_Assign(
        self, original_node: cst.Assign, updated_node: cst.Assign
    ) -> cst.Assign | cst.RemovalSentinel:
        return self._remove_if_planned(updated_node)  # an unused logger (`_unused_logger`)

    def leave_AnnAssign(
        self, original_node: cst.AnnAssign, updated_node: cst.AnnAssign
    ) -> cst.AnnAssign | cst.RemovalSentinel:
        return self._remove_if_planned(updated_node)

    def _remove_if_planned(self, statement: _Removable) -> _Removable | cst.RemovalSentinel:
        """The statement removed when its value is a call planned for removal."""
        value: cst.BaseExpression | None = statement.value
        plan = self._removed.pop(value, None) if value is not None else None
        if plan is None:
            return statement
        self.done.append(plan)
        self._last_removed = plan
        return cst.RemoveFromParent()

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> cst.BaseStatement:
        removed, self._last_removed = self._last_removed, None
        kept = [self._drop_dead(small) for small in updated_node.body]
        body = [small for small in kept if small is not None]
        if body:
            if len(body) != len(original_node.body):
                body[-1] = body[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
            return updated_node.with_changes(body=body)
        if removed is not None and removed.sole_in_block:
            return updated_node.with_changes(body=[cst.Pass()])
        if removed is not None or self._is_constant(original_node):
            # a removed configuration line or dead constant: the comment right above it was about it
            updated_node = updated_node.with_changes(
                leading_lines=_without_attached_comment(updated_node.leading_lines)
            )
        self._doomed.add(updated_node)
        return updated_node

    def _is_constant(self, line: cst.SimpleStatementLine) -> bool:
        return any(
            isinstance(small, cst.Assign)
            and isinstance(small.targets[0].target, cst.Name)
            and small.targets[0].target.value in self.constants
            for small in line.body
        )

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        body, carry = self.prune(updated_node.body)
        return updated_node.with_changes(body=body, footer=[*carry, *updated_node.footer])

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body, carry = self.prune(updated_node.body)
        return updated_node.with_changes(body=body, footer=[*carry, *updated_node.footer])

    def prune(
        self, body: Sequence[cst.BaseStatement]
    ) -> tuple[list[cst.BaseStatement], list[cst.EmptyLine]]:
        """Drop doomed lines; their comment lines move to the next statement (or the footer)."""
        out: list[cst.BaseStatement] = []
        carry: list[cst.EmptyLine] | None = None
        for stmt in body:
            if stmt in self._doomed:
                lines = leading_lines(stmt)
                if carry is None:
                    carry = lines
                elif any(line.comment for line in lines):
                    carry = [*carry, *lines]
                continue
            if carry is not None:
                own = leading_lines(stmt)
                if any(line.comment for line in carry):
                    stmt = stmt.with_changes(leading_lines=[*carry, *own])
                elif not own or (not out and not any(line.comment for line in own)):
                    stmt = stmt.with_changes(leading_lines=carry)
                carry = None
            out.append(stmt)
        return out, [line for line in carry or () if line.comment]

    def _drop_dead(self, small: cst.BaseSmallStatement) -> cst.BaseSmallStatement | None:
        """`small` without what the rewrite left dead (`drop`): import names, `del` of them, a
        constant's assignment; None when nothing of it is left."""
        if not self.drop:
            return small
        if isinstance(small, cst.Del):
            return self._drop_deleted(small)
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target = small.targets[0].target
            literal = (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)
            if isinstance(target, cst.Name) and target.value in self.constants:
                return None if isinstance(small.value, literal) else small
        return self._drop_imports(small)

    def _drop_deleted(self, small: cst.Del) -> cst.Del | None:
        target = small.target
        if isinstance(target, cst.Name):
            return None if target.value in self.drop else small
        if not isinstance(target, cst.Tuple):
            return small
        keep = [
            e
            for e in target.elements
            if not (isinstance(e.value, cst.Name) and e.value.value in self.drop)
        ]
        if len(keep) == len(target.elements):
            return small
        if not keep:
            return None
        keep[-1] = keep[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return small.with_changes(target=target.with_changes(elements=keep))

    def _drop_imports(self, small: cst.BaseSmallStatement) -> cst.BaseSmallStatement | None:
        if isinstance(small, cst.Import):
            aliases = small.names
            keep = [a for a in aliases if not self._droppable(a, node_code(a.name))]
        elif isinstance(small, cst.ImportFrom) and not small.relative and small.module:
            module = node_code(small.module)
            if module not in self.modules or isinstance(small.names, cst.ImportStar):
                return small
            aliases = small.names
            keep = [a for a in aliases if not self._droppable(a, None)]
        else:
            return small
        if len(keep) == len(aliases):
            return small
        if not keep:
            return None
        last_comma = aliases[-1].comma
        keep[-1] = keep[-1].with_changes(
            comma=last_comma if small_has_parens(small) else cst.MaybeSentinel.DEFAULT
        )
        return small.with_changes(names=keep)

    def _droppable(self, alias: cst.ImportAlias, module: str | None) -> bool:
        if module is not None and module not in self.modules:
            return False
        local = node_code(alias.asname.name if alias.asname else alias.name)
        return local in self.drop


def _without_attached_comment(lines: Sequence[cst.EmptyLine]) -> list[cst.EmptyLine]:
    """`lines` (above a statement) without the comment lines right above it (after the last
    blank line): the comment that described the removed statement."""
    kept = list(lines)
    while kept and kept[-1].comment is not None:
        kept.pop()
    return kept


def small_has_parens(small: cst.BaseSmallStatement) -> bool:
    return isinstance(small, cst.ImportFrom) and small.lpar is not None
