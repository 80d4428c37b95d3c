"""One attempt at rewriting a module's sites: plans -> character edits (each site call on its own
text; libcst on whole statements only where one changes as a whole) -> spliced text -> guard."""

from __future__ import annotations

import ast
import re
from bisect import bisect_right

import libcst as cst

from codemods.analyse.names import ModuleNames
from codemods.fixes import Names, SitePlan
from codemods.guard import Allowed, check, span
from codemods.plan.plans import (
    HeaderEdit,
    choose_names,
    dead_constants,
    import_time_use,
    module_logger,
    name_taken,
    names_to_drop,
    too_early,
)
from codemods.rewrite.anchors import header_units
from codemods.rewrite.header import apply_header
from codemods.rewrite.splice import TextEdit, line_starts, splice
from codemods.rewrite.transformer import Retry, SiteMismatch, UnitTransformer, build_site
from codemods.shared.layout import LINE_LENGTH, fit, node_code
from codemods.shared.review import Review
from codemods.shared.units import Unit, merge_units, unit_for
from lint_rules import Config
from lint_rules.detector import Analysis
from lint_rules.walk import walk_all

_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


class Rewrite:
    """One attempt at rewriting a module with a given set of plans; `Retry` when some cannot be
    carried out as they are."""

    def __init__(
        self,
        analysis: Analysis,
        lines: list[str],
        names: ModuleNames,
        config: Config,
        whole_module: bool,
    ) -> None:
        self.analysis = analysis
        self.lines = lines
        self.names = names
        self.config = config
        self.whole_module = whole_module
        self.starts = line_starts(lines)

    def run(self, plans: list[SitePlan]) -> tuple[str, list[SitePlan], ast.Module]:
        """The new text, the plans carried out, and the new text's tree (from the guard)."""
        text = self.analysis.text
        if not plans:
            return text, [], self.analysis.tree
        drop = names_to_drop(plans, self.names)
        runtime = self.config.runtime_import
        found = None
        if any(p.needs_logger for p in plans):
            found = module_logger(self.analysis, plans, self.names, runtime)
        early = too_early(self.analysis, plans, found)
        if early:  # one logger per module: those sites wait until its line moves up
            raise Retry(early)
        if found is None and any(p.needs_logger for p in plans):
            taken = name_taken(self.analysis, plans)
            if taken is not None:  # one name for every new logger: the whole file waits
                raise Retry([(plan, taken) for plan in plans])
        names, edit = choose_names(self.analysis, plans, self.names, runtime, drop, found)
        units = self._statement_units(plans, drop, edit)
        in_unit, alone = _assign(units, plans)
        edits: list[TextEdit] = []
        done: list[SitePlan] = []
        for unit, unit_plans in zip(units, in_unit, strict=True):
            new, unit_done = _apply_unit(  # a site given up raises Retry at once
                unit,
                self.lines,
                unit_plans,
                names,
                (drop, dead_constants(drop, self.names)),
                edit,
            )
            first = unit.start
            if not new and (any(p.removes for p in unit_plans) or self._holds_constant(unit, drop)):
                first = _attached_comment(self.lines, unit.start)  # it described what went
            edits.append((self.starts[first - 1], self.starts[unit.end], new, True))
            done += unit_done
        given_up: list[tuple[SitePlan, Review]] = []
        for group in _outermost(alone):
            try:
                edits.append(self._call_edit(group, names))
            except Retry as retry:  # a build gave its site up: the others are still tried
                given_up += retry.given_up
            except cst.ParserSyntaxError:  # the call's text alone does not parse: use its statement
                raise Retry(whole_statement=[group[0]]) from None
            else:
                done += group
        if given_up:
            raise Retry(given_up)
        new_text = splice(text, self.lines, self.starts, edits)
        allowed = Allowed(
            constants=dead_constants(drop, self.names),
            sites=frozenset(span(p.call) for p in done if not p.removes),
            removed=frozenset((p.call.lineno, p.call.col_offset) for p in done if p.removes),
            runtime=self.config.runtime_import,
            runtime_names=frozenset(local for _, local in edit.names),
            logger=edit.logger,
            get_logger=edit.get_logger,
        )
        path = self.config.relpath(self.analysis.path)
        return new_text, done, check(self.analysis.tree, text, new_text, path, allowed)

    def _statement_units(
        self, plans: list[SitePlan], drop: frozenset[str], edit: HeaderEdit
    ) -> list[Unit]:
        tree, lines = self.analysis.tree, self.lines
        everything = [Unit(1, max(len(lines), 1), False, list(tree.body), True, True)]
        if self.whole_module:
            return everything
        index = self.analysis.facts.statements
        nodes: list[ast.expr | ast.stmt] = [p.call for p in plans if p.removes or p.whole_statement]
        if drop:
            nodes += [
                node
                for node in self.names.import_stmts
                if any((a.asname or a.name.split(".")[0]) in drop for a in node.names)
            ]
            nodes += [
                node
                for node in self.names.deletes
                if any(isinstance(t, ast.Name) and t.id in drop for t in node.targets)
            ]
            constants = dead_constants(drop, self.names)
            nodes += [stmt for name, stmt in self.names.constants.items() if name in constants]
        units: list[Unit] = []
        for node in nodes:
            unit = unit_for(index, lines, node)
            if unit is None:
                return everything
            units.append(unit)
        if edit.names or edit.logger:
            runtime = edit.runtime
            first_use = import_time_use(self.analysis, plans)
            header = header_units(
                tree, lines, runtime, bool(edit.names), bool(edit.logger), drop, first_use
            )
            if header is None:
                return everything
            units += header
        if not units:
            return []
        return merge_units(units) or everything

    def _holds_constant(self, unit: Unit, drop: frozenset[str]) -> bool:
        dead = dead_constants(drop, self.names)
        return any(self.names.constants.get(name) in unit.stmts for name in dead)

    def _call_edit(self, group: list[SitePlan], names: Names) -> TextEdit:
        """A site call (with the sites nested in it) rewritten on its own text."""
        finding = group[0].finding
        start = self.starts[finding.line - 1] + finding.col - 1
        end = self.starts[finding.end_line - 1] + finding.end_col - 1
        text = self.analysis.text[start:end]
        if len(group) == 1 and group[0].rename is not None:
            renamed = _renamed(group[0], text, names)
            if renamed is not None:
                return start, end, renamed, False
        node = cst.parse_expression(text)
        plan = group[0]
        if len(group) == 1 and plan.build is not None:  # the common case: no visitor needed
            new = build_site(plan, node, names)
            if plan.surroundings is not None:
                return start, end, fit(new, plan.surroundings)[1], False
            return start, end, node_code(new), False
        transformer = UnitTransformer(_by_ordinal([plan.call], group), names, verified=0)
        changed = node.visit(transformer)
        if len(transformer.done) != len(group) or not isinstance(changed, cst.CSTNode):
            raise SiteMismatch(f"line {finding.line}: {len(group)} site(s), some not reached")
        return start, end, node_code(changed), False


