# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Vulkan's support check logs each skipped node (the shape of its log_skip)."""

import logging

from executorch.backends.vulkan import utils

logger = logging.getLogger(__name__)


class VulkanSupportedOperators:
    def is_op(self, node) -> bool:
        return utils.is_torch_op_node(node)

    def log_skip(self, node, reason: str) -> None:
        if node.op == "call_function":
            logger.info(
                f"[Vulkan Partitioner] Due to [{reason}], skipping {utils.node_io_str(node)}"
            )
