"""Where a unit's import-time set-up of the root logger stands in the series: the files whose
set-up a later commit of its own pull request removes, other units' files that set it up too,
and the other areas whose modules import one whose set-up goes (their users see the change)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from codemods.analyse.importers import areas, importers_of
from codemods.report.series import OUTPUT, ROOT_SETUP_CODES, Unit, site_stage, unit_of
from codemods.report.tally import FileOutcome, Tally

Groups = dict[tuple[Unit, str], list[FileOutcome]]


def _removed(outcomes: Iterable[FileOutcome]) -> set[str]:
    """The files of `outcomes` whose import-time root set-up is removed (a class B rewrite)."""
    return {
        o.path for o in outcomes for s in o.rewritten if s.code in ROOT_SETUP_CODES and s.reason
    }


def _of(groups: Groups, unit: Unit) -> list[FileOutcome]:
    return [o for (u, _), group in groups.items() if u == unit for o in group]


def later(groups: Groups, unit: Unit) -> list[str]:
    """The unit's files whose root set-up a commit after its output commit removes."""
    return sorted(
        {
            o.path
            for o in _of(groups, unit)
            for s in o.rewritten
            if s.code in ROOT_SETUP_CODES and site_stage(s) != OUTPUT
        }
    )


def others(tally: Tally, unit: Unit) -> list[str]:
    """The files of other units whose root set-up this run removes too."""
    return sorted(_removed(o for o in tally.outcomes if unit_of(o) != unit))


def reached(groups: Groups, unit: Unit, root: Path | None) -> list[str]:
    """The other areas whose modules import, directly or not, a module of `unit` whose root
    set-up this run removes."""
    removed = _removed(_of(groups, unit))
    if root is None or not removed:
        return []
    found = {area for path in removed for area in areas(importers_of(root, path))}
    return sorted(found - set(areas(removed)))
