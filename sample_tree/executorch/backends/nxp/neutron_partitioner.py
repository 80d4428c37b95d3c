# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Neutron's support check: a node is delegated when a converter exists and accepts it."""

import logging

NXP_DO_NOT_DELEGATE = "nxp_do_not_delegate"
supported_ops: dict = {}


class NeutronSupportedOperators:
    def __init__(self, operators_not_to_delegate, target_spec) -> None:
        self.operators_not_to_delegate = operators_not_to_delegate
        self.neutron_target_spec = target_spec
        self.parameters_mapping: dict = {}
        self.custom_delegation_options = None

    def _is_node_call_function(self, node) -> bool:
        return node.op == "call_function"

    def _is_node_quantized(self, node) -> bool:
        return bool(node.meta.get("quantized"))

    def is_node_delegatable(self, node) -> bool:
        return not any(name in node.name for name in self.operators_not_to_delegate)

    def _is_node_supported_compute(self, node) -> bool:
        if hasattr(node, "meta") and node.meta.get(NXP_DO_NOT_DELEGATE, False):
            return False

        if not self.is_node_delegatable(node):
            return False

        if (node_converter := supported_ops.get(node.target, None)) is None:
            return False

        return (
            self._is_node_call_function(node)
            and self._is_node_quantized(node)
            and node_converter.is_supported(
                node,
                self.neutron_target_spec,
                self.parameters_mapping,
                self.custom_delegation_options,
            )
        )

    def is_node_supported(self, submodules, node) -> bool:
        logging.debug(f"checking {node}")
        return self._is_node_supported_compute(node)
