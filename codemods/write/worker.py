"""Migrate one file on disk (runs in the pool's worker processes): read, migrate, write."""

from __future__ import annotations

import ctypes
import difflib
import os
import re
import signal
import sys
from collections.abc import Collection
from dataclasses import replace

from codemods.fixes._shown import OWN_SETUP
from codemods.pipeline import migrate_source
from codemods.recipes import RECIPE_NAMED, RECIPES, Recipe
from codemods.recipes.apply import ends_with, recipes_for
from codemods.report import series
from codemods.report.namespace import namespace_change
from codemods.report.tally import FileOutcome, SiteRecord, note_text
from codemods.shared.grep_rules import matching
from codemods.shared.line_map import line_map
from codemods.write.fileio import SourceFileError, read, refuse_read_only, write_atomic
from lint_rules import Config, Finding
from lint_rules.capturing_tests import TestRef
from lint_rules.detector import may_contain_sites

_CONFIG: Config | None = None
_RECIPES: list[Recipe] = RECIPES
ROOT_GETTER = re.compile(r"getLogger\(\s*(?:''|\"\"|None)?\s*\)")  # the root logger
_TESTS: list[TestRef] = []
_MECHANICAL = False  # class A only (`--mechanical`)
CLASS_B = "class B, left by --mechanical for its owner (a run without it applies it): "
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def init_worker(
    config: Config,
    recipes: tuple[str, ...] | None = None,
    tests: list[TestRef] | None = None,
    mechanical: bool = False,
) -> None:
    """Set up this process for `migrate_file`: the config, the names of the recipes to apply
    (None: all) and the run's tests."""
    global _CONFIG, _RECIPES, _TESTS, _MECHANICAL
    _CONFIG = config
    _MECHANICAL = mechanical
    _RECIPES = RECIPES if recipes is None else [RECIPE_NAMED[name] for name in recipes]
    _TESTS = tests or []


