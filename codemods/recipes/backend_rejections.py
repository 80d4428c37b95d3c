"""Named rejection sites of the backends, reported to the partition run (`report_rejection`).

Each recipe edits the one statement where a backend decides a node stays on the CPU, so the
reason reaches `TORCH_LOGS=<backend>` (one INFO line per node left on the CPU, on the component
of the partitioner that ran) and `TORCH_LOGS=partition_report`. Matched on the post-migration
text of ExecuTorch 1.5.1 and main (the same there); any other shape is refused. A reason keeps
every part of the line it replaces (Vulkan's shapes and dtypes), and a line it replaces is not
logged beside the run's (a rejection is logged once; OpenVINO's two lines: openvino_rejections.py).
"""

from __future__ import annotations

import ast
from functools import partial

from codemods.recipes.base import THE_RUN, Recipe, RecipePlan, edit_blocks
from codemods.recipes.reason_codes import WORDS, plan_codes
from codemods.shared.review import Review

_IMPORTS = ("partition_report.report_rejection",)
_RUN = "(`TORCH_LOGS=<backend>`, `partition_report`)"

_NO_CONFIG = "no config for this operator"

CONFIG_PARTITIONER_NO_CONFIG = Recipe(
    "config-partitioner-no-config",
    "exir/backend/canonical_partitioners/config_partitioner.py",
    partial(
        edit_blocks,
        target="ConfigerationBasedPartitioner.get_matched_nodes_from_configs",
        changes=[
            (
                "if target not in self.target_partitioner_configs:\n    continue\n",
                "if target not in self.target_partitioner_configs:\n"
                # the run's line names the partitioner and the operator: a constant reason
                # costs nothing to build on every node without a config
                f'    report_rejection(None, node, "{_NO_CONFIG}", code="NO_CONFIG")\n'
                "    continue\n",
            )
        ],
        imports=_IMPORTS,
    ),
    change="in the core's config-based partitioner, a target without a config is reported: "
    f'`report_rejection(None, node, "{_NO_CONFIG}", code="NO_CONFIG")` (the run\'s line names '
    "the partitioner and the operator: `XnnpackPartitioner: aten_sort_default "
    f"(aten.sort.default) stays on the CPU: {_NO_CONFIG}`)",
    effect="a partitioner built on it (XNNPACK's) explains sort, trunc, acosh, ... in the "
    f"partition run {_RUN}",
    works_with=THE_RUN,
)

_LOG_SKIP = (
    "def log_skip(self, node: torch.fx.Node, reason: str) -> None:\n"
    '    if node.op == "call_function":\n'
    "        logger.info(\n"
    '            f"[Vulkan Partitioner] Due to [{reason}], skipping {utils.node_io_str(node)}"\n'
    "        )\n",
    "def log_skip(\n"
    '    self, node: torch.fx.Node, reason: str, code: str = "VK.CONSTRAINT"\n'
    ") -> None:\n"
    '    if node.op == "call_function":\n'
    '        report_rejection(logger, node, f"{reason}: {utils.node_io_str(node)}", code)\n',
)
# the words of a skip reason -> its code (the first that matches); the rest: VK.CONSTRAINT
_VULKAN_CODES = (
    ("dtype", "VK.DTYPE"),
    ("allowlist", "VK.USER_EXCLUDED"),
    ("blocklist", "VK.USER_EXCLUDED"),
    ("no operator implementation", "VK.NO_IMPL"),
)


WORDS["vulkan-log-skip"] = ("self.log_skip", dict(_VULKAN_CODES))


def _vulkan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    return plan_codes(
        tree,
        source,
        helper=(_LOG_SKIP,),
        call="self.log_skip",
        codes=_VULKAN_CODES,
        imports=_IMPORTS,
    )


VULKAN_LOG_SKIP = Recipe(
    "vulkan-log-skip",
    "backends/vulkan/partitioner/vulkan_partitioner.py",
    _vulkan,
    change="`log_skip`'s INFO line becomes "
    '`report_rejection(logger, node, f"{reason}: {utils.node_io_str(node)}", code)`, '
    "`log_skip` takes the reason's code (`VK.CONSTRAINT` unless its caller says `VK.DTYPE`, "
    "`VK.USER_EXCLUDED` or `VK.NO_IMPL`)",
    effect="Vulkan's (and WebGPU's) skip reasons, with the node's shapes and dtypes, are the "
    f"run's why-not lines {_RUN}, each run on its own component, once per node; the INFO line "
    "`log_skip` printed where the root showed INFO (Vulkan's own root `setLevel(INFO)` under any "
    "root handler: the application's, or one an ExecuTorch module set up at import in a program "
    "that configured nothing, XNNPACK's partitioner's `basicConfig` or any root `logging.*` call, "
    "as in most export scripts) is gone (`TORCH_LOGS=vulkan` shows the reason)",
    behaviour_change=True,
    works_with=THE_RUN,
)

