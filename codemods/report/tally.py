"""The run's tally: per component and per code, rewritten and review sites; table, Markdown, JSON."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field

from codemods.report.provenance import Provenance
from lint_rules.rules import CODES
from lint_rules.wording import count

NOT_FOUND = "its file is not in the tree (upstream moved it?): review"


def note_text(note: str, component: str) -> str:
    """A rewrite's note for the report, naming the file's component where it says {component}."""
    return note.replace("{component}", component)


@dataclass(frozen=True)
class SiteRecord:
    """One site in the report (picklable, so workers can send it back)."""

    path: str
    line: int
    col: int
    code: str
    reason: str  # why it is left for review; for a rewritten site, a note (may be empty)
    source: str


@dataclass
class FileOutcome:
    """What happened to one file."""

    path: str
    component: str = ""
    changed: bool = False
    rewritten: list[SiteRecord] = field(default_factory=list)
    review: list[SiteRecord] = field(default_factory=list)
    recipes: list[tuple[str, str]] = field(default_factory=list)  # applied: (name, note)
    refused_recipes: list[tuple[str, str]] = field(default_factory=list)  # (name, reason)
    test_pairs: list[dict[str, str]] = field(default_factory=list)  # site, code, test, ...
    error: str | None = None
    error_line: int = 0  # 0: the error concerns the whole file
    diff: str = ""  # --diff: the change to read
    patch: bytes = b""  # --patches: the change as exact bytes, a `diff --git` section

    @property
    def where(self) -> str:
        """`path:line` of the error, or `path` when it has no line."""
        return f"{self.path}:{self.error_line}" if self.error_line else self.path


@dataclass
class Tally:
    """Every outcome of a run, and the totals derived from them."""

    outcomes: list[FileOutcome] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    missing_recipes: list[tuple[str, str]] = field(default_factory=list)  # (name, its file)

    def recipes(self) -> list[dict[str, str]]:
        """Every recipe outcome: applied, refused (with the reason), or its file not found."""
        rows = [
            {"recipe": name, "path": o.path, "status": "applied", "detail": note}
            for o in self.outcomes
            for name, note in o.recipes
        ]
        rows += [
            {"recipe": name, "path": o.path, "status": "refused", "detail": reason}
            for o in self.outcomes
            for name, reason in o.refused_recipes
        ]
        rows += [
            {"recipe": name, "path": path, "status": "not found", "detail": NOT_FOUND}
            for name, path in self.missing_recipes
        ]
        return rows

    @property
    def failures(self) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.error is not None]

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
            "recipes_applied": sum(r["status"] == "applied" for r in self.recipes()),
            "recipes_for_review": sum(r["status"] != "applied" for r in self.recipes()),
        }


def recipe_result(status: str, written: bool) -> str:
    """A recipe's status as a run says it: a run that writes nothing only would apply it."""
    return "would apply" if status == "applied" and not written else status


def summary_table(tally: Tally, written: bool = True) -> str:
    """The plain-text table printed at the end of a run (`written`: files were written)."""
    changed = "changed" if written else "would change"
    rows = [("component", f"files {changed}" if written else changed, "rewritten", "review")]
    for name, row in tally.by_component().items():
        rewritten, review = sum(row["rewritten"].values()), sum(row["review"].values())
        if rewritten or review or row["files"]["failed"]:
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
    recipes = [r for r in tally.recipes() if r["status"] != "not found"]
    if recipes:
        lines.append("")
        lines += [
            f"recipe {r['recipe']}: {recipe_result(r['status'], written)} ({r['path']})"
            for r in recipes
        ]
    lines.append(
        f"{count(totals['files_scanned'], 'file')} scanned, {totals['files_changed']} {changed}, "
        f"{totals['files_failed']} failed, {totals['files_skipped']} skipped"
    )
    return "\n".join(lines)


def to_json(tally: Tally) -> str:
    rewritten = [
        {**asdict(s), "component": o.component} for o in tally.outcomes for s in o.rewritten
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
            {**asdict(s), "component": o.component} for o in tally.outcomes for s in o.review
        ],
        "rewritten": rewritten,
        "failures": [
            {"path": o.path, "line": o.error_line, "reason": o.error} for o in tally.failures
        ],
        "skipped": [{"path": p, "reason": r} for p, r in tally.skipped],
        "recipes": tally.recipes(),
        "tests": [pair for o in tally.outcomes for pair in o.test_pairs],
    }
    return json.dumps(data, indent=2) + "\n"


