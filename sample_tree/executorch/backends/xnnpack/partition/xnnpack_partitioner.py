# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging
from typing import List, Optional

from executorch.backends.xnnpack.partition.config.gemm_configs import ALL_CONFIGS
from executorch.backends.xnnpack.serialization.xnnpack_graph_serialize import (
    convert_to_flatbuffer,
)
from executorch.exir.backend.canonical_partitioners.config_partitioner import (
    ConfigerationBasedPartitioner,
)

logging.basicConfig(level=logging.WARNING)
logger = logging.getLogger(__name__)


class XnnpackPartitioner(ConfigerationBasedPartitioner):
    """Tag the nodes XNNPACK can run."""

    def __init__(self, configs: Optional[List] = None, verbose: bool = False) -> None:
        super().__init__(configs if configs is not None else ALL_CONFIGS)
        if verbose:
            logger.setLevel(logging.DEBUG)

    def partition(self, exported_program: List) -> List:
        partitions = super().partition(exported_program)
        logger.info("partitioned %d of %d nodes", len(partitions), len(exported_program))
        for partition in partitions:
            graph = {"nodes": [str(node) for node in partition.nodes], "xnode": "pow"}
            convert_to_flatbuffer(graph)
        return partitions
