# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""MediaTek's support check: ops the user asked to skip."""

import logging

logger = logging.getLogger(__name__)


class NeuropilotOperatorsSupport:
    def __init__(self, op_types_to_skip) -> None:
        self._op_types_to_skip = op_types_to_skip

    def is_node_supported(self, _, node) -> bool:
        op_type = node.target.__name__
        if op_type in self._op_types_to_skip:
            logger.info(f"The {op_type} operator with name '{node.name}' is skipped.")
            return False
        return True
