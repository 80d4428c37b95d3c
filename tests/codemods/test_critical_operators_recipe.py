"""Issue 32's critical-operator tables: one recipe per backend puts its table on its partitioner
class (after the docstring, where there is one), once; refuses with a reason when upstream moved
the class or gave it a table of its own; and each table matches ExecuTorch main when its tree is
given (ET_LOG_EXECUTORCH_SRC)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest
from codemod_support import SAMPLE

from codemods.pipeline import migrate_source
from codemods.recipes import RECIPES as ALL_RECIPES
from codemods.recipes.apply import recipes_for
from codemods.recipes.base import RecipePlan
from codemods.recipes.critical_operators import RECIPES, TABLES, statement
from codemods.shared.review import Review

# ExecuTorch main's shapes (cff6f4dd): XNNPACK's class opens with __init__, TOSA's with a docstring
XNNPACK_MAIN = """\
class XnnpackPartitioner(ConfigerationBasedPartitioner):
    def __init__(
        self,
        configs=None,
        verbose: bool = False,
    ) -> None:
        self.verbose = verbose
"""
TOSA_MAIN = '''\
class TOSAPartitioner(Partitioner):
    """Partition an exported program into TOSA-delegable subgraphs.

    Construct this partitioner for compile specs targeting TOSA.
    """

    def __init__(self, compile_spec, additional_checks=None) -> None:
        self.compile_spec = compile_spec
'''
BY_NAME = {recipe.name: recipe for recipe in RECIPES}


@pytest.mark.parametrize(
    ("name", "source"),
    [("critical-operators-xnnpack", XNNPACK_MAIN), ("critical-operators-arm", TOSA_MAIN)],
)
def test_the_table_goes_first_in_the_class_after_its_docstring(name: str, source: str) -> None:
    plan = BY_NAME[name].plan(ast.parse(source), source)
    assert isinstance(plan, RecipePlan)
    (edit,) = plan.edits
    has_docstring = '"""' in source
    assert (edit.start, edit.count) == (1 if has_docstring else 0, 0)
    assert (
        "critical_operators: tuple[str, ...] = (" in edit.text
        and '    "aten.linear.*",\n' in edit.text
    )


def _for(rel: str) -> list:
    """Every recipe of ``rel``, the delegation record's (opt-in) among them."""
    return recipes_for(f"executorch/{rel}", ALL_RECIPES)


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.backend)
def test_applied_through_the_pipeline_once_on_the_sample(config, table) -> None:
    source = (SAMPLE / table.path).read_text(encoding="utf-8")
    result = migrate_source(source, f"executorch/{table.path}", config, recipes=_for(table.path))
    name = f"critical-operators-{table.backend}"
    assert result.error is None and name in [n for n, _ in result.recipes], result.refused_recipes
    module = ast.parse(result.new_text)
    (cls,) = [s for s in module.body if isinstance(s, ast.ClassDef) and s.name == table.cls]
    assigned = [s for s in cls.body if isinstance(s, ast.AnnAssign)]
    assert assigned[0].value is not None
    assert ast.literal_eval(assigned[0].value) == table.patterns
    again = migrate_source(
        result.new_text, f"executorch/{table.path}", config, recipes=_for(table.path)
    )
    assert name not in [n for n, _ in again.recipes] and not again.refused_recipes


def test_refused_when_the_class_moved_or_has_a_table_of_its_own() -> None:
    recipe = BY_NAME["critical-operators-xnnpack"]
    moved = XNNPACK_MAIN.replace("XnnpackPartitioner", "XnnpackPartitionerV2")
    refusal = recipe.plan(ast.parse(moved), moved)
    assert isinstance(refusal, Review) and "no class XnnpackPartitioner" in refusal.reason
    own = XNNPACK_MAIN.replace(
        "    def __init__(", '    critical_operators = ("aten.mm.*",)\n\n    def __init__(', 1
    )
    refusal = recipe.plan(ast.parse(own), own)
    assert isinstance(refusal, Review) and "a critical_operators of its own" in refusal.reason


def test_the_statement_is_valid_python_naming_its_backend() -> None:
    for table in TABLES:
        text = statement(table)
        assert table.title in text.splitlines()[0]
        (assign,) = ast.parse(text).body
        assert isinstance(assign, ast.AnnAssign) and assign.value is not None
        assert ast.literal_eval(assign.value) == table.patterns


def test_each_table_matches_executorch_main() -> None:
    src = os.environ.get("ET_LOG_EXECUTORCH_SRC")
    if not src:
        pytest.skip("ET_LOG_EXECUTORCH_SRC is not set: no ExecuTorch main tree to match")
    for recipe in RECIPES:
        text = (Path(src) / recipe.path).read_text(encoding="utf-8")
        plan = recipe.plan(ast.parse(text), text)
        assert isinstance(plan, RecipePlan), f"{recipe.name} refuses on main: {plan}"


XNNPACK_CHAIN_HEAD = (
    XNNPACK_MAIN
    + """

class XnnpackDynamicallyQuantizedPartitioner(XnnpackPartitioner):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
"""
)


def test_the_first_partitioner_of_a_chain_gets_no_table() -> None:
    """Review 5: XNNPACK's dynamically quantized partitioner leaves FP32 GEMMs by design for the
    float one after it (export_llama's `[dq, XnnpackPartitioner()]`, run one `to_backend` at a
    time): an empty table, so only the last partitioner's run names what stays."""
    recipe = BY_NAME["critical-operators-xnnpack"]
    plan = recipe.plan(ast.parse(XNNPACK_CHAIN_HEAD), XNNPACK_CHAIN_HEAD)
    assert isinstance(plan, RecipePlan) and len(plan.edits) == 2
    head = plan.edits[1]
    assert (head.start, head.count) == (0, 0) and head.text.endswith("critical_operators = ()\n\n")
    (empty,) = ast.parse(head.text).body
    assert isinstance(empty, ast.Assign) and ast.literal_eval(empty.value) == ()


def test_each_table_works_with_the_recipes_that_give_its_partitioner_reasons() -> None:
    """Review 16, T1: without its backend's reasons and codes a node left has "no reason given"
    and the user's own exclusions warn too, so each backend's commit requires those recipes'
    (every recipe of its folder that reports to the run, and what they need)."""
    for table in TABLES:
        folder = table.path[: table.path.index(table.backend) + len(table.backend)] + "/"
        reporting = [
            r
            for r in ALL_RECIPES
            if r.path.startswith(folder) and r.family != "critical-operators" and r.delegation
            if "partition-report" in r.works_with or r.needs
        ]
        expected = {r.name for r in reporting} | {n for r in reporting for n in r.needs}
        assert expected, f"{table.backend}: no recipe reports its reasons"
        assert expected <= set(table.reasons), table.backend
        recipe = BY_NAME[f"critical-operators-{table.backend}"]
        assert recipe.works_with == ("partition-report", *table.reasons)
    # XNNPACK says a user's restricted configs with the generic partitioner's NO_CONFIG
    assert "config-partitioner-no-config" in BY_NAME["critical-operators-xnnpack"].works_with
