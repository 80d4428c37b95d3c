# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging as lg
from logging import debug

from executorch.exir.backend.utils import WhyNoPartition

logger = lg.getLogger(__name__)
logger.setLevel(lg.WARNING)
why = WhyNoPartition(logger=logger)


class PowConfig:
    target = "aten.pow.Tensor_Scalar"

    def check(self, node) -> bool:
        exponent = getattr(node, "exponent", 2)
        if exponent != 2:
            why(node, reason=f"only support power == 2, got {exponent}")
            return False
        debug("pow node %s accepted", node)
        lg.debug("checked %s against %s", node, self.target)
        return True


ALL_CONFIGS = [PowConfig()]
