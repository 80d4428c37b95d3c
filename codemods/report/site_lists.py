"""The sites a pull request's description names beside its own: an area's sites left for
review, split by whether the pull request changes their file (so that a reader does not look
for them in its diff), and, in a mechanical one, what the area's owner's pull request changes."""

from __future__ import annotations

from collections.abc import Sequence

from codemods.report.tally import FileOutcome, SiteRecord
from lint_rules.wording import count

INVENTORY = "inventory.md"
# a description names up to this many sites left for review; more: the inventory lists them
LISTED_REVIEW_ITEMS = 40


def review_list(
    left: Sequence[tuple[FileOutcome, SiteRecord]], area: str, changed: set[str]
) -> str:
    """The description's paragraph on `area`'s sites left as written; `changed` holds the
    files the pull request changes."""
    if not left:
        return f"Nothing in {area} is left for review."
    head = (
        f"{count(len(left), 'site')} in {area} {'is' if len(left) == 1 else 'are'} left as "
        "written, for their owners to decide (line numbers as on the tree before this series)"
    )
    if len(left) > LISTED_REVIEW_ITEMS:
        return f"{head}; `{INVENTORY}`, beside the series' patches, lists each with its reason."
    parts = [head + "."]
    inside = [s for o, s in left if o.path in changed]
    outside = [s for o, s in left if o.path not in changed]
    for sites, where in (
        (inside, "In files this pull request changes"),
        (outside, "In files this pull request leaves as they are"),
    ):
        if sites:
            parts.append(f"{where}:\n\n" + "\n".join(_by_reason(sites)))
    return "\n\n".join(parts)


def _by_reason(sites: Sequence[SiteRecord]) -> list[str]:
    """One item per site; sites that share a reason are named in one item, the reason once."""
    reasons: dict[str, list[str]] = {}
    for site in sites:
        reasons.setdefault(site.reason, []).append(f"`{site.where}`")
    items = []
    for reason, where in reasons.items():
        if len(where) == 1:
            items.append(f"- {where[0]}: {reason}")
        else:
            items.append(f"- {count(len(where), 'site')}, {reason}: " + ", ".join(where))
    return items


# what an owner's pull request changes, by site kind, in the words of a mechanical description
LATER_KINDS = (
    ("ETL001", "loggers named by a file's path or the root, named after their module"),
    ("ETL002", "root-logger calls"),
    ("ETL003", "prints"),
    ("ETL008", "prints"),
    ("ETL006", "the levels its modules set on their own loggers"),
    ("ETL005", "an import-time `basicConfig`"),
)


def later_list(later: Sequence[SiteRecord], area: str) -> str:
    """The mechanical description's pointer to `area`'s owner's pull request, which rewrites
    the sites `later`, named by kind."""
    codes = {site.code for site in later}
    kinds = ", ".join(dict.fromkeys(what for code, what in LATER_KINDS if code in codes))
    return (
        f"What users see change in {area} ({count(len(later), 'site')}: {kinds or 'other sites'}) "
        f'is the area\'s own pull request, "{area}: logging that users see change", stacked on '
        "this one; each of its commits lists every line."
    )
