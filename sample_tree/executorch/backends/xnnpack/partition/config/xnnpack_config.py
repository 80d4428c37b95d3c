# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""The configs' common checks: precision and dtype, each rejection told to `why`."""

import logging

import torch
from executorch.exir.backend.utils import WhyNoPartition

logger = logging.getLogger(__name__)
why = WhyNoPartition(logger=logger)


class XNNPartitionerConfig:
    enabled_precision_types: list = []

    def check_common_constraints(self, node) -> bool:
        if not self.enabled_precision_types:
            why(node, reason="not enabled precision types")
            return False
        if not self.has_valid_dtype(node):
            why(node, reason="invalid dtype")
            return False
        return True

    def has_valid_dtype(self, node) -> bool:
        first, *rest = [arg.meta["val"].dtype for arg in node.all_input_nodes]
        for dtype in rest:
            if dtype != first:
                why(
                    node,
                    reason=(
                        f"{node.target} does not support mixed input dtypes, "
                        f"got: [{first}, {dtype}]"
                    ),
                )
                return False
        return True
