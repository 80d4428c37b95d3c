"""A recipe whose edit relies on another recipe's change (`Recipe.needs`) applies only where that
change is made. XNNPACK's `why(node, reason, code=...)` calls a parameter that only
`why-no-partition-info` gives `WhyNoPartition.__call__`, in another file: applied alone, every
rejection of XNNPACK's would raise TypeError. `selection.select` leaves such a recipe out with
the one it needs; `unmet`, before a run, finds the needed recipes its files will not have (the
recipe refused there, the file failing or waiting for review, or not in the run and not done
before), so that the run refuses the recipes that need them, saying why. libcst's command, which
sees one file at a time, applies such a recipe only once the needed file has what it needs.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterable

from codemods.pipeline import migrate_source
from codemods.recipes.apply import recipes_for
from codemods.recipes.base import Recipe
from codemods.shared.review import Review
from codemods.write.fileio import SourceFileError, read
from lint_rules import Config
from lint_rules.capturing_tests import TestRef


def unmet(
    recipes: list[Recipe],
    paths: Iterable[str] | None,
    config: Config,
    tests: list[TestRef] | None = None,
) -> dict[str, Review]:
    """The recipes of `recipes` (a run's selection) that must be refused, each with why: a
    recipe it needs will not be applied to its file by the run over `paths` (migrated here as
    the run's worker does, with the run's `tests`), nor was before. `paths` None: the run's
    files are not known (libcst's command, one file at a time): a needed recipe counts only when
    its file has it already."""
    chosen = {recipe.name: recipe for recipe in recipes}
    needed = sorted({name for recipe in recipes for name in recipe.needs if name in chosen})
    run = (None if paths is None else list(paths), config, tests or [])
    missing = {name: why for name in needed if (why := _missing(chosen[name], recipes, *run))}
    out: dict[str, Review] = {}
    for recipe in recipes:
        for name in recipe.needs:
            if name in missing and recipe.name not in out:
                out[recipe.name] = Review(
                    f"not applied: it needs `{name}`, which {missing[name]}; its edit would call "
                    "what that recipe adds (apply both in one run, or that one first)"
                )
    return out


def _missing(
    needed: Recipe,
    recipes: list[Recipe],
    paths: list[str] | None,
    config: Config,
    tests: list[TestRef],
) -> str:
    """Why `needed` will not be there after the run, or "" when it will (applied by the run, or
    before it)."""
    path = next((p for p in paths or () if recipes_for(p, [needed])), None)
    if path is None:  # not in the run (or not known to be): done before, or not at all
        return _on_disk(
            needed, config, ", which is not in this run" if paths is not None else " yet"
        )
    try:
        text = read(path).text
    except SourceFileError as exc:
        return f"cannot be applied to {config.relpath(path)} ({exc})"
    result = migrate_source(text, path, config, recipes=recipes_for(path, recipes), tests=tests)
    if result.error is not None:
        return f"cannot be applied: {config.relpath(path)} fails ({result.error})"
    refused = dict(result.refused_recipes)
    if needed.name in refused:
        return f"is refused on {config.relpath(path)} ({refused[needed.name].reason})"
    return ""  # applied by the run, or found applied (a plan of None)


def _on_disk(needed: Recipe, config: Config, why: str) -> str:
    """Why `needed`, whose file is not in the run, is not applied to it in the project."""
    where = os.path.join(str(config.root or os.getcwd()), *needed.path.split("/"))
    try:
        text = read(where).text
        plan = needed.plan(ast.parse(text), text)
    except (SourceFileError, SyntaxError, ValueError) as exc:
        return f"cannot be checked: {needed.path} is not readable ({exc})"
    if plan is None:
        return ""  # applied by an earlier run
    if isinstance(plan, Review):
        return f"would be refused on {needed.path} ({plan.reason})"
    return f"is not applied to {needed.path}{why}"
