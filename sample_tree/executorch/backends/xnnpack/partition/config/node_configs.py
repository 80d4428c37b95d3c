# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""A config with checks of its own (the shape of max_pool2d with indices)."""

import logging

import torch
from executorch.exir.backend.utils import WhyNoPartition

logger = logging.getLogger(__name__)
why = WhyNoPartition(logger=logger)


class MaxDimConfig:
    supported = ("float32",)

    def check_constraints(self, node) -> bool:
        value = node.meta["val"][0]
        if len(value.shape) != 4:
            why(node, f"Unsupported input rank {value.shape}")
            return False
        if str(value.dtype) not in self.supported:
            why(node, f"Unsupported output dtype {value.dtype}")
            return False
        return True
