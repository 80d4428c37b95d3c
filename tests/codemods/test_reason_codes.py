"""Reason codes at the backends' own rejection helpers (issue 23): XNNPACK's `why`, Arm's
reporter. Shapes written here in the backends' form; ExecuTorch main's own files when
ET_LOG_EXECUTORCH_SRC names a tree."""

from __future__ import annotations

import ast
import os
import re
import sys
import types
from pathlib import Path

import pytest

from codemods.recipes import RECIPE_NAMED, reason_codes
from codemods.recipes.apply import apply_recipes
from codemods.recipes.base import RecipePlan
from codemods.recipes.reason_codes import ARM, WORDS, XNNPACK
from et_log_report.codes import CODES, describe

COMMON = XNNPACK[0]  # backends/xnnpack/partition/config/xnnpack_config.py

CONFIG = """import torch
from executorch.exir.backend.utils import WhyNoPartition
from executorch_logging import get_logger

logger = get_logger(__name__)
why = WhyNoPartition(logger=logger)


class Config:
    def check(self, node, precisions, first, second) -> bool:
        if not precisions:
            why(node, reason="not enabled precision types")
            return False
        if node.args[0] != 2:
            why(node, f"only support power == 2, got {node.args[0]}")
            return False
        if first != second:
            why(
                node,
                reason=(
                    f"{node.name} does not support mixed input dtypes, "
                    f"got: [{first}, {second}]"
                ),
            )
            return False
        return True
"""

EXPECTED = (
    CONFIG.replace(
        'why(node, reason="not enabled precision types")',
        'why(node, reason="not enabled precision types", code="XNN.PRECISION")',
    )
    .replace(  # too long for one line with its code: laid out as black would
        '            why(node, f"only support power == 2, got {node.args[0]}")\n',
        "            why(\n"
        "                node,\n"
        '                f"only support power == 2, got {node.args[0]}",\n'
        '                code="XNN.CONSTRAINT",\n'
        "            )\n",
    )
    .replace(
        "                ),\n            )\n",
        '                ),\n                code="XNN.DTYPE",\n            )\n',
    )
)


def _apply(text: str, recipe=COMMON):
    return apply_recipes(text, ast.parse(text), recipe.path, "executorch_logging", [recipe])


def test_xnnpacks_why_becomes_a_coded_report_and_its_calls_get_their_codes() -> None:
    out = _apply(CONFIG)
    assert out.refused == [] and out.text == EXPECTED, out.text
    assert EXPECTED.count("code=") == 3, EXPECTED
    assert out.applied == [
        (COMMON.name, "3 call(s) of why() given a code, 2 by the words of their reason")
    ]
    again = _apply(out.text)
    assert (again.text, again.applied, again.refused) == (out.text, [], [])


def test_the_coded_calls_reach_why_no_partition_with_their_codes() -> None:
    """Run the migrated module against the core's WhyNoPartition as why-no-partition-info makes
    it (its `__call__` takes the code): each call's code reaches report_rejection."""
    from codemods.recipes import why_no_partition

    reported = []
    namespace: dict[str, object] = {"__name__": "config"}
    runtime = types.ModuleType("executorch_logging")
    runtime.get_logger = lambda name: name
    utils = types.ModuleType("executorch.exir.backend.utils")
    core = (
        "class WhyNoPartition:\n    def __init__(self, logger):\n        self.logger = logger\n\n"
    )
    body = "".join("    " + line for line in why_no_partition.NEW.splitlines(keepends=True))
    utils_ns = {"torch": types.SimpleNamespace(fx=types.SimpleNamespace(Node=object))}
    utils_ns["report_rejection"] = lambda *args: reported.append(args)
    exec(core + body, utils_ns)
    utils.WhyNoPartition = utils_ns["WhyNoPartition"]
    stand_ins = {"executorch_logging": runtime, "executorch.exir.backend.utils": utils}
    for parent in ("executorch", "executorch.exir", "executorch.exir.backend"):
        stand_ins.setdefault(parent, types.ModuleType(parent))
    saved = {name: sys.modules.get(name) for name in stand_ins}
    sys.modules.update(stand_ins)
    try:
        exec(compile(_apply(CONFIG).text, "config.py", "exec"), namespace)
    finally:
        for name, module in saved.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module
    node = type("Node", (), {"args": (3,), "name": "pow_1"})()
    config = namespace["Config"]()
    assert config.check(node, [], "f32", "f32") is False
    assert config.check(node, ["fp32"], "f32", "f32") is False
    node.args = (2,)
    assert config.check(node, ["fp32"], "f32", "f16") is False
    assert config.check(node, ["fp32"], "f32", "f32") is True
    assert [(args[0], args[1], args[3]) for args in reported] == [
        ("config", node, "XNN.PRECISION"),
        ("config", node, "XNN.CONSTRAINT"),
        ("config", node, "XNN.DTYPE"),
    ]
    assert reported[2][2] == "pow_1 does not support mixed input dtypes, got: [f32, f16]"


def test_a_moved_helper_is_refused() -> None:
    out = _apply(CONFIG.replace("WhyNoPartition(logger=logger)", "WhyNoPartition(logger)"))
    ((name, review),) = out.refused
    assert name == COMMON.name and "why = WhyNoPartition(logger=logger)" in review.reason
    assert out.text == CONFIG.replace("WhyNoPartition(logger=logger)", "WhyNoPartition(logger)")


