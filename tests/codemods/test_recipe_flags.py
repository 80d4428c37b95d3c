"""A recipe's `behaviour_change` is checked, not taken on trust: applied to its sample file, a
recipe whose edit loses a call that printed or logged at INFO and up must say it changes
behaviour (a change of default output is class B), and one that loses none must not claim to."""

from __future__ import annotations

import ast

import pytest
from codemod_support import SAMPLE

from codemods.pipeline import migrate_source
from codemods.recipes import RECIPES
from codemods.recipes.base import RecipePlan, changes_output
from codemods.shared.review import Review
from lint_rules import Config

# Recipes that change behaviour without losing an output call: what they change is said here.
OTHER_CHANGES = {
    "coreml-log-level-default-partitioner": "the partitioner's level when ET_COREML_LOG_LEVEL is unset",
    "coreml-log-level-default-preprocess": "preprocess's level when ET_COREML_LOG_LEVEL is unset",
    "partition-report": "every partitioner run explains its rejections (why-not lines)",
    "vela-verbose-at-debug": "Vela's verbose dump needs DEBUG, not INFO",
    "why-no-partition-info": "WhyNoPartition's lines move from DEBUG to the run's INFO lines",
    # one recipe shape for four backends, whose lines before `return False` are INFO or
    # WARNING upstream; the samples of these two have DEBUG ones
    "mlx-rejections": "a reason logged at INFO or WARNING upstream becomes a run's why-not line",
    "coreai-rejections": "a reason logged at INFO or WARNING upstream becomes a why-not line",
    "critical-operators-at-lowering-end": "the critical-operator WARNING at the lowering's end",
    **{
        f"critical-operators-{backend}": "a new WARNING when a critical operator stays on the CPU"
        for backend in ("xnnpack", "vulkan", "arm", "coreml", "openvino")
    },
}


def test_every_other_change_names_a_recipe() -> None:
    assert set(OTHER_CHANGES) <= {recipe.name for recipe in RECIPES}, "a removed recipe is listed"


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.name)
def test_the_declared_flag_matches_the_edit(config: Config, recipe) -> None:
    pristine = (SAMPLE / recipe.path).read_text(encoding="utf-8")
    # recipes apply after the site kinds, to their text
    source = migrate_source(pristine, f"executorch/{recipe.path}", config, recipes=[]).new_text
    plan = recipe.plan(ast.parse(source), source)
    assert not isinstance(plan, Review) and plan is not None, (recipe.name, plan)
    assert isinstance(plan, RecipePlan)
    computed = changes_output(plan)
    if computed:
        assert recipe.behaviour_change, f"{recipe.name} loses an output call: class B"
    else:
        assert recipe.behaviour_change == (recipe.name in OTHER_CHANGES), recipe.name


def test_the_check_sees_a_lost_info_line() -> None:
    tree = ast.parse("def f(node):\n    logger.info('skipping %s', node)\n")
    block = tree.body[0].body  # type: ignore[attr-defined]
    from codemods.recipes.base import Edit

    lost = RecipePlan([Edit(block, 0, 1, "report_rejection(logger, node, 'x')\n")], ())
    kept = RecipePlan([Edit(block, 0, 1, "logger.info('skipping %s', node)\nx = 1\n")], ())
    assert changes_output(lost) and not changes_output(kept)


# Recipes that change what a program that configured nothing prints without losing a print
# (their new line is a WARNING)
NEW_DEFAULT_LINES = {
    f"critical-operators-{b}" for b in ("xnnpack", "vulkan", "arm", "coreml", "openvino")
}


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.name)
def test_a_recipe_that_changes_default_output_says_so_in_its_commit(config: Config, recipe) -> None:
    """Review 8, M1: each recipe is a commit of its own; one that removes a line everyone saw
    (a `print`, or the WARNING the site kinds made of it: Python's last resort shows it) or
    adds one must be a behaviour change, so its commit lists it under Changes users will
    see."""
    pristine = (SAMPLE / recipe.path).read_text(encoding="utf-8")
    source = migrate_source(pristine, f"executorch/{recipe.path}", config, recipes=[]).new_text
    plan = recipe.plan(ast.parse(source), source)
    assert isinstance(plan, RecipePlan), (recipe.name, plan)
    lost_print = any(
        isinstance(node, ast.Call) and _shown_by_default(node.func)
        for edit in plan.edits
        if edit.count
        for stmt in edit.block[edit.start : edit.start + edit.count]
        for node in ast.walk(stmt)
    )
    if lost_print or recipe.name in NEW_DEFAULT_LINES:
        assert recipe.behaviour_change, recipe.name


def _shown_by_default(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id == "print"
    return isinstance(func, ast.Attribute) and func.attr in ("warning", "error", "critical")