COREML = Recipe(
    "coreml-rejections",
    "backends/apple/coreml/partition/coreml_partitioner.py",
    partial(
        edit_blocks,
        target="_OperatorsSupportedForCoreMLBackend.is_node_supported",
        changes=[
            (
                "if self.should_skip_op_for_delegation(node_target_name):\n    return False\n",
                "if self.should_skip_op_for_delegation(node_target_name):\n"
                '    report_rejection(logger, node, "in skip_ops_for_coreml_delegation", '
                'code="COREML.USER_EXCLUDED")\n'
                "    return False\n",
            ),
            (  # one reason a node: coremltools' own verdict only when not overridden
                "if self.should_override_support(node):\n    is_supported = False\n",
                "if self.should_override_support(node):\n"
                "    is_supported = False\n"
                '    report_rejection(logger, node, "CoreMLPartitioner overrides its support", '
                'code="COREML.OVERRIDDEN")\n'
                "elif not is_supported:\n"
                '    report_rejection(logger, node, "not supported by coremltools", '
                'code="COREML.UNSUPPORTED")\n',
            ),
        ],
        imports=_IMPORTS,
    ),
    change="skipped, overridden and unsupported ops reported, one reason a node (coremltools' "
    "verdict only where the partitioner did not override it; the `log_once` lines, which the "
    "partitioner's `log=True` asks for, stay)",
    effect=f"Core ML's reasons reach the partition run {_RUN}",
    works_with=THE_RUN,
)

_NXP_CHECK = (
    "self._is_node_call_function(node)\n"
    "    and self._is_node_quantized(node)\n"
    "    and node_converter.is_supported(\n"
    "        node,\n"
    "        self.neutron_target_spec,\n"
    "        self.parameters_mapping,\n"
    "        self.custom_delegation_options,\n"
    "    )\n"
)
NXP = Recipe(
    "nxp-rejections",
    "backends/nxp/neutron_partitioner.py",
    partial(
        edit_blocks,
        target="NeutronSupportedOperators._is_node_supported_compute",
        changes=[
            (
                'if hasattr(node, "meta") and node.meta.get(NXP_DO_NOT_DELEGATE, False):\n'
                "    return False\n",
                'if hasattr(node, "meta") and node.meta.get(NXP_DO_NOT_DELEGATE, False):\n'
                "    # The delegation of this node has been prohibited.\n"
                '    report_rejection(None, node, "NXP_DO_NOT_DELEGATE is set on it", '
                'code="NXP.USER_EXCLUDED")\n'
                "    return False\n",
            ),
            (
                "if not self.is_node_delegatable(node):\n    return False\n",
                "if not self.is_node_delegatable(node):\n"
                '    report_rejection(None, node, "named in operators_not_to_delegate", '
                'code="NXP.USER_EXCLUDED")\n'
                "    return False\n",
            ),
            (
                "if (node_converter := supported_ops.get(node.target, None)) is None:\n"
                "    return False\n",
                "if (node_converter := supported_ops.get(node.target, None)) is None:\n"
                "    # There is no `NodeConverter` for this `node`.\n"
                '    report_rejection(None, node, f"no Neutron node converter for {node.target}", '
                'code="NXP.NO_CONVERTER")\n'
                "    return False\n",
            ),
            (
                f"return (\n    {_NXP_CHECK})\n",
                f"supported = (\n    {_NXP_CHECK})\n"
                "if not supported:\n"
                "    report_rejection(\n"
                "        None,\n"
                "        node,\n"
                '        f"not quantized, or {node_converter.__name__} does not support it",\n'
                '        code="NXP.NOT_SUPPORTED",\n'
                "    )\n"
                "return supported\n",
            ),
        ],
        imports=_IMPORTS,
    ),
    change="`NeutronSupportedOperators._is_node_supported_compute` reports each of its "
    "decisions: `NXP_DO_NOT_DELEGATE` set, named in `operators_not_to_delegate`, `no Neutron "
    "node converter for <target>`, `not quantized, or <Converter> does not support it` (its "
    "last check, made a `supported` value first)",
    effect=f"NXP's reasons reach the partition run {_RUN}",
    works_with=THE_RUN,
)

SAMSUNG = Recipe(
    "samsung-rejections",
    "backends/samsung/partition/enn_partitioner.py",
    partial(
        edit_blocks,
        target="EnnOperatorSupport.is_node_supported",
        changes=[
            (
                "supported = self.enn_wrapper.IsNodeSupportedByBackend()\nreturn supported\n",
                "supported = self.enn_wrapper.IsNodeSupportedByBackend()\n"
                "if not supported:\n"
                "    report_rejection(\n"
                "        None,\n"
                "        node,\n"
                '        f"no ENN node visitor for {node.target.__name__}; ENN rejects it",\n'
                '        code="ENN.UNSUPPORTED",\n'
                "    )\n"
                "return supported\n",
            ),
        ],
        imports=_IMPORTS,
    ),
    change="when ENN's `IsNodeSupportedByBackend()` says no, "
    '`report_rejection(None, node, f"no ENN node visitor for {node.target.__name__}; ENN '
    'rejects it")`',
    effect=f"Samsung's reasons reach the partition run {_RUN}",
    works_with=THE_RUN,
)
