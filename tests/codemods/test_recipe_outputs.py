"""What every recipe's output keeps, checked on each recipe's sample shape and, when
ET_LOG_EXECUTORCH_SRC names a tree, on ExecuTorch main (`codemods/recipes/checks.py`): a function
a recipe edits still uses every parameter it used (Core ML's `get_coreml_log_level(
default_level)` once returned `logging.NOTSET` and ignored the level both callers pass), and its
docstring is updated or the recipe listed for review when the edit removed what the docstring
mentions (DebugPass's `override_logger` kept "written to that file besides stderr"), and a
module-level name keeps the type of what it held (XNNPACK's `why = WhyNoPartition(...)` became a
function passed where `why: WhyNoPartition | None` is annotated: ExecuTorch's mypy refused it)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest
from codemod_support import SAMPLE

from codemods.pipeline import migrate_source
from codemods.recipes import RECIPE_NAMED, RECIPES, Recipe
from codemods.recipes.checks import lost_parameters, retyped_bindings, stale_docstrings
from lint_rules import Config

UPSTREAM = os.environ.get("ET_LOG_EXECUTORCH_SRC")


Output = tuple[str, str, str, list[str]]


# ExecuTorch main's files whose sites wait for review as a whole (NXP's partitioner binds its IR
# logger under another name): the recipe waits with them (test_every_recipe_applies_to_executorch_main)
WHOLE_FILE_ON_MAIN = ("nxp-rejections",)


def _outputs(config: Config) -> list[Output]:
    """(recipe, the text the site kinds wrote, the text after the recipe, the recipe's review
    notes) for every recipe's sample file, and its ExecuTorch main file when a tree is given."""
    out = []
    roots = [SAMPLE, *([Path(UPSTREAM)] if UPSTREAM else [])]
    for recipe in RECIPES:
        for root in roots:
            path = root / recipe.path
            if not path.is_file():
                continue
            if root != SAMPLE and recipe.name in WHOLE_FILE_ON_MAIN:
                continue  # refused on main: its file waits for review as a whole
            out.append((recipe.name, *_applied(recipe, path.read_text(encoding="utf-8"), config)))
    return out


def _applied(recipe: Recipe, pristine: str, config: Config) -> tuple[str, str, list[str]]:
    where = f"executorch/{recipe.path}"
    before = migrate_source(pristine, where, config, recipes=[]).new_text
    result = migrate_source(pristine, where, config, recipes=[recipe])
    assert result.error is None and not result.refused_recipes, (recipe.name, result)
    notes = [review.reason for name, review in result.recipe_reviews if name == recipe.name]
    return before, result.new_text, notes


@pytest.fixture(scope="module")
def outputs(config: Config) -> list[Output]:
    return _outputs(config)


def test_every_recipe_is_checked(outputs: list[Output]) -> None:
    assert {name for name, *_ in outputs} == {recipe.name for recipe in RECIPES}


def test_an_edited_function_uses_every_parameter_it_used(outputs: list[Output]) -> None:
    lost = {
        name: found
        for name, before, after, _ in outputs
        if (found := lost_parameters(ast.parse(before), ast.parse(after)))
    }
    assert lost == {}


def test_a_stale_docstring_is_updated_or_listed_for_review(outputs: list[Output]) -> None:
    """Each docstring that still mentions what the edit removed is on the review list, unless
    the recipe's new code still does it (`Recipe.still_true`)."""
    for name, before, after, notes in outputs:
        for stale in stale_docstrings(ast.parse(before), ast.parse(after)):
            function, _, said = stale.partition("(): ")
            if set(said.split(", ")) <= set(RECIPE_NAMED[name].still_true):
                assert not any("docstring" in note for note in notes), (name, notes)
                continue
            function = function.rsplit(".", 1)[-1]
            assert any(function in note and "docstring" in note for note in notes), (name, stale)


def test_a_docstring_the_new_code_keeps_true_is_not_for_review(outputs: list[Output]) -> None:
    """XnnpackPartitioner's "If verbose is True, level is set to DEBUG": the recipe's code still
    sets `logging.DEBUG` on the logger, so the docstring stays true and is not flagged."""
    [(before, after, notes)] = [
        (b, a, n) for name, b, a, n in outputs if name == "xnnpack-verbose" and "verbose" in b
    ][:1]
    assert "level is set to DEBUG" in before and "logging.DEBUG" in after
    assert stale_docstrings(ast.parse(before), ast.parse(after)) == []
    assert notes == []


