"""Which recipes a run applies: those of ExecuTorch's logging unless told otherwise; the
delegation record's (`Recipe.delegation`) only when named.

`--recipes NAMES` names the only ones to apply, `--skip-recipes NAMES` and `[tool.et-log]
skip-recipes` the ones to leave out (a backend owner's decision, kept in the config so that a
later `--check` agrees), `--no-recipes` none. `behaviour-changes` stands for every recipe that
changes behaviour by design (`Recipe.behaviour_change`), `delegation-record` for the delegation
record's, `all` for every recipe, a family's name (`Recipe.family`) for each of its members. A recipe whose edit needs another's (`Recipe.needs`: XNNPACK's `code=` needs
`WhyNoPartition.__call__` to take it) is left out with it.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable

from codemods.recipes import RECIPE_NAMED, RECIPES, Recipe

BEHAVIOUR_CHANGES = "behaviour-changes"
DELEGATION = "delegation-record"
ALL = "all"
DEFAULT = tuple(recipe.name for recipe in RECIPES if not recipe.delegation)


class RecipeSelectionError(ValueError):
    """A recipe name that no recipe has."""


def expand(names: Iterable[str]) -> set[str]:
    """The recipe names `names` stand for (`behaviour-changes` for each of those recipes; a
    family's name, `Recipe.family`, for each of its members: `coreml-log-level-default` for
    `coreml-log-level-default-partitioner` and `coreml-log-level-default-preprocess`)."""
    out: set[str] = set()
    for name in names:
        family = {recipe.name for recipe in RECIPES if recipe.family == name}
        if name == BEHAVIOUR_CHANGES:
            out |= {recipe.name for recipe in RECIPES if recipe.behaviour_change}
        elif name == DELEGATION:
            out |= {recipe.name for recipe in RECIPES if recipe.delegation}
        elif name == ALL:
            out |= set(RECIPE_NAMED)
        elif name in RECIPE_NAMED:
            out.add(name)
        elif family:
            out |= family
        else:
            families = dict.fromkeys(r.family for r in RECIPES if r.family)
            known = ", ".join([*RECIPE_NAMED, *families, BEHAVIOUR_CHANGES, DELEGATION, ALL])
            raise RecipeSelectionError(f"unknown recipe {name!r} (known: {known})")
    return out


def parse_names(text: str) -> tuple[str, ...]:
    """A comma-separated list of recipe names, checked (an argparse `type`)."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    try:
        expand(names)
    except RecipeSelectionError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc
    return names


def select(only: Iterable[str] | None, skip: Iterable[str]) -> list[Recipe]:
    """The recipes to apply, in `RECIPES` order: `only` (`DEFAULT` when None) less `skip`,
    less those whose needed recipe is not among them."""
    chosen = set(DEFAULT) if only is None else expand(only)
    chosen -= expand(skip)
    while unmet := {name for name in chosen if set(RECIPE_NAMED[name].needs) - chosen}:
        chosen -= unmet  # and what needs those, in turn
    return [recipe for recipe in RECIPES if recipe.name in chosen]


def help_text() -> str:
    """The recipes as `--help` lists them, the behaviour changes marked."""
    lines = [
        f"  {recipe.name}{' (behaviour change)' if recipe.behaviour_change else ''}"
        f"{' (delegation record: only when named)' if recipe.delegation else ''}: {recipe.path}"
        + (f" (family {recipe.family})" if recipe.family else "")
        for recipe in RECIPES
    ]
    return "ExecuTorch recipes (see docs/codemod.md):\n" + "\n".join(lines)
