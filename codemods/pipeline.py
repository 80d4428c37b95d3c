"""Migrate one module's text: analyse (lint_rules, one parse) -> plan each fixable site -> rewrite
each site call on its own text, and with libcst the few statements that change as a whole (a
removed statement, an import losing a name, the added import and logger) -> splice -> guard.

Cost is linear in the file and in its sites: libcst sees each site's call text, not the file.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Collection
from dataclasses import dataclass, field, replace

import libcst as cst

from codemods.analyse.names import scan_names
from codemods.fixes import SitePlan
from codemods.guard import GuardError
from codemods.plan.plans import make_plans
from codemods.recipes import LOGGING, Recipe
from codemods.recipes.apply import apply_recipes, recipes_for
from codemods.rewrite.attempt import Rewrite
from codemods.rewrite.transformer import Retry, SiteMismatch
from codemods.shared.line_map import line_map, replaced_lines
from codemods.shared.review import Review, SiteReview
from codemods.shared.units import split_lines
from lint_rules import Config, Finding, SourceError, detect_source
from lint_rules.capturing_tests import TestRef, kept_for_test, kept_reason
from lint_rules.detector import analyse

_MAX_RETRIES = 8


@dataclass(frozen=True)
class Rewritten:
    """A site the migration rewrote, and what the report says it changed (a removed override's
    old effect), if anything."""

    finding: Finding
    note: str = ""
    again: bool = False  # a recipe rewrote its line again (its note points at the recipe's)
    removed: bool = False  # the rewrite removed the statement (a configuration, a level)


@dataclass
class SourceResult:
    """The outcome for one module; `error` set means: leave the file byte-identical."""

    path: str
    old_text: str
    new_text: str
    rewritten: list[Rewritten] = field(default_factory=list)
    review: list[SiteReview] = field(default_factory=list)
    # tests asserting on a site's message: (site, test "path:line name", channel, what was done)
    test_pairs: list[tuple[Finding, str, str, str]] = field(default_factory=list)
    recipes: list[tuple[str, str]] = field(default_factory=list)  # applied: (name, detail)
    refused_recipes: list[tuple[str, Review]] = field(default_factory=list)  # (name, why not)
    # applied, and its output needs a person: (name, why; a stale docstring)
    recipe_reviews: list[tuple[str, Review]] = field(default_factory=list)
    # class B, left out by a mechanical run: each site with the change its rewrite would make
    deferred: list[SiteReview] = field(default_factory=list)
    whole_file: str | None = None  # why every site of the file waits for review, if so
    error: str | None = None
    error_line: int = 0
    bad_input: bool = False  # the error: the text is not Python (lint_rules.verdicts)

    @property
    def changed(self) -> bool:
        return self.error is None and self.new_text != self.old_text


def migrate_source(
    text: str,
    path: str,
    config: Config,
    *,
    whole_module: bool = False,
    recipes: list[Recipe] | None = None,
    tests: list[TestRef] | None = None,
    mechanical: bool = False,
    defer: Collection[str | tuple[int, int]] = (),
) -> SourceResult:
    """The migrated text of `text` (pretending to live at `path`); never raises on bad input.
    The site kinds first, then the ExecuTorch `recipes` for this path (default: all). A site
    whose message one of `tests` asserts on through another channel than logs is left for
    review, with the test named. `mechanical`: class A only, the rewrites that keep every line
    a program that configured nothing prints, and no recipe; the other sites (a plan with a
    note) are left as they are, listed in `deferred`. `defer`: the class B sites of these
    codes, or at these (line, col), are left so too (the series' steps before the commit they
    land in)."""
    result, tree = _migrate_sites(
        text, path, config, whole_module, tests or [], mechanical, frozenset(defer)
    )
    chosen = recipes_for(path, LOGGING) if recipes is None else recipes
    if mechanical:  # class A is the site kinds' alone (the recipes are deliberate edits)
        chosen = []
    if result.whole_file is not None and chosen:  # all or nothing: the recipes wait too
        waits = Review(f"the file waits for review as a whole ({result.whole_file})")
        result.refused_recipes = [(recipe.name, waits) for recipe in chosen]
        chosen = []
    if result.error is None and chosen:
        bom = "\ufeff" if result.new_text.startswith("\ufeff") else ""
        body = result.new_text[len(bom) :]
        try:
            tree = tree or ast.parse(body)
        except (SyntaxError, ValueError, RecursionError):
            return result  # the site pass reports nothing for such text either
        outcome = apply_recipes(body, tree, config.relpath(path), config.runtime_import, chosen)
        result.new_text = bom + outcome.text
        if outcome.applied:
            names = [name for name, _ in outcome.applied]
            result.rewritten = _superseded(result.rewritten, text, body, outcome.text, names)
        result.recipes = _with_prints(
            outcome.applied, outcome.replaced, body, text, config.relpath(path)
        )
        result.refused_recipes = outcome.refused
        result.recipe_reviews = outcome.reviews
        if outcome.applied and result.review:
            result.review = _still_there(result.review, outcome.text, path, config)
    return result


def _with_prints(
    applied: list[tuple[str, str]],
    replaced: list[tuple[str, int, int]],
    sites: str,
    text: str,
    rel: str,
) -> list[tuple[str, str]]:
    """Each applied recipe's detail, naming the `print` calls of `text` (the file before
    migration) on the statements it replaced in `sites` (the text it was given), whether the
    site kinds left them as prints or rewrote them first: the lines it stops printing."""
    original = text.removeprefix("\ufeff")
    try:
        tree = ast.parse(original)
    except (SyntaxError, ValueError, RecursionError):
        return applied
    prints = sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "print"
    )
    at_sites = line_map(original, sites)
    out = []
    for name, detail in applied:
        spans = [(first, last) for recipe, first, last in replaced if recipe == name]
        lines = [
            f"`{rel}:{line}`"
            for line in prints
            if any(first <= at_sites(line) <= last for first, last in spans)
        ]
        prints_at = "the print at" if len(lines) == 1 else "the prints at"
        said = f"removes {prints_at} {', '.join(lines)} (lines of the file before migration)"
        out.append((name, "; ".join(part for part in (detail, said if lines else "") if part)))
    return out


def _superseded(
    rewritten: list[Rewritten], text: str, sites: str, final: str, recipes: list[str]
) -> list[Rewritten]:
    """The rewritten sites, those on a line a recipe then replaced noted as its: what users see
    there is the recipe's item, not the site's (OpenVINO's print, a warning, then a rejection)."""
    at_sites, replaced = line_map(text.removeprefix("\ufeff"), sites), replaced_lines(sites, final)
    named = ", ".join(f"`{name}`" for name in recipes)
    out = []
    for site in rewritten:
        # a removed line (a configuration, a level) is not there for a recipe to rewrite: the
        # line it maps to is its neighbour's (the runtime import a recipe extends)
        if site.note and not site.removed and at_sites(site.finding.line) in replaced:
            site = replace(
                site, note=f"this line is rewritten again by {named}: see its item", again=True
            )
        out.append(site)
    return out


def _still_there(
    review: list[SiteReview], text: str, path: str, config: Config
) -> list[SiteReview]:
    """The review items a recipe did not replace, at their new positions, and the sites a
    recipe rewrote that are still for review (Core ML's `setLevel(get_coreml_log_level(...))`
    asking for another default: still a level decided at run time), with the lint's reason: the
    list is what the lint finds after the run."""
    found: dict[tuple[str, str], list[Finding]] = {}
    for finding in detect_source(text, path, config):
        if not finding.fixable:
            found.setdefault((finding.code, finding.source), []).append(finding)
    kept = []
    for item in review:
        same = found.get((item.finding.code, item.finding.source))
        if same:
            kept.append(SiteReview(same.pop(0), item.review))
    kept += [SiteReview(f, Review(f.reason)) for left in found.values() for f in left]
    return sorted(kept, key=lambda r: (r.finding.line, r.finding.col))


def _migrate_sites(
    text: str,
    path: str,
    config: Config,
    whole_module: bool,
    tests: list[TestRef],
    mechanical: bool = False,
    defer: frozenset[str | tuple[int, int]] = frozenset(),
) -> tuple[SourceResult, ast.Module | None]:
    """The site kinds' pass, and the tree of its result when known."""
    result = SourceResult(path, text, text)
    try:
        analysis = analyse(text, path, config)
    except SourceError as exc:
        result.error, result.error_line, result.bad_input = exc.reason, exc.line, True
        return result, None
    if analysis is None:
        return result, None
    result.whole_file = analysis.whole_file
    result.review = [SiteReview(f, Review(f.reason)) for f, _ in analysis.sites if not f.fixable]
    fixable = [(f, s) for f, s in analysis.sites if f.fixable]
    if not fixable:
        return result, analysis.tree
    bom = text[: len(text) - len(analysis.text)]
    lines = split_lines(analysis.text)
    names = scan_names(analysis.facts.nodes, config.runtime_import, analysis.tree.body)
    outcomes = make_plans(analysis, fixable, lines)
    plans = [p for p in outcomes if isinstance(p, SitePlan)]
    if mechanical or defer:  # class B (a note says what changes) stays as it is

        def held(plan: SitePlan) -> bool:
            where = (plan.finding.line, plan.finding.col)
            return bool(plan.note) and (mechanical or plan.finding.code in defer or where in defer)

        result.deferred = [SiteReview(p.finding, Review(p.note)) for p in plans if held(p)]
        plans = [p for p in plans if not held(p)]
        outcomes = [o for o in outcomes if not isinstance(o, SitePlan) or not held(o)]
        if not plans:
            return result, analysis.tree
    if tests:
        result.test_pairs = _check_tests(plans, tests)
    for _ in range(_MAX_RETRIES):
        live = [p for p in plans if p.review is None]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # invalid escapes in the target's literals
                rewrite = Rewrite(analysis, lines, names, config, whole_module)
                new_text, done, new_tree = rewrite.run(live)
        except Retry as retry:
            for plan, review in retry.given_up:
                plan.review = review
            for plan in retry.whole_statement:
                plan.whole_statement = True
            continue
        except (SiteMismatch, GuardError, cst.ParserSyntaxError) as exc:
            result.error = f"{type(exc).__name__}: {exc}".replace("\n", " ")
            return result, None
        except RecursionError:  # libcst and the planners recurse: refuse, never crash the run
            result.error = "expression nested too deeply to rewrite safely"
            return result, None
        result.new_text = bom + new_text
        result.rewritten = [Rewritten(p.finding, p.note, removed=p.removes) for p in done]
        break
    else:
        result.error = "too many sites skipped during rewriting"
        return result, None
    for outcome in outcomes:  # in the sites' order: planned ones a later stage gave up too
        if isinstance(outcome, SiteReview):
            result.review.append(outcome)
        elif outcome.review is not None:
            result.review.append(SiteReview(outcome.finding, outcome.review))
    result.review.sort(key=lambda r: (r.finding.line, r.finding.col))
    return result, new_tree


def _check_tests(
    plans: list[SitePlan], tests: list[TestRef]
) -> list[tuple[Finding, str, str, str]]:
    """Sites a test asserts on: through logs they are rewritten (et-log's test support delivers
    the record to `assertLogs`/`caplog` on the root); through captured output they
    are kept, for review, with the test named."""
    pairs = []
    for plan in plans:
        if not isinstance(plan.call, ast.Call):
            continue  # a level gate writes no message
        kept = kept_for_test(plan.call, plan.finding.code, tests)  # as the lint judges it
        if kept is None:
            continue
        test, channel = kept
        if channel == "logs":
            pairs.append((plan.finding, test.where, channel, "rewritten: the test still sees it"))
            continue
        plan.review = Review(kept_reason(test, channel))
        pairs.append((plan.finding, test.where, channel, "kept for review"))
    return pairs
