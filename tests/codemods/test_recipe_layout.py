"""Statements a recipe inserts are laid out as black would at the block's column (ExecuTorch's
UFMT gate runs black 24 at 88 columns on every file the migration changes)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from codemods.recipes.base import laid_out

INSERTED = (
    "if self.should_override_support(node):\n"
    "    is_supported = False\n"
    '    report_rejection(logger, node, "CoreMLPartitioner overrides its support")\n'
)


def test_a_call_too_long_at_its_column_is_split_and_means_the_same() -> None:
    out = laid_out(INSERTED, 12)
    assert out != INSERTED
    assert all(12 + len(line) <= 88 for line in out.splitlines())
    assert ast.dump(ast.parse(out)) == ast.dump(ast.parse(INSERTED))


def test_lines_that_fit_are_left_as_written() -> None:
    assert laid_out(INSERTED, 0) == INSERTED


def test_black_leaves_the_laid_out_statements_alone() -> None:
    black = pytest.importorskip("black")
    module = "class A:\n    def f(self, node):\n        if node:\n" + textwrap.indent(
        laid_out(INSERTED, 12), " " * 12
    )
    assert black.format_str(module, mode=black.Mode()) == module


def test_every_recipe_keeps_its_black_clean_sample_black_clean(config) -> None:
    """What ExecuTorch's UFMT gate asks of the files the migration changes: a black-clean file
    stays black-clean once the site kinds and its recipe are through (arm_vela.py's `with` line
    once carried a comment that took it past 88 columns)."""
    black = pytest.importorskip("black")
    from codemod_support import SAMPLE

    from codemods.pipeline import migrate_source
    from codemods.recipes import RECIPES

    for recipe in RECIPES:
        pristine = (SAMPLE / recipe.path).read_text(encoding="utf-8")
        if black.format_str(pristine, mode=black.Mode()) != pristine:
            continue  # not black-clean to begin with: nothing to keep
        result = migrate_source(pristine, f"executorch/{recipe.path}", config, recipes=[recipe])
        assert black.format_str(result.new_text, mode=black.Mode()) == result.new_text, recipe.name
