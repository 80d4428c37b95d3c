"""The run's tally: per component and per code, rewritten and review sites; table, Markdown, JSON."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field

from codemods.recipes import RECIPE_NAMED
from lint_rules.rules import CODES
from lint_rules.wording import count

NOT_FOUND = "its file is not in the tree (upstream moved it?): review"
EXCLUDED = "its file is excluded from the run (`[tool.et-log]` `exclude`, `extend-exclude`)"
LEFT_OUT = "left out (`--skip-recipes`, `--recipes`, `[tool.et-log] skip-recipes`)"


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # in a printed text: a terminal's codes


def note_text(note: str, component: str) -> str:
    """A rewrite's note for the report, naming the file's component where it says {component};
    a control character a printed text held (a terminal colour's ESC) is written escaped."""
    text = note.replace("{component}", component)
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


@dataclass(frozen=True)
class SiteRecord:
    """One site in the report (picklable, so workers can send it back)."""

    path: str
    line: int
    col: int
    code: str
    reason: str  # why it is left for review; for a rewritten site, a note (may be empty)
    source: str
    new_line: int = 0  # a rewritten site: its line in the migrated file
    # a rewritten site a recipe takes into its commit (`Recipe.takes`): that commit's stage
    stage: str = ""
    commit_line: int = 0  # a rewritten site: its line in the file its commit leaves (--patches)
    removed: bool = False  # a rewritten site whose statement the rewrite removed

    @property
    def where(self) -> str:
        """`path:line`, the line in the migrated file for a rewritten site."""
        return f"{self.path}:{self.new_line or self.line}"

    @property
    def where_in_commit(self) -> str:
        """`path:line`, the line in the file as the commit that lands the site leaves it."""
        return f"{self.path}:{self.commit_line or self.new_line or self.line}"


@dataclass(frozen=True)
class RecipeRow:
    """One recipe's outcome for the report; `effect` and `behaviour_change` as the recipe
    declares them."""

    recipe: str
    path: str
    component: str
    status: str  # applied, refused, not found, left out
    detail: str  # applied: what its plan found (may be empty); otherwise why it is not applied
    effect: str
    behaviour_change: bool
    review: str = ""  # applied, and its output needs a person: why (a stale docstring)
    owner: str = ""  # the CODEOWNERS entry covering its file (codemods.shared.owners)

    @property
    def for_review(self) -> bool:
        """On the review list: refused, its file not found, or applied with a `review`."""
        return self.status in REVIEWED or bool(self.review)

    @property
    def why_review(self) -> str:
        return self.review if self.status == "applied" else self.detail

    @property
    def what(self) -> str:
        """Its effect once applied (with what the plan found), else why it is not."""
        if self.status != "applied":
            return self.detail
        return f"{self.effect} ({self.detail})" if self.detail else self.effect


@dataclass
class FileOutcome:
    """What happened to one file."""

    path: str
    component: str = ""
    owner: str = ""  # the CODEOWNERS entry covering it (codemods.shared.owners): its commits' unit
    changed: bool = False
    rewritten: list[SiteRecord] = field(default_factory=list)
    review: list[SiteRecord] = field(default_factory=list)
    recipes: list[tuple[str, str]] = field(default_factory=list)  # applied: (name, detail)
    refused_recipes: list[tuple[str, str]] = field(default_factory=list)  # (name, reason)
    recipe_reviews: list[tuple[str, str]] = field(default_factory=list)  # applied: (name, why)
    test_pairs: list[dict[str, str]] = field(default_factory=list)  # site, code, test, ...
    error: str | None = None
    error_line: int = 0  # 0: the error concerns the whole file
    bad_input: bool = False  # the error: not a file the migration reads (lint_rules.verdicts)
    diff: str = ""  # --diff: the change to read
    # --patches: the change as exact bytes, `diff --git` sections, per stage of the series
    # (report.series: class A, class B's site rewrites, the recipes), each on top of the last
    patches: dict[str, bytes] = field(default_factory=dict)
    imports_runtime: bool = False  # after the run (its Buck target must depend on the runtime)
    runtime_from: str = ""  # --patches: the first stage after which it imports the runtime
    names_added: list[str] = field(default_factory=list)  # public names the module gains
    names_removed: list[str] = field(default_factory=list)  # and loses (report.namespace)
    # --patches: the grep linters (shared.grep_rules) its text matches before and after the run
    grep_before: tuple[str, ...] = ()
    grep_left: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        """`path:line` of the error, or `path` when it has no line."""
        return f"{self.path}:{self.error_line}" if self.error_line else self.path


def is_output_change(site: SiteRecord) -> bool:
    """True for a rewritten site of class B: its note says what users see differently."""
    return bool(site.reason)


@dataclass
class Tally:
    """Every outcome of a run, and the totals derived from them."""

    outcomes: list[FileOutcome] = field(default_factory=list)
    buck_notes: list[tuple[str, str]] = field(default_factory=list)  # (component, what to do)
    vendored: bool = False  # the run vendored the runtime (its commit comes first)
    entry_point: str = ""  # then: the name of its torch.backends entry point
    not_migrated: list[tuple[str, str]] = field(default_factory=list)  # (folder, why)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    missing_recipes: list[tuple[str, str]] = field(default_factory=list)  # (name, its file)
    excluded_recipes: list[tuple[str, str]] = field(default_factory=list)  # (name, its file)
    left_out_recipes: list[tuple[str, str]] = field(default_factory=list)  # (name, its file)

    def recipes(self, component: str | None = None) -> list[RecipeRow]:
        """Every recipe outcome (of `component`'s files): applied (with what its plan found),
        refused (with the reason), its file not found or excluded, or left out by the run's
        selection; each
        with what the recipe declares (`effect`, `behaviour_change`)."""
        rows = [
            _recipe_row(name, o.path, o.component, "applied", detail, _why(o, name), o.owner)
            for o in self.outcomes
            for name, detail in o.recipes
        ]
        rows += [
            _recipe_row(name, o.path, o.component, "refused", reason, owner=o.owner)
            for o in self.outcomes
            for name, reason in o.refused_recipes
        ]
        rows += [
            _recipe_row(name, path, self._component_of(path), "not found", NOT_FOUND)
            for name, path in self.missing_recipes
        ]
        rows += [
            _recipe_row(name, path, self._component_of(path), "excluded", EXCLUDED)
            for name, path in self.excluded_recipes
        ]
        left = {name for name, _ in self.left_out_recipes}
        rows += [
            _recipe_row(name, path, self._component_of(path), "left out", _left_out(name, left))
            for name, path in self.left_out_recipes
        ]
        return [r for r in rows if component is None or r.component == component]

    def _component_of(self, path: str) -> str:
        return next((o.component for o in self.outcomes if o.path == path), "")

    def review_items(self, component: str | None = None) -> list[tuple[FileOutcome, SiteRecord]]:
        """The sites left for review (of `component`), as the report lists them."""
        return [
            (o, s)
            for o in self.outcomes
            if component is None or o.component == component
            for s in o.review
        ]

    def noted_rewrites(self, component: str | None = None) -> list[tuple[FileOutcome, SiteRecord]]:
        """Rewritten sites whose rewrite changes what users see (a note says what), by
        component, file and line."""
        noted = [
            (o, s)
            for o in self.outcomes
            if component is None or o.component == component
            for s in o.rewritten
            if s.reason
        ]
        return sorted(noted, key=lambda pair: (pair[0].component, pair[1].path, pair[1].line))

    def behaviour_changes(self, component: str | None = None) -> list[RecipeRow]:
        """Applied recipes that change behaviour by design (of `component`)."""
        return [r for r in self.recipes(component) if r.status == "applied" and r.behaviour_change]

    @property
    def failures(self) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.error is not None]

    @property
    def bad_input(self) -> list[FileOutcome]:
        """The failures that are files the migration does not read (not text, not Python)."""
        return [o for o in self.outcomes if o.error is not None and o.bad_input]

    @property
    def imports_runtime(self) -> bool:
        """True when a migrated module imports the runtime."""
        return any(o.imports_runtime for o in self.outcomes)

    @property
    def changed(self) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.changed]

    def by_component(self) -> dict[str, dict[str, Counter[str]]]:
        table: dict[str, dict[str, Counter[str]]] = defaultdict(
            lambda: {"rewritten": Counter(), "review": Counter(), "files": Counter()}
        )
        for outcome in self.outcomes:
            row = table[outcome.component]
            row["rewritten"].update(s.code for s in outcome.rewritten)
            row["review"].update(s.code for s in outcome.review)
            row["files"]["changed"] += outcome.changed
            row["files"]["failed"] += outcome.error is not None
        return dict(sorted(table.items()))

    def by_code(self) -> dict[str, dict[str, int]]:
        rewritten = Counter(s.code for o in self.outcomes for s in o.rewritten)
        review = Counter(s.code for o in self.outcomes for s in o.review)
        return {
            code: {"rewritten": rewritten[code], "review": review[code]}
            for code in CODES
            if rewritten[code] or review[code]
        }

    def totals(self) -> dict[str, int]:
        return {
            "files_scanned": len(self.outcomes),
            "files_changed": len(self.changed),
            "files_failed": len(self.failures),
            "files_skipped": len(self.skipped),
            "sites_rewritten": sum(len(o.rewritten) for o in self.outcomes),
            "sites_for_review": sum(len(o.review) for o in self.outcomes),
            "recipes_applied": sum(r.status == "applied" for r in self.recipes()),
            "recipes_for_review": sum(r.for_review for r in self.recipes()),
            "recipes_left_out": len(self.left_out_recipes),
            "changes_to_look_at": len(self.behaviour_changes()) + len(self.noted_rewrites()),
        }


