"""A rejection recipe keeps what the line it replaces said and logs each rejection once.

For every recipe that feeds `report_rejection`, on the sample tree's shape of its file (and on
ExecuTorch's own file when ``ET_LOG_EXECUTORCH_SRC`` names a tree): the site kinds' result is
compared with the result after the recipe. Every value the replaced log or print line formatted
(Vulkan's reason and `node_io_str(node)`, OpenVINO's op) must be in a reported reason, rendered
by evaluating both messages with names that render as themselves; and no print or logger call
stands beside a `report_rejection` (that line and the run's would tell the same rejection twice;
a partitioner's own `self.log_once`, which its `log=True` asks for, may).
"""

from __future__ import annotations

import ast
import builtins
import os
from functools import partial
from pathlib import Path

import pytest
from codemod_support import SAMPLE

from codemods.pipeline import migrate_source
from codemods.recipes import RECIPE_NAMED, RECIPES, Recipe
from codemods.recipes.base import blocks, edit_blocks
from lint_rules import load_config

LEVELS = ("debug", "info", "warning", "error")

# Values a recipe drops on purpose. Qualcomm's lines name the op and a verdict word
# (`[{self.phase}] {node.target.__name__} | Skipped`, `... | {supported}`) and do not say why;
# its recipe reports what the check found instead (review m3: `reasons=` in rejection_sites.py).
# The node and its target are on the run's line (report_rejection is given the node), the
# verdict `supported` is the rejection itself, and the phase only says which of Qualcomm's
# passes asked. Any other value the recipe drops still fails the check.
REWORDED = {
    "qualcomm-rejections": {"node.name", "node.target.__name__", "self.phase", "supported"},
}


def _feeds(recipe: Recipe) -> bool:
    """The recipe writes `report_rejection` into its sample file."""
    source = (SAMPLE / recipe.path).read_text()
    path = f"executorch/{recipe.path}"
    result = migrate_source(source, path, load_config(str(SAMPLE)), recipes=[recipe])
    return "report_rejection(" in result.new_text


FEEDS = [recipe for recipe in RECIPES if _feeds(recipe)]


