"""What every recipe's output keeps, checked on each recipe's sample shape and, when
ET_LOG_EXECUTORCH_SRC names a tree, on ExecuTorch main: a function a recipe edits still uses
every parameter it used (`codemods/recipes/checks.py`; Core ML's `get_coreml_log_level(
default_level)` once returned `logging.NOTSET` and ignored the level both callers pass)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest
from codemod_support import SAMPLE

from codemods.pipeline import migrate_source
from codemods.recipes import RECIPES, Recipe
from codemods.recipes.checks import lost_parameters
from lint_rules import Config

UPSTREAM = os.environ.get("ET_LOG_EXECUTORCH_SRC")


def _outputs(config: Config) -> list[tuple[str, str, str]]:
    """(recipe, the text the site kinds wrote, the text after the recipe) for every recipe's
    sample file, and its ExecuTorch main file when a tree is given."""
    out = []
    roots = [SAMPLE, *([Path(UPSTREAM)] if UPSTREAM else [])]
    for recipe in RECIPES:
        for root in roots:
            path = root / recipe.path
            if not path.is_file():
                continue
            out.append((recipe.name, *_applied(recipe, path.read_text(encoding="utf-8"), config)))
    return out


def _applied(recipe: Recipe, pristine: str, config: Config) -> tuple[str, str]:
    where = f"executorch/{recipe.path}"
    before = migrate_source(pristine, where, config, recipes=[]).new_text
    result = migrate_source(pristine, where, config, recipes=[recipe])
    assert result.error is None and not result.refused_recipes, (recipe.name, result)
    return before, result.new_text


@pytest.fixture(scope="module")
def outputs(config: Config) -> list[tuple[str, str, str]]:
    return _outputs(config)


def test_every_recipe_is_checked(outputs: list[tuple[str, str, str]]) -> None:
    assert {name for name, _, _ in outputs} == {recipe.name for recipe in RECIPES}


def test_an_edited_function_uses_every_parameter_it_used(
    outputs: list[tuple[str, str, str]],
) -> None:
    lost = {
        name: found
        for name, before, after in outputs
        if (found := lost_parameters(ast.parse(before), ast.parse(after)))
    }
    assert lost == {}


def test_the_check_sees_a_parameter_left_unused() -> None:
    before = ast.parse("def level(default_level):\n    return default_level\n")
    after = ast.parse("import logging\ndef level(default_level):\n    return logging.NOTSET\n")
    assert lost_parameters(before, after) == ["level(default_level)"]


def test_a_recipe_that_leaves_a_parameter_unused_is_refused(config: Config) -> None:
    """The old Core ML recipe's edit, given again: refused, the file as the site kinds wrote it."""
    from functools import partial

    from codemods.recipes.base import edit_function

    old = Recipe(
        "coreml-as-before",
        "backends/apple/coreml/logging.py",
        partial(
            edit_function,
            target="get_coreml_log_level",
            old='if level_str == "":\n    return default_level\n',
            new='if level_str == "":\n    return logging.NOTSET\n',
            imports=(),
        ),
        change="",
        effect="",
    )
    pristine = (SAMPLE / old.path).read_text(encoding="utf-8")
    result = migrate_source(pristine, f"executorch/{old.path}", config, recipes=[old])
    [(name, review)] = result.refused_recipes
    assert "leaves get_coreml_log_level(default_level) unused" in review.reason
    assert result.new_text == pristine
