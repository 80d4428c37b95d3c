# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging
from typing import List, Optional

from executorch.backends.xnnpack.partition.config.gemm_configs import ALL_CONFIGS

logging.basicConfig(level=logging.WARNING)
logger = logging.getLogger(__name__)


class XnnpackPartitioner:
    """Tag the nodes XNNPACK can run."""

    def __init__(self, configs: Optional[List] = None, verbose: bool = False) -> None:
        self.configs = configs if configs is not None else ALL_CONFIGS
        if verbose:
            logger.setLevel(logging.DEBUG)

    def partition(self, nodes: List) -> List:
        tagged = []
        for node in nodes:
            if any(config.check(node) for config in self.configs):
                tagged.append(node)
            else:
                logger.debug("not partitioned: %s", node)
        logger.info("partitioned %d of %d nodes", len(tagged), len(nodes))
        return tagged