class Named:
    """A value that renders as the expression that produced it (`utils.node_io_str(node)`)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __getattr__(self, name: str) -> Named:
        return Named(f"{self.text}.{name}")

    def __call__(self, *args: object) -> Named:
        return Named(f"{self.text}({', '.join(map(str, args))})")

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return self.text


class Names(dict[str, object]):
    """Every name is a `Named` of itself, but for the builtins (`str`)."""

    def __missing__(self, key: str) -> object:
        return getattr(builtins, key, None) or Named(key)


def render(expr: ast.expr) -> str:
    return str(eval(compile(ast.Expression(expr), "<message>", "eval"), {}, Names()))


def _log_call(stmt: ast.stmt) -> ast.Call | None:
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    func = call.func if isinstance(call, ast.Call) else None
    if isinstance(func, ast.Name) and func.id == "print":
        return call
    if isinstance(func, ast.Attribute) and func.attr in LEVELS and func.attr != "log_once":
        return call if isinstance(func.value, ast.Name) else None
    return None


def _is_report(stmt: ast.stmt) -> bool:
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    return isinstance(call, ast.Call) and getattr(call.func, "id", "") == "report_rejection"


def _values(call: ast.Call) -> list[str]:
    """What each non-literal part of a log or print line renders as."""
    out = []
    for arg in call.args:
        parts = arg.values if isinstance(arg, ast.JoinedStr) else [arg]
        for part in parts:
            value = part.value if isinstance(part, ast.FormattedValue) else part
            if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
                out.append(render(value))
    return out


def check(recipe: Recipe, source: str, path: str, config) -> None:
    plain = migrate_source(source, path, config, recipes=[])
    fed = migrate_source(source, path, config, recipes=[recipe])
    assert fed.error is None and [n for n, _ in fed.recipes] == [recipe.name], fed.refused_recipes
    before, after = ast.parse(plain.new_text), ast.parse(fed.new_text)
    kept = {ast.dump(s) for b in blocks(after) for s in b}
    replaced = [
        call
        for block in blocks(before)
        for stmt in block
        if (call := _log_call(stmt)) is not None and ast.dump(stmt) not in kept
    ]
    reasons = [
        render(stmt.value.args[2])
        for block in blocks(after)
        for stmt in block
        if _is_report(stmt) and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
    ]
    assert reasons, f"{recipe.name}: nothing reported"
    for call in replaced:
        for value in _values(call):
            if value in REWORDED.get(recipe.name, ()):
                continue
            assert any(value in reason for reason in reasons), (recipe.name, value, reasons)
    for block in blocks(after):
        for index, stmt in enumerate(block):
            if _is_report(stmt):
                around = block[max(index - 1, 0) : index] + block[index + 1 : index + 2]
                twice = [ast.unparse(s) for s in around if _log_call(s) is not None]
                assert not twice, f"{recipe.name}: logged beside its report: {twice}"


@pytest.mark.parametrize("recipe", FEEDS, ids=lambda r: r.name)
def test_the_sample_shape_keeps_every_value_and_reports_once(config, recipe: Recipe) -> None:
    check(recipe, (SAMPLE / recipe.path).read_text(), f"executorch/{recipe.path}", config)


UPSTREAM = os.environ.get("ET_LOG_EXECUTORCH_SRC")


@pytest.mark.skipif(not UPSTREAM, reason="ET_LOG_EXECUTORCH_SRC (an ExecuTorch tree) is not set")
@pytest.mark.parametrize("recipe", FEEDS, ids=lambda r: r.name)
def test_executorch_main_keeps_every_value_and_reports_once(config, recipe: Recipe) -> None:
    source = Path(UPSTREAM or "") / recipe.path
    if not source.is_file():
        pytest.skip(f"{recipe.path} is not in this tree")
    if recipe.name == "nxp-rejections":  # test_recipe_outputs.WHOLE_FILE_ON_MAIN
        pytest.skip("on main its file waits for review as a whole: the recipe waits too")
    check(recipe, source.read_text(encoding="utf-8"), f"executorch/{recipe.path}", config)


def test_every_rejection_recipe_is_checked() -> None:
    names = {recipe.name for recipe in FEEDS}
    assert {"vulkan-log-skip", "openvino-rejections", "config-partitioner-no-config"} <= names
    assert len(names) >= 12, names


def _as_before(name: str, changes: list[tuple[str, str]], target: str) -> Recipe:
    """`name` as it was before issue 21 (its edit given again), to show the check fails."""
    recipe = RECIPE_NAMED[name]
    plan = partial(edit_blocks, target=target, changes=changes, imports=("report_rejection",))
    return Recipe(name, recipe.path, plan, change="", effect="")


def test_the_check_fails_on_a_lost_value(config) -> None:
    old = (
        'if node.op == "call_function":\n'
        "    logger.info(\n"
        '        f"[Vulkan Partitioner] Due to [{reason}], skipping {utils.node_io_str(node)}"\n'
        "    )\n"
    )
    new = 'if node.op == "call_function":\n    report_rejection(logger, node, reason)\n'
    recipe = _as_before("vulkan-log-skip", [(old, new)], "VulkanSupportedOperators.log_skip")
    source = (SAMPLE / recipe.path).read_text()
    with pytest.raises(AssertionError, match="node_io_str"):
        check(recipe, source, f"executorch/{recipe.path}", config)


def test_the_check_fails_on_a_value_qualcomm_does_not_reword(config) -> None:
    """The exemption is of the values named: a Qualcomm line formatting anything else (here the
    node's arguments) still needs it in the reason."""
    recipe = RECIPE_NAMED["qualcomm-rejections"]
    line = 'logger.info(f"{node.target.__name__} | Skipped")'
    source = (SAMPLE / recipe.path).read_text()
    assert line in source
    with_args = source.replace(line, line.replace(" | Skipped", " {node.args} | Skipped"))
    with pytest.raises(AssertionError, match="node.args"):
        check(recipe, with_args, f"executorch/{recipe.path}", config)


def test_the_check_fails_on_a_rejection_logged_twice(config) -> None:
    line = 'logger.warning("Op not supported: %s", "torch.ops." + str(op_type))\n'
    report = 'report_rejection(logger, node, "not in OpenVINO\'s supported ops")\n'
    target = "OpenvinoOperatorsSupport.is_node_supported"
    recipe = _as_before("openvino-rejections", [(line, line + report)], target)
    source = (SAMPLE / recipe.path).read_text()
    with pytest.raises(AssertionError, match="logged beside its report"):
        check(recipe, source, f"executorch/{recipe.path}", config)