def test_the_check_sees_a_docstring_the_edit_made_false() -> None:
    before = ast.parse(
        'import sys\ndef say(m):\n    """Print m on stderr."""\n    sys.stderr.write(m)\n'
    )
    after = ast.parse('def say(m):\n    """Print m on stderr."""\n    logger.info(m)\n')
    assert stale_docstrings(before, after) == ["say(): stderr"]


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


def test_the_report_lists_a_recipe_whose_docstring_is_stale(
    sample_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sample Ethos-U backend's docstring says Vela is verbose "whenever this module's
    logger shows INFO"; vela-verbose-at-debug makes it DEBUG: applied, and on the review list."""
    from codemods.migrate import main

    report = tmp_path / "report.md"
    monkeypatch.chdir(sample_copy)
    assert main(["exir", "backends", "-q", "-j", "1", "--report", str(report)]) == 0
    text = report.read_text()
    left = text.split("## Left for review", 1)[1]
    assert (
        "- `backends/arm/ethosu/backend.py` recipe vela-verbose-at-debug: "
        "EthosUBackend._compile_tosa_flatbuffer()'s docstring still mentions INFO, which the "
        "edit removed from its body: update the docstring (review)"
    ) in left
    assert "| vela-verbose-at-debug | `backends/arm/ethosu/backend.py` | applied |" in text
    # review 12, m4: critical-operators-xnnpack inserts a class attribute before `__init__`,
    # beside the function, not in it: the DEBUG xnnpack-verbose replaced is not its doing
    assert "recipe critical-operators-xnnpack: XnnpackPartitioner.__init__()" not in left


def test_a_rebound_name_keeps_its_type(outputs: list[Output]) -> None:
    retyped = {
        name: found
        for name, before, after, _ in outputs
        if (found := retyped_bindings(ast.parse(before), ast.parse(after)))
    }
    assert retyped == {}


def test_the_check_sees_why_become_a_function() -> None:
    """The shapes the xnnpack-codes recipes once wrote: `why` a function, passed on to
    `DecomposeBatchNorm.can_decompose_batch_norm(node, ep, why)` (`why: WhyNoPartition | None`),
    is caught; a subclass of the file (`_XnnpackWhy`, their next shape) keeps the type. They now
    leave `why` as it is (their calls pass `code=` to the core's `WhyNoPartition.__call__`); the
    check still guards every recipe (test_a_rebound_name_keeps_its_type)."""
    before = ast.parse("why = WhyNoPartition(logger=logger)\n")
    function = (
        'def why(node: torch.fx.Node, reason: str, code: str = "XNN.CONSTRAINT") -> None:\n'
        "    report_rejection(logger, node, reason, code)\n"
    )
    assert retyped_bindings(before, ast.parse(function)) == [
        "why: a WhyNoPartition, now FunctionDef"
    ]
    subclass = (
        "class _XnnpackWhy(WhyNoPartition):\n    pass\n\n\nwhy = _XnnpackWhy(logger=logger)\n"
    )
    assert retyped_bindings(before, ast.parse(subclass)) == []


def test_a_recipe_that_retypes_a_binding_is_refused(config: Config) -> None:
    """The xnnpack-codes recipes' old edit, given again: `why` a function. Refused."""
    from codemods.recipes.reason_codes import XNNPACK, plan_codes

    old_helper = (
        "why = WhyNoPartition(logger=logger)\n",
        '\n\ndef why(node, reason, code="XNN.CONSTRAINT"):\n'
        "    report_rejection(logger, node, reason, code)\n",
    )
    common = XNNPACK[0]
    old = Recipe(
        "xnnpack-as-before",
        common.path,
        lambda tree, source: plan_codes(
            tree, source, helper=(old_helper,), call="why", codes=(), imports=("report_rejection",)
        ),
        change="",
        effect="",
    )
    pristine = (SAMPLE / old.path).read_text(encoding="utf-8")
    result = migrate_source(pristine, f"executorch/{old.path}", config, recipes=[old])
    [(name, review)] = result.refused_recipes
    assert "changes the type of why: a WhyNoPartition, now FunctionDef" in review.reason
