"""Each backend's critical operators (issue 32, the seed's last story): a table on its partitioner
class, `critical_operators = (...)`, naming the operators whose fallback to the CPU costs most on
it. The runtime reads it at each partitioner run: a run that leaves one on the CPU ends with one
WARNING on the backend's component, shown by default (docs/delegation.md, *Critical operators*).

One recipe per backend, for its owner to take or leave: a new line users will see, by design.
The tables are here, one per backend, beside nothing else; a subclass (Ethos-U's and VGF's
partitioners of TOSA's, XNNPACK's precision variants) inherits its base's table.
"""

from __future__ import annotations

import ast
import textwrap
from dataclasses import dataclass
from functools import partial

from codemods.recipes import reason_codes
from codemods.recipes.base import THE_RUN, Edit, Recipe, RecipePlan, edit_function, find_class
from codemods.shared.layout import LINE_LENGTH
from codemods.shared.review import Review

_MATMUL = ("aten.linear.*", "aten.addmm.*", "aten.mm.*", "aten.bmm.*")
_CONV = ("aten.convolution.*",)
_XNNPACK_CODES = tuple(recipe.name for recipe in reason_codes.XNNPACK)


@dataclass(frozen=True)
class Table:
    """One backend's critical operators and where its partitioner class is."""

    backend: str  # its component: the recipe is critical-operators-<backend>
    title: str  # as its docs name it
    path: str
    cls: str
    patterns: tuple[str, ...]
    why: str  # the reason for the choice, from the backend's docs and partitioner
    # the recipes that give the run its partitioner's reasons and their codes: without them a
    # node has "no reason given" and the user's own exclusions (`*.USER_EXCLUDED`, `NO_CONFIG`)
    # warn too, so its commit requires theirs (review 16, T1)
    reasons: tuple[str, ...] = ()
    # subclasses in the same file that leave some of those operators by design, for a partitioner
    # after them to take (XNNPACK's dynamically quantized one leaves FP32 GEMMs): no table
    first_of_a_chain: tuple[str, ...] = ()


TABLES = (
    Table(
        "xnnpack",
        "XNNPACK",
        "backends/xnnpack/partition/xnnpack_partitioner.py",
        "XnnpackPartitioner",
        (*_MATMUL, *_CONV),
        "its GEMM and convolution kernels are what it accelerates on the CPU",
        ("why-no-partition-info", "config-partitioner-no-config", *_XNNPACK_CODES),
        ("XnnpackDynamicallyQuantizedPartitioner",),
    ),
    Table(
        "vulkan",
        "Vulkan",
        "backends/vulkan/partitioner/vulkan_partitioner.py",
        "VulkanPartitioner",
        (*_MATMUL, *_CONV),
        "matrix multiplies and convolutions are the GPU's work; one left splits the graph",
        ("vulkan-log-skip",),
    ),
    Table(
        "arm",
        "Arm (TOSA, Ethos-U, VGF)",
        "backends/arm/tosa/partitioner.py",
        "TOSAPartitioner",
        (*_MATMUL, *_CONV),
        "the NPU's MAC engines run matrix multiplies and convolutions; the Cortex-M CPU is slow",
        ("arm-reporter-rejections", "arm-codes", "arm-user-checks"),
    ),
    Table(
        "coreml",
        "Core ML",
        "backends/apple/coreml/partition/coreml_partitioner.py",
        "CoreMLPartitioner",
        (*_MATMUL, *_CONV, "aten.scaled_dot_product_attention.*"),
        "the Neural Engine runs matrix multiplies, convolutions and attention",
        ("coreml-rejections",),
    ),
    Table(
        "openvino",
        "OpenVINO",
        "backends/openvino/partitioner.py",
        "OpenvinoPartitioner",
        (*_MATMUL, *_CONV),
        "its CPU, GPU and NPU plugins accelerate matrix multiplies and convolutions",
        ("openvino-rejections",),
    ),
)

_ATTRIBUTE = "critical_operators"


def statement(table: Table) -> str:
    """The class attribute with its comment and the blank line before the next statement,
    written without the class body's indentation (a class body: 84 columns left)."""
    patterns = "".join(f'    "{pattern}",\n' for pattern in table.patterns)
    said = (
        f"the operators whose fallback to the CPU costs most on {table.title} ({table.why}): "
        "a partitioner run that leaves one there ends with one WARNING naming it"
    )
    comment = "".join(f"# {line}\n" for line in textwrap.wrap(said, LINE_LENGTH - 4 - 2))
    return f"{comment}{_ATTRIBUTE}: tuple[str, ...] = (\n{patterns})\n\n"


def _has_table(cls: ast.ClassDef) -> ast.expr | None:
    """The value the class gives `critical_operators`, if it gives one."""
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == _ATTRIBUTE for t in stmt.targets
        ):
            return stmt.value
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if stmt.target.id == _ATTRIBUTE and stmt.value is not None:
                return stmt.value
    return None


