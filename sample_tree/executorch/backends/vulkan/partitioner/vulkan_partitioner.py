# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Vulkan's support check logs each skipped node (the shape of its log_skip and its callers)."""

import logging

import torch

from executorch.backends.vulkan import utils

logger = logging.getLogger(__name__)


class VulkanSupportedOperators:
    def __init__(self, blocklist=None) -> None:
        self.blocklist = blocklist

    def is_op(self, node) -> bool:
        return utils.is_torch_op_node(node)

    def log_skip(self, node: torch.fx.Node, reason: str) -> None:
        if node.op == "call_function":
            logger.info(
                f"[Vulkan Partitioner] Due to [{reason}], skipping {utils.node_io_str(node)}"
            )

    def is_node_supported(self, node: torch.fx.Node) -> bool:
        if not utils.dtypes_supported(node):
            self.log_skip(node, "dtype not supported")
            return False
        if self.blocklist is not None and utils.source_module(node) in self.blocklist:
            self.log_skip(node, "source nn.Module is in blocklist")
            return False
        if utils.rank(node) > 4:
            self.log_skip(node, "op does not support high dim tensors")
            return False
        return True


class VulkanPartitioner:
    def __init__(self, compile_options=None, operator_blocklist=None) -> None:
        self.options = compile_options or {}
        self.operator_support = VulkanSupportedOperators(operator_blocklist)
