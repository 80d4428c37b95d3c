# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""A partitioner driven by per-op configs (the shape XNNPACK's partitioner builds on)."""

from typing import Dict, Iterable, List

from executorch.exir.backend.partitioner import (
    DelegationSpec,
    Partitioner,
    PartitionResult,
)


def format_target_name(target_name: str) -> str:
    """`aten.pow.Tensor_Scalar` -> `pow.Tensor_Scalar`: configs name the op, not its dialect."""
    names = target_name.split(".")
    if len(names) > 2:
        names.pop(0)
    return ".".join(names)


class PartitionerConfig:
    """One op a backend may take: `target_name` says which, `check_constraints` whether."""

    target_name: str

    def check_constraints(self, node, ep) -> bool:
        raise NotImplementedError

    def get_partition(self, node, ep) -> List:
        return [node]


class Partition:
    def __init__(self, id: int, nodes: List) -> None:
        self.id = id
        self.nodes = nodes


class ConfigerationBasedPartitioner(Partitioner):
    def __init__(
        self,
        delegation_spec: DelegationSpec,
        partitioner_configs: Iterable[PartitionerConfig],
    ) -> None:
        self.target_partitioner_configs: Dict[str, PartitionerConfig] = {}
        for config in partitioner_configs:
            target_name = config.target_name
            if target_name in self.target_partitioner_configs:
                raise RuntimeError(f"two PartitionerConfigs for {target_name}")
            self.target_partitioner_configs[target_name] = config
        self.delegation_spec = delegation_spec

    def get_matched_nodes_from_configs(self, ep) -> List[List]:
        matched = []
        for node in ep.graph_module.graph.nodes:
            if node.op != "call_function":
                continue
            target = format_target_name(node.target.__name__)

            if target not in self.target_partitioner_configs:
                continue

            node_config = self.target_partitioner_configs[target]
            if not node_config.check_constraints(node, ep):
                continue
            matched.append(node_config.get_partition(node, ep))
        return matched

    def generate_partitions(self, ep) -> List[Partition]:
        matched_nodes = self.get_matched_nodes_from_configs(ep)
        return [Partition(index, nodes) for index, nodes in enumerate(matched_nodes)]

    def partition(self, exported_program) -> PartitionResult:
        partitions = self.generate_partitions(exported_program)
        partition_tags: Dict[str, DelegationSpec] = {}
        for partition in partitions:
            for node in partition.nodes:
                delegation_tag = f"tag{partition.id}"
                node.meta["delegation_tag"] = delegation_tag
                partition_tags[delegation_tag] = self.delegation_spec
        return PartitionResult(
            tagged_exported_program=exported_program, partition_tags=partition_tags
        )
