# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Configs for single operators (the shape of GELU's fp16 check and pow's exponent)."""

import logging

from executorch.exir.backend.utils import is_shape_dynamic, WhyNoPartition

logger = logging.getLogger(__name__)
why = WhyNoPartition(logger=logger)


class GeluConfig:
    def check_constraints(self, node) -> bool:
        if is_shape_dynamic(node):
            why(node, reason="dynamic output sizes are not supported")
            return False
        if str(node.meta["val"].dtype) == "torch.float16":
            why(node, reason="GELU does not support fp16")
            return False
        return True