def recipe_result(status: str, written: bool) -> str:
    """A recipe's status as a run says it: a run that writes nothing only would apply it."""
    return "would apply" if status == "applied" and not written else status


REVIEWED = ("refused", "not found")  # recipe statuses that put the recipe on the review list


def _left_out(name: str, left: set[str]) -> str:
    """Why recipe `name` is left out: the selection, or a recipe it needs that was left out."""
    recipe = RECIPE_NAMED.get(name)
    needed = [need for need in (recipe.needs if recipe else ()) if need in left]
    return f"left out with `{needed[0]}`, which it needs" if needed else LEFT_OUT


def _recipe_row(
    name: str,
    path: str,
    component: str,
    status: str,
    detail: str,
    review: str = "",
    owner: str = "",
) -> RecipeRow:
    recipe = RECIPE_NAMED.get(name)
    effect, changes = (recipe.effect, recipe.behaviour_change) if recipe else ("", False)
    return RecipeRow(name, path, component, status, detail, effect, changes, review, owner)


def _why(outcome: FileOutcome, name: str) -> str:
    """Why the output of recipe `name` in `outcome`'s file needs a person ("" when it does not)."""
    return "; ".join(why for recipe, why in outcome.recipe_reviews if recipe == name)


def summary_table(tally: Tally, written: bool = True) -> str:
    """The plain-text table printed at the end of a run (`written`: files were written)."""
    changed = "changed" if written else "would change"
    rows = [("component", f"files {changed}" if written else changed, "rewritten", "review")]
    for name, row in tally.by_component().items():
        rewritten, review = sum(row["rewritten"].values()), sum(row["review"].values())
        if rewritten or review or row["files"]["failed"] or row["files"]["changed"]:
            rows.append((name, str(row["files"]["changed"]), str(rewritten), str(review)))
    totals = tally.totals()
    rows.append(
        (
            "total",
            str(totals["files_changed"]),
            str(totals["sites_rewritten"]),
            str(totals["sites_for_review"]),
        )
    )
    rows.append(("", "", "", ""))
    rows.append(("code", "", "rewritten", "review"))
    for code, counts in tally.by_code().items():
        rows.append((code, "", str(counts["rewritten"]), str(counts["review"])))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for cells_in in rows:
        cells = [cells_in[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(cells_in[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    # A recipe whose file is absent is only named in --report: most trees are not ExecuTorch.
    recipes = [r for r in tally.recipes() if r.status not in ("not found", "excluded")]
    if recipes:
        lines.append("")
        lines += [
            f"recipe {r.recipe}: {recipe_result(r.status, written)} ({r.path})" for r in recipes
        ]
    lines.append(
        f"{count(totals['files_scanned'], 'file')} scanned, {totals['files_changed']} {changed}, "
        f"{totals['files_failed']} failed, {totals['files_skipped']} skipped"
    )
    return "\n".join(lines)


def to_json(tally: Tally) -> str:
    rewritten = [
        {**asdict(s), "component": o.component, "owner": o.owner}
        for o in tally.outcomes
        for s in o.rewritten
    ]
    for entry in rewritten:
        entry["reason"] = note_text(entry["reason"], entry["component"])
    data = {
        "totals": tally.totals(),
        "components": {
            name: {
                "files_changed": row["files"]["changed"],
                "files_failed": row["files"]["failed"],
                "rewritten": dict(sorted(row["rewritten"].items())),
                "review": dict(sorted(row["review"].items())),
            }
            for name, row in tally.by_component().items()
        },
        "codes": tally.by_code(),
        "review": [
            {**asdict(s), "component": o.component, "owner": o.owner}
            for o in tally.outcomes
            for s in o.review
        ],
        "rewritten": rewritten,
        "failures": [
            {"path": o.path, "line": o.error_line, "reason": o.error} for o in tally.failures
        ],
        "skipped": [{"path": p, "reason": r} for p, r in tally.skipped],
        "recipes": [asdict(r) for r in tally.recipes()],
        "not_migrated": [{"folder": f, "reason": why} for f, why in tally.not_migrated],
        "tests": [pair for o in tally.outcomes for pair in o.test_pairs],
    }
    return json.dumps(data, indent=2) + "\n"
