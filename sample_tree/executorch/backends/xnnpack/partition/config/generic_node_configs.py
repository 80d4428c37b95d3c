# Sample package: ExecuTorch-shaped, synthetic.
# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging as lg
from logging import debug

import torch
from executorch.exir.backend.canonical_partitioners.config_partitioner import (
    PartitionerConfig,
)
from executorch.exir.backend.utils import is_shape_dynamic, WhyNoPartition

logger = lg.getLogger(__name__)
logger.setLevel(lg.WARNING)
why = WhyNoPartition(logger=logger)


class PowConfig(PartitionerConfig):
    target_name = "pow.Tensor_Scalar"

    def check_constraints(self, node, ep) -> bool:
        """Only support powers of two."""
        power = node.args[1]
        if not isinstance(power, int):
            why(node, reason=f"only support int powers, got {power}")
            return False
        if power != 2:
            why(node, reason=f"only support power == 2, got {power}")
            return False
        debug("pow node %s accepted", node)
        lg.debug("checked %s against %s", node, self.target_name)
        return True


class GeluConfig(PartitionerConfig):
    """The shape of GELU's fp16 check."""

    target_name = "gelu.default"

    def check_constraints(self, node, ep) -> bool:
        if is_shape_dynamic(node):
            why(node, reason="dynamic output sizes are not supported")
            return False
        if str(node.meta["val"].dtype) == "torch.float16":
            why(node, reason="GELU does not support fp16")
            return False
        return True