def _first(cls: ast.ClassDef) -> int:
    """Where a class attribute goes: after the docstring, if any."""
    value = cls.body[0].value if isinstance(cls.body[0], ast.Expr) else None
    return 1 if isinstance(value, ast.Constant) and isinstance(value.value, str) else 0


def _plan(table: Table, tree: ast.Module, source: str) -> RecipePlan | Review | None:
    cls = find_class(tree, table.cls)
    if cls is None:
        return Review(f"no class {table.cls} in this file: upstream changed")
    own = _has_table(cls)
    if own is not None:
        if ast.literal_eval(own) == table.patterns:
            return None  # applied already
        return Review(f"{table.cls} has a {_ATTRIBUTE} of its own: upstream changed")
    edits = [Edit(cls.body, _first(cls), 0, statement(table))]
    for name in table.first_of_a_chain:  # where the subclass is (upstream may drop it)
        sub = find_class(tree, name)
        if sub is not None and _has_table(sub) is None:
            edits.append(Edit(sub.body, _first(sub), 0, _NO_TABLE))
    return RecipePlan(edits, ())


_NO_TABLE = (
    "# runs before a partitioner that takes what it leaves (FP32 GEMMs): the lowering's last\n"
    "# partitioner decides what stays on the CPU\n"
    f"{_ATTRIBUTE} = ()\n\n"
)


def _recipe(table: Table) -> Recipe:
    def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
        return _plan(table, tree, source)

    listed = ", ".join(f"`{pattern}`" for pattern in table.patterns)
    quiet = ", ".join(f"`{name}`" for name in table.first_of_a_chain)
    none = (
        f"; {quiet} gets an empty one (it leaves them by design for the partitioner after it, "
        "even outside a lowering: `LLMEdgeManager.to_backend`)"
        if quiet
        else ""
    )
    return Recipe(
        f"critical-operators-{table.backend}",
        table.path,
        plan,
        change=f"`{table.cls}` gets `{_ATTRIBUTE} = (...)`: {listed}",
        effect=f"a lowering that leaves one of these on the CPU ends with one WARNING on "
        f"`{table.backend}`, shown by default (`TORCH_LOGS=-{table.backend}` silences it): "
        f'"{table.cls} left 1 critical operator(s) on the CPU: <node> (<operator>, <code>: '
        "<the backend's reason>) at <file>:<line> (each node left: <hint>)\" (the hint: "
        "`TORCH_LOGS=partition_report` where torch loads the runtime's `torch.backends` hook, "
        "else, as in this series without its follow-up hook patch or in a Buck build, the call "
        "that works there, `executorch.logs.set_logs('partition_report')`); before, nothing "
        "was shown. A dtype the backend never takes is named too (the operator runs on the "
        "portable CPU kernels: cast or quantize the model); a lowering that delegates them "
        "prints nothing new, nor one whose user kept them off the backend (a skip or block "
        "list, a partitioner given no config for them: codes `*.USER_EXCLUDED`, `NO_CONFIG`; "
        "an operator the user names in `EXECUTORCH_CRITICAL_OPS` is named even then); the "
        "WARNING comes once the lowering's partitioners all ran "
        "(`critical-operators-at-lowering-end`)" + none,
        behaviour_change=True,
        family="critical-operators",
        works_with=(*THE_RUN, *table.reasons),
    )


_LOOP = """\
for i in range(max_num_partitioners):
    method_to_partitioner = {}
    for name, partitioner_list in partitioner.items():
        if i < len(partitioner_list):
            method_to_partitioner[name] = partitioner_list[i]
    edge_manager = edge_manager.to_backend(method_to_partitioner)
"""
# The partitioners of one lowering run in turn, a later one taking what an earlier one left
# (XNNPACK's dynamically quantized partitioner, then its float one): the WARNING waits for the
# last, inside `lowering()`; a partitioner run outside one (a direct `to_backend`) warns at once.
AT_LOWERING_END = Recipe(
    "critical-operators-at-lowering-end",
    "exir/program/_program.py",
    partial(
        edit_function,
        target="to_edge_transform_and_lower",
        old=_LOOP,
        new="with lowering():  # critical operators: one verdict once every partitioner ran\n"
        + "".join(f"    {line}" for line in _LOOP.splitlines(keepends=True)),
        imports=("partition_report.lowering",),
    ),
    change="`to_edge_transform_and_lower`'s partitioner loop runs inside the runtime's "
    "`lowering()`",
    effect="the critical-operator WARNING of a lowering comes once all its partitioners ran, "
    "naming only what the last left on the CPU (with several partitioners, "
    "`[XnnpackDynamicallyQuantizedPartitioner(), XnnpackPartitioner()]`, an operator the "
    "second takes is not named); without it each partitioner run warns on what it left",
    behaviour_change=True,
    family="critical-operators",
    works_with=THE_RUN,
)
RECIPES = (AT_LOWERING_END, *(_recipe(table) for table in TABLES))
