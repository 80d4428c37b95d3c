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

from codemods.recipes.base import Edit, Recipe, RecipePlan, edit_function, find_class
from codemods.shared.layout import LINE_LENGTH
from codemods.shared.review import Review

_MATMUL = ("aten.linear.*", "aten.addmm.*", "aten.mm.*", "aten.bmm.*")
_CONV = ("aten.convolution.*",)


@dataclass(frozen=True)
class Table:
    """One backend's critical operators and where its partitioner class is."""

    backend: str  # its component: the recipe is critical-operators-<backend>
    title: str  # as its docs name it
    path: str
    cls: str
    patterns: tuple[str, ...]
    why: str  # the reason for the choice, from the backend's docs and partitioner


TABLES = (
    Table(
        "xnnpack",
        "XNNPACK",
        "backends/xnnpack/partition/xnnpack_partitioner.py",
        "XnnpackPartitioner",
        (*_MATMUL, *_CONV),
        "its GEMM and convolution kernels are what it accelerates on the CPU",
    ),
    Table(
        "vulkan",
        "Vulkan",
        "backends/vulkan/partitioner/vulkan_partitioner.py",
        "VulkanPartitioner",
        (*_MATMUL, *_CONV),
        "matrix multiplies and convolutions are the GPU's work; one left splits the graph",
    ),
    Table(
        "arm",
        "Arm (TOSA, Ethos-U, VGF)",
        "backends/arm/tosa/partitioner.py",
        "TOSAPartitioner",
        (*_MATMUL, *_CONV),
        "the NPU's MAC engines run matrix multiplies and convolutions; the Cortex-M CPU is slow",
    ),
    Table(
        "coreml",
        "Core ML",
        "backends/apple/coreml/partition/coreml_partitioner.py",
        "CoreMLPartitioner",
        (*_MATMUL, *_CONV, "aten.scaled_dot_product_attention.*"),
        "the Neural Engine runs matrix multiplies, convolutions and attention",
    ),
    Table(
        "openvino",
        "OpenVINO",
        "backends/openvino/partitioner.py",
        "OpenvinoPartitioner",
        (*_MATMUL, *_CONV),
        "its CPU, GPU and NPU plugins accelerate matrix multiplies and convolutions",
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
    return f"{comment}{_ATTRIBUTE} = (\n{patterns})\n\n"


def _plan(table: Table, tree: ast.Module, source: str) -> RecipePlan | Review | None:
    cls = find_class(tree, table.cls)
    if cls is None:
        return Review(f"no class {table.cls} in this file: upstream changed")
    for stmt in cls.body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == _ATTRIBUTE for t in targets):
            value = ast.literal_eval(stmt.value) if isinstance(stmt, ast.Assign) else None
            if value == table.patterns:
                return None  # applied already
            return Review(f"{table.cls} has a {_ATTRIBUTE} of its own: upstream changed")
    first = cls.body[0]
    value = first.value if isinstance(first, ast.Expr) else None
    at = 1 if isinstance(value, ast.Constant) and isinstance(value.value, str) else 0
    return RecipePlan([Edit(cls.body, at, 0, statement(table))], ())


def _recipe(table: Table) -> Recipe:
    def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
        return _plan(table, tree, source)

    listed = ", ".join(f"`{pattern}`" for pattern in table.patterns)
    return Recipe(
        f"critical-operators-{table.backend}",
        table.path,
        plan,
        change=f"`{table.cls}` gets `{_ATTRIBUTE} = (...)`: {listed}",
        effect=f"a lowering that leaves one of these on the CPU ends with one WARNING on "
        f"`{table.backend}`, shown by default (`TORCH_LOGS=-{table.backend}` silences it): "
        f'"{table.cls} left 1 critical operator(s) on the CPU: <node> (<operator>, <code>) at '
        '<file>:<line> (each node left: TORCH_LOGS=partition_report)"; before, nothing was '
        "shown; a lowering that delegates them prints nothing new; the WARNING comes once "
        "the lowering's partitioners all ran (`critical-operators-at-lowering-end`)",
        behaviour_change=True,
        family="critical-operators",
        with_output=True,  # a new line by default: the owner's output commit
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
        imports=("lowering",),
    ),
    change="`to_edge_transform_and_lower`'s partitioner loop runs inside the runtime's "
    "`lowering()`",
    effect="the critical-operator WARNING of a lowering comes once all its partitioners ran, "
    "naming only what the last left on the CPU (with several partitioners, "
    "`[XnnpackDynamicallyQuantizedPartitioner(), XnnpackPartitioner()]`, an operator the "
    "second takes is not named); without it each partitioner run warns on what it left",
    behaviour_change=True,
    family="critical-operators",
    with_output=True,  # the backends' critical tables print through it
)
RECIPES = (AT_LOWERING_END, *(_recipe(table) for table in TABLES))
