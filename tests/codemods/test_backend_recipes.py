"""Issue 16's backend recipes (Vela's verbose mode, Core ML's default levels): applied to
their upstream shape once, refused with a reason when upstream changed, and matching ExecuTorch
main when its tree is given (ET_LOG_EXECUTORCH_SRC)."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest
from codemod_support import SAMPLE, every_recipe

from codemods.pipeline import migrate_source
from codemods.recipes.base import RecipePlan
from codemods.recipes.coreml_log_level import PARTITIONER, PREPROCESS
from codemods.recipes.vela_verbose import RECIPE as VELA_VERBOSE

BACKEND_RECIPES = (VELA_VERBOSE, PARTITIONER, PREPROCESS)
# recipe -> the sample file it edits (its output: snapshots/backend_recipes/)
FILES = {recipe.name: recipe.path for recipe in BACKEND_RECIPES}


@pytest.mark.parametrize("name", sorted(FILES))
def test_applies_once_and_is_idempotent(config, snapshot, name: str) -> None:
    rel = FILES[name]
    source = (SAMPLE / rel).read_text()
    result = migrate_source(source, f"executorch/{rel}", config)
    assert result.error is None and name in [n for n, _ in result.recipes], result.refused_recipes
    snapshot(result.new_text)
    compile(result.new_text, rel, "exec")
    again = migrate_source(result.new_text, f"executorch/{rel}", config)
    assert (again.new_text, again.recipes, again.refused_recipes) == (result.new_text, [], [])


CHANGED = {
    VELA_VERBOSE.name: ("<= logging.INFO", "<= logging.DEBUG"),
    PARTITIONER.name: ("default_level=logging.INFO", "default_level=logging.DEBUG"),
    PREPROCESS.name: ("logger.setLevel(get_coreml", "logger.setLevel(level=get_coreml"),
}


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_a_changed_upstream_shape_is_refused_with_a_reason(config, name: str) -> None:
    rel = FILES[name]
    old, new = CHANGED[name]
    source = (SAMPLE / rel).read_text()
    assert old in source
    result = migrate_source(source.replace(old, new), f"executorch/{rel}", config)
    refused = dict(result.refused_recipes)
    assert name in refused and "upstream changed" in refused[name].reason, result.refused_recipes
    assert name not in [n for n, _ in result.recipes]


def test_each_recipe_matches_executorch_main() -> None:
    src = os.environ.get("ET_LOG_EXECUTORCH_SRC")
    if not src:
        pytest.skip("ET_LOG_EXECUTORCH_SRC is not set: no ExecuTorch main tree to match")
    for recipe in BACKEND_RECIPES:
        path = Path(src) / recipe.path
        assert path.is_file(), f"{recipe.name}: {path} is not in ExecuTorch main"
        text = path.read_text()
        plan = recipe.plan(ast.parse(text), text)
        assert isinstance(plan, RecipePlan), f"{recipe.name} refuses on main: {plan}"


def test_a_recipe_names_each_print_it_removes_by_its_line(config) -> None:
    """The prints a recipe replaces, left as prints by the site kinds (OpenVINO's "is skipped")
    or rewritten by them first ("Op not supported"), are named at their line before migration:
    an owner finds each in today's file."""
    rel = "backends/openvino/partitioner.py"
    source = (SAMPLE / rel).read_text()
    printed = [n.lineno for n in ast.walk(ast.parse(source)) if _is_print(n)]
    assert len(printed) == 2, f"{rel}: the sample lost its upstream shape"
    result = migrate_source(source, f"executorch/{rel}", config, recipes=every_recipe(rel))
    detail = dict(result.recipes)["openvino-rejections"]
    said = re.search(r"removes the prints at (.*) \(lines of the file before migration\)", detail)
    assert said, detail
    named = re.findall(r"`([^`]+):(\d+)`", said[1])
    assert all(path.endswith(rel) for path, _ in named), named
    assert [int(line) for _, line in named] == printed


def _is_print(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
    )