def _attached_comment(lines: list[str], start: int) -> int:
    """The first line of the comment block right above line `start` (no blank line between),
    or `start` itself when there is none, or when the block opens the file (a license header, an
    encoding cookie: not about the statement)."""
    first = start
    while first > 1 and lines[first - 2].lstrip().startswith("#"):
        first -= 1
    return start if first == 1 else first


def _renamed(plan: SitePlan, text: str, names: Names) -> str | None:
    """`text` with the called function renamed, when that needs no libcst: a one-line call whose
    function is a plain name or dotted name, still within black's line length."""
    call, around, rename = plan.call, plan.surroundings, plan.rename
    if rename is None or around is None or not isinstance(call, ast.Call):
        return None
    func = call.func
    if call.end_lineno != call.lineno or func.end_lineno != func.lineno:
        return None
    length = (func.end_col_offset or 0) - func.col_offset
    old = text.encode("utf-8")[:length].decode("utf-8", "replace")
    if not _DOTTED.fullmatch(old):
        return None
    new = rename(names) + text[len(old) :]
    if around.before + len(new) + around.after > LINE_LENGTH:
        return None
    return new


def _assign(
    units: list[Unit], plans: list[SitePlan]
) -> tuple[list[list[SitePlan]], list[SitePlan]]:
    """Each unit's plans (a plan whose call starts on a unit's lines), and the plans in none."""
    firsts = [u.start for u in units]
    in_unit: list[list[SitePlan]] = [[] for _ in units]
    alone: list[SitePlan] = []
    for plan in plans:
        at = bisect_right(firsts, plan.call.lineno) - 1
        if at >= 0 and plan.call.lineno <= units[at].end:
            in_unit[at].append(plan)
        elif plan.removes:
            raise AssertionError("a removal outside its unit")
        else:
            alone.append(plan)
    return in_unit, alone