def test_the_coded_recipes_are_left_out_without_the_core_s_code_parameter() -> None:
    """`code=` needs WhyNoPartition.__call__'s parameter (why-no-partition-info) and Arm's
    constructor's (arm-reporter-rejections): a selection without those leaves them out."""
    from codemods.recipes.selection import BEHAVIOUR_CHANGES, select

    assert not {r.name for r in XNNPACK} & {r.name for r in select(None, ())}  # opt-in
    everything = {recipe.name for recipe in select(["all"], ())}
    assert {r.name for r in XNNPACK} | {ARM.name} <= everything
    no_behaviour = {recipe.name for recipe in select(["all"], [BEHAVIOUR_CHANGES])}
    assert not {r.name for r in XNNPACK} & no_behaviour  # why-no-partition-info changes it
    assert ARM.name in no_behaviour
    alone = select(["arm-codes", "xnnpack-codes-gemm"], ())
    assert alone == []
    assert [r.name for r in select(["arm-codes", "arm-reporter-rejections"], ())] == [
        "arm-reporter-rejections",
        "arm-codes",
    ]


def test_arms_reporter_carries_its_code() -> None:
    source = (
        "from executorch.exir.backend.utils import WhyNoPartitionReporter\n\n\n"
        "def partition(self, program):\n"
        "    reporter = WhyNoPartitionReporter()\n"
        "    return self.check(program, reporter)\n"
    )
    out = _apply(source, ARM)
    assert '    reporter = WhyNoPartitionReporter(code="ARM.UNSUPPORTED")\n' in out.text, out.text
    assert out.applied == [(ARM.name, "")]  # no count of calls given no code of their own
    assert _apply(out.text, ARM).applied == []


def _written_by_recipes() -> set[str]:
    """Every code any recipe writes (a dotted name in quotes, or a bare `code="NAME"`)."""
    written = set()
    for module in Path(reason_codes.__file__).parent.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        written |= set(re.findall(r'"([A-Z]+\.[A-Z_]+)"', text))
        written |= set(re.findall(r'code=\\?"([A-Z_]+)\\?"', text))
    return written


def test_the_table_is_what_the_recipes_and_the_runtime_write() -> None:
    """Each code is one entry of et_log_report.codes: every code written is there, and every
    entry is written by a recipe or by the runtime itself (no entry nobody uses)."""
    from et_log_runtime import partition_report

    runtime = partition_report.__file__
    with open(runtime, encoding="utf-8") as handle:
        words = set(re.findall(r'"([A-Z][A-Z_]{4,})"', handle.read()))
    by_runtime = words - {partition_report.CRITICAL_ENV}
    written = _written_by_recipes() | by_runtime
    unknown = sorted(code for code in written if describe(code) is None)
    assert unknown == [], unknown
    assert written == {entry.code for entry in CODES}


UPSTREAM = os.environ.get("ET_LOG_EXECUTORCH_SRC")


@pytest.mark.skipif(not UPSTREAM, reason="ET_LOG_EXECUTORCH_SRC is not set")
@pytest.mark.parametrize("recipe", [RECIPE_NAMED[name] for name in WORDS], ids=lambda r: r.name)
def test_executorch_main_has_each_helper_and_each_word(recipe) -> None:
    """On ExecuTorch main every helper is there and every word of the code table finds a call:
    a reason reworded upstream shows here."""
    path = Path(str(UPSTREAM)) / recipe.path
    text = path.read_text(encoding="utf-8")
    plan = recipe.plan(ast.parse(text), text)
    assert isinstance(plan, RecipePlan), plan
    call, codes = WORDS[recipe.name]
    said = [
        ast.get_source_segment(text, node) or ""
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Call) and ast.unparse(node.func) == call
    ]
    assert said, f"no {call}() in {path}"
    unmatched = [word for word in codes if not any(word in s for s in said)]
    assert unmatched == [], f"{path}: no {call}() says {unmatched}"


def test_vulkans_log_skip_takes_a_code_and_its_callers_pass_theirs() -> None:
    """On the sample's shape of Vulkan's partitioner: `log_skip` reports with a code (default
    VK.CONSTRAINT), a caller whose reason names a dtype or the blocklist passes its own."""
    from codemod_support import SAMPLE

    recipe = RECIPE_NAMED["vulkan-log-skip"]
    out = _apply((SAMPLE / recipe.path).read_text(), recipe)
    assert out.refused == [], out.refused
    assert '    self, node: torch.fx.Node, reason: str, code: str = "VK.CONSTRAINT"\n' in out.text
    assert 'report_rejection(logger, node, f"{reason}: {utils.node_io_str(node)}", code)' in (
        out.text
    )
    assert 'self.log_skip(node, "dtype not supported", code="VK.DTYPE")' in out.text
    assert (
        '            self.log_skip(\n                node, "source nn.Module is in blocklist", '
        'code="VK.USER_EXCLUDED"\n            )\n'
    ) in out.text, out.text
    assert 'self.log_skip(node, "op does not support high dim tensors")\n' in out.text
    assert _apply(out.text, recipe).applied == []
