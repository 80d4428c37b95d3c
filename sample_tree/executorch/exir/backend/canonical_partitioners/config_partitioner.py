# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""A partitioner driven by per-op configs (the shape XNNPACK's partitioner builds on)."""

from typing import List


class Partition:
    def __init__(self, nodes: List) -> None:
        self.nodes = nodes


class ConfigerationBasedPartitioner:
    def __init__(self, configs: List) -> None:
        self.configs = configs
        self.target_partitioner_configs = {c.target_name: c for c in configs}

    def get_matched_nodes_from_configs(self, exported_program: List) -> List:
        matched = []
        for node in exported_program:
            target = node.target.__name__
            if target not in self.target_partitioner_configs:
                continue
            matched.append(node)
        return matched

    def generate_partitions(self, exported_program: List) -> List[Partition]:
        accepted = [n for n in exported_program if any(c.check(n) for c in self.configs)]
        return [Partition([node]) for node in accepted]

    def partition(self, exported_program: List) -> List[Partition]:
        partitions = self.generate_partitions(exported_program)
        for index, partition in enumerate(partitions):
            for node in partition.nodes:
                node.tag = f"tag{index}"
        return partitions
