# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Core AI's support check logs once, then rejects."""

import logging

logger = logging.getLogger(__name__)


class _OperatorsSupportedForCoreAIBackend:
    def __init__(self, supported) -> None:
        self.supported = supported
        self._logged_msgs = set()

    def log_once(self, msg: str) -> None:
        if msg not in self._logged_msgs:
            logger.info(msg)
            self._logged_msgs.add(msg)

    def is_node_supported(self, submodules, node) -> bool:
        if node.target not in self.supported:
            self.log_once(f"Core AI cannot lower op, leaving out of delegate: {node.target}")
            return False
        return True