def to_markdown(tally: Tally, written: bool = True, origin: Provenance | None = None) -> str:
    """The report as a pull-request description: a title line, a summary per component, the
    changes to look at, the review list with reasons, the tests that assert on migrated
    messages, and how it was generated (`origin`)."""
    totals = tally.totals()
    changed = "changed" if written else "would change"
    components = [
        (name, row)
        for name, row in tally.by_component().items()
        if sum(row["rewritten"].values()) or sum(row["review"].values()) or row["files"]["failed"]
    ]
    names = ", ".join(name for name, _ in components) or "no component"
    out = [
        f"# Route ad-hoc logging through the unified logger: {totals['files_changed']} files, "
        f"{totals['sites_rewritten']} sites ({names})",
        "",
        "Prints, root-logger calls, `warnings.warn` diagnostics and ad-hoc logging setup become "
        "calls on each module's logger, so `TORCH_LOGS=<component>` shows them and the default "
        "stays quiet. Generated by et-log's codemod; every rewritten file compiled and kept its "
        "AST outside the rewritten sites.",
        "",
        f"{count(totals['files_scanned'], 'file')} scanned, {totals['files_changed']} {changed}, "
        f"{count(totals['sites_rewritten'], 'site')} rewritten, {totals['sites_for_review']} "
        f"left for review, {count(totals['files_failed'], 'file')} failed.",
        "",
        "## Summary per component",
        "",
        "| component | files changed | rewritten | review | failed | by code |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, row in components:
        rewritten, review = sum(row["rewritten"].values()), sum(row["review"].values())
        codes = (row["rewritten"] + row["review"]).most_common()
        by_code = ", ".join(f"{code} {count}" for code, count in sorted(codes))
        out.append(
            f"| {name} | {row['files']['changed']} | {rewritten} | {review} "
            f"| {row['files']['failed']} | {by_code} |"
        )
    out += ["", "### Per code", "", "| code | rewritten | review |", "|---|---:|---:|"]
    out += [f"| {c} | {n['rewritten']} | {n['review']} |" for c, n in tally.by_code().items()]
    out += _changes_to_look_at(tally)
    recipes = tally.recipes()
    if recipes:
        out += ["", "## ExecuTorch recipes", "", "| recipe | file | result | what |"]
        out += ["|---|---|---|---|"]
        out += [
            f"| {r['recipe']} | `{r['path']}` | {recipe_result(r['status'], written)} "
            f"| {r['detail']} |"
            for r in recipes
        ]
    out += ["", "## Tests that assert on a migrated message", ""]
    pairs = [pair for o in tally.outcomes for pair in o.test_pairs]
    if pairs:
        out += ["| site | code | test | through | done |", "|---|---|---|---|---|"]
        out += [
            f"| `{p['site']}` | {p['code']} | `{p['test']}` | {p['channel']} | {p['action']} |"
            for p in pairs
        ]
    else:
        out.append("None found.")
    out += ["", "## Left for review", ""]
    for_review = [(o, s) for o in tally.outcomes for s in o.review]
    if not for_review and not totals["recipes_for_review"]:
        out.append("Nothing.")
    for r in recipes:
        if r["status"] != "applied":
            out.append(f"- `{r['path']}` recipe {r['recipe']}: {r['detail']}")
    for outcome, site in for_review:
        out.append(f"- `{site.path}:{site.line}` {site.code} ({outcome.component}): {site.reason}")
    if tally.failures:
        out += ["", "## Files that failed (left byte-identical)", ""]
        out += [f"- `{o.where}`: {o.error}" for o in tally.failures]
    if tally.skipped:
        out += ["", "## Skipped", ""]
        out += [f"- `{p}`: {r}" for p, r in tally.skipped]
    out += _how_generated(origin)
    return "\n".join(out) + "\n"


def _changes_to_look_at(tally: Tally) -> list[str]:
    notes = [(o, s) for o in tally.outcomes for s in o.rewritten if s.reason]
    applied = [r for r in tally.recipes() if r["status"] == "applied"]
    out = ["", "## Changes to look at", ""]
    if not notes and not applied:
        return [*out, "Nothing beyond the rewrites counted above."]
    out += [
        f"- `{site.path}:{site.line}` {site.code} ({outcome.component}): "
        f"{note_text(site.reason, outcome.component)}"
        for outcome, site in notes
    ]
    out += [f"- `{r['path']}` recipe {r['recipe']}: {r['detail']}" for r in applied]
    return out


def _how_generated(origin: Provenance | None) -> list[str]:
    out = ["", "## How this was generated", ""]
    if origin is None:
        return [*out, "By et-log's codemod (`python -m codemods.migrate`)."]
    return [
        *out,
        f"- command: `{origin.command}`",
        f"- et-log: {origin.et_log}",
        "- running the command again changes nothing; the lint (`python -m lint_rules`) then "
        "reports only the sites left for review.",
    ]