def init_pool_worker(
    config: Config,
    parent: int,
    recipes: tuple[str, ...] | None = None,
    tests: list[TestRef] | None = None,
    mechanical: bool = False,
) -> None:
    """Like init_worker, for a pool process: die with the driver, so a `kill -9` of the driver
    leaves no worker behind (blocked forever on the task queue, holding its stdout open)."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the driver died before prctl took effect
        os._exit(1)
    init_worker(config, recipes, tests, mechanical)


def _record(finding: Finding, path: str, reason: str) -> SiteRecord:
    return SiteRecord(path, finding.line, finding.col, finding.code, reason, finding.source)


def _unchanged_on_disk(path: str, data: bytes) -> bool:
    """True if `path` still holds `data` (someone may have saved it while it was migrated)."""
    try:
        with open(path, "rb") as handle:
            return handle.read() == data
    except OSError:
        return False


def migrate_file(job: tuple[str, str, str]) -> FileOutcome:
    """`job` = (path as given, real path to write, mode: write|diff|patch|check)."""
    path, real, mode = job
    assert _CONFIG is not None, "init_worker() not called"
    outcome = FileOutcome(path)
    try:
        source = read(real)
    except SourceFileError as exc:
        outcome.error, outcome.error_line, outcome.bad_input = str(exc), exc.line, exc.bad_input
        return outcome
    outcome.imports_runtime = imports_module(source.text, _CONFIG.runtime_import)
    if mode == "patch":  # the series' lint pull requests list the files matching
        outcome.grep_before = outcome.grep_left = matching(source.text)
    recipes = recipes_for(path, _RECIPES)
    if not recipes and not may_contain_sites(source.data, _CONFIG):
        return outcome
    try:
        result = migrate_source(
            source.text, path, _CONFIG, recipes=recipes, tests=_TESTS, mechanical=_MECHANICAL
        )
    except Exception as exc:  # a bug of ours must not stop the run: report it, keep the file
        outcome.error = f"internal error, file left as it is: {exc!r}"
        return outcome
    rel = _CONFIG.relpath(path)  # reports name files from the project root, as the lint does
    outcome.review = [_record(r.finding, rel, r.review.reason) for r in result.review]
    outcome.review += [
        _record(r.finding, rel, CLASS_B + note_text(r.review.reason, _CONFIG.component_for(path)))
        for r in result.deferred
    ]
    outcome.review.sort(key=lambda record: (record.line, record.col))
    outcome.refused_recipes = [(name, review.reason) for name, review in result.refused_recipes]
    outcome.test_pairs = [
        {"site": f"{rel}:{f.line}", "code": f.code, "test": test, "channel": ch, "action": act}
        for f, test, ch, act in result.test_pairs
    ]
    if result.error is not None:
        outcome.error, outcome.error_line = result.error, result.error_line
        outcome.bad_input = result.bad_input
        return outcome
    outcome.recipes = result.recipes
    outcome.recipe_reviews = [(name, review.reason) for name, review in result.recipe_reviews]
    if not result.changed:
        return outcome
    outcome.names_added, outcome.names_removed = namespace_change(source.text, result.new_text)
    moved = line_map(source.text, result.new_text)
    taken: dict[str | tuple[int, int], str] = {}
    taken.update(_taken(path, [name for name, _ in result.recipes]))
    # a site whose line a recipe rewrites again lands with the file's first recipe commit
    commits = {RECIPE_NAMED[name].commit for name, _ in result.recipes}
    first = next((stage for stage in series.RECIPE_STAGES if stage in commits), "")
    taken.update({(r.finding.line, r.finding.col): first for r in result.rewritten if r.again})
    # a root getter (`logger = logging.getLogger("")`) whose level or handler the file sets:
    # renamed alone, that set-up would move from the root to the module's logger; both land
    # in the set-up commit
    if any(r.note and r.finding.code in series.ROOT_SETUP_CODES for r in result.rewritten):
        taken.update(
            {
                (r.finding.line, r.finding.col): series.ROOT
                for r in result.rewritten
                if r.note and ROOT_GETTER.search(r.finding.source)
            }
        )
    # a line its module's own root set-up shows keeps showing, rewritten, until that set-up
    # goes: it lands in the set-up commit, whose message then says what stops (review 17, T1)
    for r in result.rewritten:
        if r.note and OWN_SETUP in r.note:
            taken.setdefault((r.finding.line, r.finding.col), series.ROOT)
    outcome.rewritten = [
        replace(
            _record(r.finding, rel, r.note),
            new_line=moved(r.finding.line),
            removed=r.removed,
            stage=taken.get((r.finding.line, r.finding.col)) or taken.get(r.finding.code, "")
            if r.note
            else "",
        )
        for r in result.rewritten
    ]
    try:
        data = source.encode(result.new_text)
        states = (
            _stages(source.text, path, result.new_text, recipes, taken) if mode == "patch" else []
        )
        steps = [source.encode(text) for _, text in states]
        if mode == "write":
            if not _unchanged_on_disk(real, source.data):
                raise SourceFileError("changed on disk during the run; left as it is, run again")
            refuse_read_only(real)
            write_atomic(real, data)
    except (SourceFileError, OSError) as exc:
        outcome.error = str(exc) if isinstance(exc, SourceFileError) else f"cannot write: {exc}"
        outcome.rewritten = []
        return outcome
    outcome.changed = True
    outcome.imports_runtime = imports_module(result.new_text, _CONFIG.runtime_import)
    if mode == "diff":
        outcome.diff = unified_diff(source.text, result.new_text, path)
    elif mode == "patch":  # git-style, from the project root: `git apply` takes it there
        outcome.grep_left = matching(result.new_text)
        before = source.data
        for (stage, text), after in zip(states, steps, strict=True):
            if after != before:
                outcome.patches[stage] = byte_diff(before, after, rel)
            if not outcome.runtime_from and imports_module(text, _CONFIG.runtime_import):
                outcome.runtime_from = stage
            before = after
        # a commit's message gives each site's line in the file as that commit leaves it
        maps = {stage: line_map(source.text, text) for stage, text in states}
        outcome.rewritten = [
            replace(r, commit_line=maps[stage](r.line))
            if (stage := series.site_stage(r)) in maps
            else r
            for r in outcome.rewritten
        ]
    return outcome


def _taken(path: str, applied: list[str]) -> dict[str, str]:
    """Kind -> the commit of the recipe that takes this file's class B rewrites of it
    (`Recipe.takes`): a recipe applied here naming the kind, or a recipe of the run naming
    this file and the kind (`exir/passes/__init__.py:ETL002`)."""
    out = {}
    for recipe in _RECIPES:
        for entry in recipe.takes:
            where, _, code = entry.rpartition(":")
            if ends_with(path, where) if where else recipe.name in applied:
                out[code] = recipe.commit
    return out


def _stages(
    text: str,
    path: str,
    final: str,
    recipes: list[Recipe],
    taken: dict[str | tuple[int, int], str],
) -> list[tuple[str, str]]:
    """The series' states of one module, (stage, its text after it): the mechanical rewrites,
    then (unless the run is mechanical) the other site rewrites but the logging set-up's
    removals, then the root set-up's removals, then the module levels', then one state per
    recipe commit of its file (the class B rewrites a recipe takes, `taken`:
    a kind or a site's (line, col) -> its commit, wait for that commit)
    (`Recipe.commit`, in `recipes`' order), the last giving `final`, the run's result. A stage
    whose run fails leaves the text as the stage before left it."""
    assert _CONFIG is not None
    if _MECHANICAL:
        return [(series.MECHANICAL, final)]

    def run(
        mechanical: bool,
        chosen: list[Recipe],
        before: str,
        defer: Collection[str | tuple[int, int]] = (),
    ) -> str:
        done = migrate_source(
            text, path, _CONFIG, recipes=chosen, tests=_TESTS, mechanical=mechanical, defer=defer
        )
        return done.new_text if done.error is None else before

    mechanical = run(True, [], text)
    waiting = set(taken)
    states = [(series.MECHANICAL, mechanical)]
    states.append((series.OUTPUT, run(False, [], mechanical, series.SETUP_CODES | waiting)))
    waiting -= {key for key, by in taken.items() if by == series.ROOT}
    root = run(False, [], states[-1][1], series.LEVEL_CODES | waiting)
    states.append((series.ROOT, root))
    waiting -= {key for key, by in taken.items() if by == series.LEVELS}
    states.append((series.LEVELS, run(False, [], root, waiting)))
    chosen: list[Recipe] = []
    mine = {recipe.commit for recipe in recipes} | set(taken.values())
    for commit in [stage for stage in series.RECIPE_STAGES if stage in mine]:
        chosen += [recipe for recipe in recipes if recipe.commit == commit]
        waiting -= {code for code, by in taken.items() if by == commit}
        states.append((commit, run(False, chosen, states[-1][1], waiting)))
    return [*states[:-1], (states[-1][0], final)]


def imports_module(text: str, module: str) -> bool:
    """True if a line of ``text`` imports ``module`` (``from M import`` or ``import M``)."""
    if module not in text:
        return False
    name = re.escape(module)
    return (
        re.search(rf"^[ \t]*(from[ \t]+{name}[ \t]+import\b|import[ \t]+{name}\b)", text, re.M)
        is not None
    )


def unified_diff(old: str, new: str, name: str) -> str:
    """A unified diff of `old` -> `new` under `a/name`, `b/name`, to read (`--diff`)."""
    return _diff(old.splitlines(keepends=True), new.splitlines(keepends=True), name)


def byte_diff(old: bytes, new: bytes, name: str) -> bytes:
    """A `diff --git` section of the bytes `old` -> `new`, exact whatever the file's encoding,
    BOM or line endings: what `git apply` needs (lines split at b"\\n" only)."""
    header = name.encode("utf-8").decode("latin-1")
    body = _diff(_byte_lines(old), _byte_lines(new), header)
    return f"diff --git a/{header} b/{header}\n{body}".encode("latin-1")


def _byte_lines(data: bytes) -> list[str]:
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return [line.decode("latin-1") for line in lines]


def _diff(old: list[str], new: list[str], name: str) -> str:
    """A last line without its newline is marked as patch expects (`\\ No newline ...`)."""
    lines = difflib.unified_diff(old, new, fromfile=f"a/{name}", tofile=f"b/{name}")
    return "".join(
        line if line.endswith("\n") else f"{line}\n\\ No newline at end of file\n" for line in lines
    )
