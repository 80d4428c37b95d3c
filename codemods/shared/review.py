"""The one way every stage says "a human should look at this, because ...": a `Review`.

A fix's planner and a recipe return one instead of a plan; the rewrite gives a planned site up
with one; the pipeline reports each site left with its finding (`SiteReview`). Code that must
unwind to say it (a fix's `build`, called deep inside libcst's visit of the site) raises
`NeedsReview`, which carries the same record: the reason is never a bare string between stages.
"""

from __future__ import annotations

from dataclasses import dataclass

from lint_rules import Finding


@dataclass(frozen=True)
class Review:
    """Why a site, or a recipe, is left for review: the reason as the report prints it."""

    reason: str


@dataclass(frozen=True)
class SiteReview:
    """A site left for review: its finding, and why."""

    finding: Finding
    review: Review


class NeedsReview(Exception):
    """Raised where returning a `Review` is not possible (a `build` inside libcst's visit)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.review = Review(reason)
