"""Migrate one module's text: detect (lint_rules) -> plan -> libcst per unit -> splice -> guard."""

from __future__ import annotations

import ast
import warnings
from collections import Counter
from dataclasses import dataclass, field

import libcst as cst

from codemods._anchors import header_units
from codemods._calls import Names, SiteSkipped
from codemods._guard import Allowed, GuardError, check
from codemods._header import HeaderEdit, apply_header
from codemods._names import DROPPABLE_MODULES, LOGGER_CANDIDATES, ModuleNames, scan_names
from codemods._plan import make_plans, module_logger
from codemods._rewrite import SiteMismatch, SitePlan, UnitTransformer
from codemods._units import Unit, merge_units, split_lines, unit_for
from lint_rules import Config, Finding, SourceError, detect_source
from lint_rules.walk import walk_all

_MAX_RETRIES = 8


@dataclass
class Review:
    """A site left for a human, with the reason."""

    finding: Finding
    reason: str


@dataclass
class SourceResult:
    """The outcome for one module; `error` set means: leave the file byte-identical."""

    path: str
    old_text: str
    new_text: str
    rewritten: list[Finding] = field(default_factory=list)
    review: list[Review] = field(default_factory=list)
    error: str | None = None
    error_line: int = 0

    @property
    def changed(self) -> bool:
        return self.error is None and self.new_text != self.old_text


def migrate_source(
    text: str, path: str, config: Config, *, whole_module: bool = False
) -> SourceResult:
    """The migrated text of `text` (pretending to live at `path`); never raises on bad input."""
    result = SourceResult(path, text, text)
    try:
        findings = detect_source(text, path, config)
    except SourceError as exc:
        result.error, result.error_line = exc.reason, exc.line
        return result
    result.review = [Review(f, f.reason) for f in findings if not f.fixable]
    fixable = [f for f in findings if f.fixable]
    if not fixable:
        return result
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tree = ast.parse(text, filename=path)
    skipped: dict[int, str] = {}
    for _ in range(_MAX_RETRIES):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # invalid escapes in the target's literals
                new_text, done = _rewrite(text, tree, fixable, skipped, config, whole_module)
        except SiteSkipped as exc:
            plan: SitePlan = exc.plan  # type: ignore[attr-defined]
            skipped[id(plan.finding)] = str(exc)
            continue
        except (SiteMismatch, GuardError, cst.ParserSyntaxError) as exc:
            result.error = f"{type(exc).__name__}: {exc}".replace("\n", " ")
            return result
        except RecursionError:  # libcst and the planners recurse: refuse, never crash the run
            result.error = "expression nested too deeply to rewrite safely"
            return result
        result.new_text = new_text
        result.rewritten = [p.finding for p in done]  # type: ignore[misc]
        break
    else:
        result.error = "too many sites skipped during rewriting"
        return result
    unmatched = [f for f in fixable if id(f) in skipped]
    result.review += [Review(f, skipped[id(f)]) for f in unmatched]
    result.review.sort(key=lambda r: (r.finding.line, r.finding.col))
    return result


def _rewrite(
    text: str,
    tree: ast.Module,
    fixable: list[Finding],
    skipped: dict[int, str],
    config: Config,
    whole_module: bool,
) -> tuple[str, list[SitePlan]]:
    lines = split_lines(text)
    facts = scan_names(tree, config.runtime_import)
    plans, unplanned = make_plans(tree, lines, [f for f in fixable if id(f) not in skipped], facts)
    skipped.update(unplanned)
    if not plans:
        return text, []
    names, edit = _choose_names(tree, plans, facts, config)
    drop = _names_to_drop(plans, facts)
    units = _units(tree, lines, plans, drop, edit, whole_module, facts.import_stmts)
    done: list[SitePlan] = []
    pieces: dict[int, tuple[int, str]] = {}
    for unit in units:
        new, unit_done = _apply(unit, lines, plans, names, drop, edit)
        pieces[unit.start] = (unit.end, new)
        done += unit_done
    new_text = _splice(lines, pieces)
    allowed = Allowed(
        sites=frozenset((p.call.lineno, p.call.col_offset) for p in done if p.kind != "remove"),
        removed=frozenset((p.call.lineno, p.call.col_offset) for p in done if p.kind == "remove"),
        runtime=config.runtime_import,
        runtime_names=frozenset(local for _, local in edit.names),
        logger=edit.logger,
        get_logger=edit.get_logger,
    )
    check(tree, text, new_text, str(config.relpath(fixable[0].path)), allowed)
    return new_text, done


