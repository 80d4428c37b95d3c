# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging as lg
from logging import debug


def why(node, reason: str) -> None:
    """Say why a node was not partitioned (shown with TORCH_LOGS=+xnnpack once migrated)."""
    lg.debug("Will not partition %s: %s", node, reason)


class PowConfig:
    target = "aten.pow.Tensor_Scalar"

    def check(self, node) -> bool:
        exponent = getattr(node, "exponent", 2)
        if exponent != 2:
            why(node, reason=f"only support power == 2, got {exponent}")
            return False
        debug("pow node %s accepted", node)
        return True


ALL_CONFIGS = [PowConfig()]