def _position(node: ast.expr) -> tuple[int, int, int, int]:
    return (node.lineno, node.col_offset, -(node.end_lineno or 0), -(node.end_col_offset or 0))


def _outermost(plans: list[SitePlan]) -> list[list[SitePlan]]:
    """Plans grouped by the outermost site call holding them (a site nested in another's
    arguments is rewritten with it)."""
    groups: list[list[SitePlan]] = []
    end = (0, 0)
    for plan in sorted(plans, key=lambda p: _position(p.call)):
        call = plan.call
        if groups and (call.lineno, call.col_offset) < end:
            groups[-1].append(plan)
            continue
        groups.append([plan])
        end = (call.end_lineno or call.lineno, call.end_col_offset or 0)
    return groups


def _by_ordinal(roots: list[ast.AST], plans: list[SitePlan]) -> dict[int, SitePlan]:
    """Plans keyed by their site's preorder position among the calls and comparisons under
    `roots` (libcst's visiting order), so the transformer finds them without position metadata."""
    # ast nodes hash by identity: `dict.fromkeys` drops a node reached from two roots
    unique = dict.fromkeys(
        n for root in roots for n in walk_all(root) if isinstance(n, (ast.Call, ast.Compare))
    )
    index = {call: i for i, call in enumerate(sorted(unique, key=_position))}
    return {index[p.call]: p for p in plans if p.call in index}


def _apply_unit(
    unit: Unit,
    lines: list[str],
    plans: list[SitePlan],
    names: Names,
    dead: tuple[frozenset[str], frozenset[str]],
    edit: HeaderEdit,
) -> tuple[str, list[SitePlan]]:
    """The unit's new text (without the wrapper) and the plans carried out in it. `dead`: the
    names the rewrite left dead, and those of them that are literal constants."""
    module = cst.parse_module(unit.text(lines))
    ordinals = _by_ordinal(list(unit.stmts), plans)
    transformer = UnitTransformer(ordinals, names, dead[0], constants=dead[1])
    module = module.visit(transformer)
    if unit.add_import or unit.add_logger:
        after = lines[unit.end] if unit.end < len(lines) else ""
        module = apply_header(
            module,
            edit,
            add_import=unit.add_import,
            add_logger=unit.add_logger,
            blank_follows=not after.strip() or unit.end >= len(lines),
        )
    if len(transformer.done) != len(plans):
        raise SiteMismatch(
            f"line {unit.start}: {len(plans) - len(transformer.done)} site(s) not reached"
        )
    if not unit.indented:
        if not module.body and not module.header and not module.footer:
            return "", transformer.done
        return module.code, transformer.done
    wrapper = module.body[0]
    if isinstance(wrapper, cst.If) and not wrapper.body.body:
        return "", transformer.done
    code, prefix = module.code, unit.wrapper(lines)
    assert code.startswith(prefix)
    return code[len(prefix) :], transformer.done