def _choose_names(
    tree: ast.Module, plans: list[SitePlan], facts: ModuleNames, config: Config
) -> tuple[Names, HeaderEdit]:
    runtime = config.runtime_import
    kinds = {p.kind for p in plans}
    needs_logger = bool(kinds & {"root", "print", "write", "warn"})
    existing = module_logger(tree, plans, facts, runtime) if needs_logger else None
    logger = existing or facts.fresh(LOGGER_CANDIDATES)
    imported = {target: local for local, target in facts.imports.items()}
    wanted: list[tuple[str, str]] = []
    locals_: dict[str, str] = {}
    needs = {
        "get_logger": "get_logger" in kinds or (needs_logger and existing is None),
        "warn_once": "warn" in kinds,
    }
    for name, needed in needs.items():
        local = imported.get(f"{runtime}.{name}")
        if local is None:
            local = name if not facts.taken(name) else facts.fresh((f"_{name}", f"_et_{name}"))
            if needed:
                wanted.append((name, local))
        locals_[name] = local
    names = Names(logger, locals_["get_logger"], locals_["warn_once"])
    edit = HeaderEdit(
        runtime=runtime,
        names=tuple(wanted),
        logger=None if (existing or not needs_logger) else logger,
        get_logger=locals_["get_logger"],
    )
    return names, edit


def _names_to_drop(plans: list[SitePlan], facts: ModuleNames) -> frozenset[str]:
    """Import names of logging/warnings/sys whose every reference sits in a rewritten part."""
    gone: Counter[str] = Counter()
    for plan in plans:
        for part in plan.dropped_parts():
            gone.update(n.id for n in ast.walk(part) if isinstance(n, ast.Name))
    drop = set()
    for local, target in facts.imports.items():
        module = target.split(".")[0]
        if module in DROPPABLE_MODULES and gone[local] and gone[local] >= facts.references[local]:
            drop.add(local)
    return frozenset(drop)


def _units(
    tree: ast.Module,
    lines: list[str],
    plans: list[SitePlan],
    drop: frozenset[str],
    edit: HeaderEdit,
    whole_module: bool,
    import_stmts: list[ast.Import | ast.ImportFrom],
) -> list[Unit]:
    everything = [Unit(1, max(len(lines), 1), False, list(tree.body), True, True)]
    if whole_module:
        return everything
    units: list[Unit] = []
    positions = [(p.call.lineno, p.call.col_offset) for p in plans]
    for node in import_stmts if drop else ():
        if any((a.asname or a.name.split(".")[0]) in drop for a in node.names):
            positions.append((node.lineno, node.col_offset))
    for lineno, col in positions:
        unit = unit_for(tree, lines, lineno, col)
        if unit is None:
            return everything
        units.append(unit)
    if edit.names or edit.logger:
        header = header_units(tree, lines, edit.runtime, bool(edit.names), bool(edit.logger), drop)
        if header is None:
            return everything
        units += header
    return merge_units(units) or everything


def _apply(
    unit: Unit,
    lines: list[str],
    plans: list[SitePlan],
    names: Names,
    drop: frozenset[str],
    edit: HeaderEdit,
) -> tuple[str, list[SitePlan]]:
    """The unit's new text (without the wrapper) and the plans carried out in it."""
    unique = {id(n): n for s in unit.stmts for n in walk_all(s) if isinstance(n, ast.Call)}
    calls = sorted(
        unique.values(),
        key=lambda c: (c.lineno, c.col_offset, -c.end_lineno, -c.end_col_offset),  # type: ignore[operator]
    )
    index = {id(c): i for i, c in enumerate(calls)}
    by_ordinal = {index[id(p.call)]: p for p in plans if id(p.call) in index}
    module = cst.parse_module(unit.text(lines))
    transformer = UnitTransformer(by_ordinal, names, drop)
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
    if len(transformer.done) != len(by_ordinal):
        raise SiteMismatch(
            f"line {unit.start}: {len(by_ordinal) - len(transformer.done)} site(s) not reached"
        )
    if not unit.indented:
        if not module.body and not module.header and not module.footer:
            return "", transformer.done
        return module.code, transformer.done
    wrapper = module.body[0]
    if isinstance(wrapper, cst.If) and not wrapper.body.body:  # type: ignore[attr-defined]
        return "", transformer.done
    code, prefix = module.code, unit.wrapper(lines)
    assert code.startswith(prefix)
    return code[len(prefix) :], transformer.done


def _splice(lines: list[str], pieces: dict[int, tuple[int, str]]) -> str:
    """Replace each unit's lines; a unit that vanished takes one surplus blank line with it."""
    out: list[str] = []
    number = 1
    while number <= len(lines):
        if number not in pieces:
            out.append(lines[number - 1])
            number += 1
            continue
        end, new = pieces[number]
        if new and not lines[end - 1].endswith(("\n", "\r")):
            new = new.rstrip("\r\n")
        number = end + 1
        if new:
            out.append(new)
        elif number <= len(lines) and _blank(lines[number - 1]):
            if not out or _blank(out[-1]) or out[-1].rstrip().endswith(":"):
                number += 1  # no doubled blank line, no blank line opening a block
    return "".join(out)


def _blank(line: str) -> bool:
    return not line.strip()
