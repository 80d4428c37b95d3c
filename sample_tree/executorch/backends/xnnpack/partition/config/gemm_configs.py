# Sample package: ExecuTorch-shaped, synthetic.
# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""The shape of the GEMM configs' checks (not registered: the sample lowers pow only)."""

import logging

import torch
from executorch.exir.backend.canonical_partitioners.config_partitioner import (
    PartitionerConfig,
)
from executorch.exir.backend.utils import WhyNoPartition

logger = logging.getLogger(__name__)
why = WhyNoPartition(logger=logger)


class LinearConfig(PartitionerConfig):
    target_name = "linear.default"

    def check_constraints(self, node, ep) -> bool:
        weight = node.args[1]
        if len(weight.meta["val"].shape) != 2:
            why(node, reason="Weight must be 2D for a GEMM")
            return False
        return True
