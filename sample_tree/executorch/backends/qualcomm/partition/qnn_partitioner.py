# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Qualcomm's support check: forced fallbacks, skipped ops, ops without a visitor, and
the backend's own verdict on the rest."""

import logging

logger = logging.getLogger(__name__)


class QnnOperatorSupport:
    def __init__(self, skipped, node_visitors) -> None:
        self.skipped, self.node_visitors = skipped, node_visitors

    def is_node_supported(self, _, node) -> bool:
        if node.meta.get("qnn_fallback", False):
            logger.info(f"{node.target.__name__} | Forced Fallback")
            return False
        if node.target.__name__ in self.skipped:
            logger.info(f"{node.target.__name__} | Skipped")
            return False
        if node.target.__name__ not in self.node_visitors:
            logger.info(
                f"[{node.name}] {node.target.__name__} | No node visitor, unsupported"
            )
            return False
        supported = self.node_visitors[node.target.__name__].is_supported(node)
        logger.info(f"{node.target.__name__} | {supported}")
        return supported
