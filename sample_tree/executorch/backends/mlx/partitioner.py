# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""MLX's support check: the builder decided which nodes it supports."""

import logging

logger = logging.getLogger(__name__)


class MLXOperatorSupport:
    def __init__(self, supported) -> None:
        self._supported = supported

    def is_node_supported(self, submodules, node) -> bool:
        if self._supported.get(node, False):
            return True
        logger.debug(f"[UNSUPPORTED] Node {node.target}")
        return False
