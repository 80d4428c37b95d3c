# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Samsung ENN's support check: a known visitor, else the ENN library decides."""

SUPPORTED_OPS: list = []


class EnnOperatorSupport:
    def __init__(self, enn_wrapper, node_visitors) -> None:
        self.enn_wrapper = enn_wrapper
        self.node_visitors = node_visitors

    def is_node_supported(self, _, node) -> bool:
        if node.op != "call_function":
            return False
        if node.target in SUPPORTED_OPS or node.target.__name__ in self.node_visitors:
            return True
        supported = self.enn_wrapper.IsNodeSupportedByBackend()
        return supported
