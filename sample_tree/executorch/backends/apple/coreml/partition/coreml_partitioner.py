# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Core ML's support check: user-skipped, overridden and unsupported ops."""

import logging

from executorch.backends.apple.coreml.logging import get_coreml_log_level

logger = logging.getLogger(__name__)
logger.setLevel(get_coreml_log_level(default_level=logging.INFO))


class _OperatorsSupportedForCoreMLBackend:
    def __init__(self, supported, overridden, skipped) -> None:
        self.supported, self.overridden, self.skipped = supported, overridden, skipped
        self._logged_msgs = set()

    def log_once(self, msg: str) -> None:
        if msg not in self._logged_msgs:
            logger.info(msg)
            self._logged_msgs.add(msg)

    def should_skip_op_for_delegation(self, node_target_name: str) -> bool:
        return node_target_name in self.skipped

    def should_override_support(self, node) -> bool:
        return node.target in self.overridden

    def is_node_supported(self, submodules, node) -> bool:
        if node.op == "call_function":
            node_target_name = getattr(node.target, "__name__", "").lower()
            if self.should_skip_op_for_delegation(node_target_name):
                return False
            is_supported = node.target in self.supported
            if self.should_override_support(node):
                is_supported = False
            if not is_supported:
                self.log_once(
                    "Skipping op for CoreML delegation because it is not supported by CoreML: "
                    + node_target_name
                )
            return is_supported
        return False


class CoreMLPartitioner:
    def __init__(self, *, skip_ops_for_coreml_delegation=None, compile_specs=None) -> None:
        self.skip_ops_for_coreml_delegation = skip_ops_for_coreml_delegation or []
        self.compile_specs = compile_specs or []
