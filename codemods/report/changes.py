"""The changes of default output (class B) as the report and the commit messages list them: for
each kind once, what its rewrites change in general (its fix's `change`), then each site with the
line a program that configured nothing saw and the line it will see (the site's note)."""

from __future__ import annotations

from collections.abc import Iterable

from codemods.fixes import FIXES
from codemods.report.tally import FileOutcome, RecipeRow, SiteRecord, note_text


def recipe_item(row: RecipeRow) -> str:
    """A behaviour-changing recipe as "Changes to look at" and the commit messages list it."""
    return f"- {row.recipe} ({row.component}, `{row.path}`): {row.effect}"


def change_item(outcome: FileOutcome, site: SiteRecord) -> str:
    """One class B rewrite: where, which kind, and its note (before and after)."""
    return f"- `{site.where}` {site.code}: {note_text(site.reason, outcome.component)}"


def kind_changes(codes: Iterable[str]) -> list[str]:
    """What each kind among `codes` changes beyond its sites' lines, once per kind."""
    return [
        f"- every {code} rewrite: {FIXES[code].change}"
        for code in sorted(set(codes))
        if code in FIXES and FIXES[code].change
    ]
