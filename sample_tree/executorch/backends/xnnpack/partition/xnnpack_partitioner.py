# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging
from typing import List, Optional, Type

from executorch.backends.xnnpack.partition.config import ALL_PARTITIONER_CONFIGS
from executorch.backends.xnnpack.serialization.xnnpack_graph_serialize import (
    convert_to_flatbuffer,
)
from executorch.exir.backend.canonical_partitioners.config_partitioner import (
    ConfigerationBasedPartitioner,
)
from executorch.exir.backend.partitioner import DelegationSpec, PartitionResult

logging.basicConfig(level=logging.WARNING)
logger = logging.getLogger(__name__)


class XnnpackPartitioner(ConfigerationBasedPartitioner):
    """Tag the nodes XNNPACK can run."""

    def __init__(
        self, configs: Optional[List[Type]] = None, verbose: bool = False
    ) -> None:
        """
        @verbose: if True, print out more information about the partitioner.
            Default level is WARNING. If verbose is True, level is set to DEBUG.
        """
        if verbose:
            logger.setLevel(logging.DEBUG)
        delegation_spec = DelegationSpec("XnnpackBackend", [])
        configs_to_use = configs or ALL_PARTITIONER_CONFIGS
        super().__init__(delegation_spec, [config() for config in configs_to_use])

    def partition(self, exported_program) -> PartitionResult:
        result = super().partition(exported_program)
        graph = exported_program.graph_module.graph
        nodes = [n for n in graph.nodes if n.op == "call_function"]
        tagged = [n for n in nodes if "delegation_tag" in n.meta]
        logger.info("partitioned %d of %d nodes", len(tagged), len(nodes))
        for tag in result.partition_tags:
            delegate = [n.name for n in tagged if n.meta["delegation_tag"] == tag]
            convert_to_flatbuffer({"tag": tag, "nodes": delegate})
        return result
