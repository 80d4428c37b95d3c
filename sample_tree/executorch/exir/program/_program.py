# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""ExecuTorch's lowering entry point: each method's partitioners in turn (the shape of main's)."""

from executorch.exir.program.program import to_edge


def to_edge_transform_and_lower(programs, partitioner=None):
    edge_manager = to_edge(programs)
    partitioner = partitioner or {}
    max_num_partitioners = 0
    for partitioner_list in partitioner.values():
        max_num_partitioners = max(max_num_partitioners, len(partitioner_list))

    for i in range(max_num_partitioners):
        method_to_partitioner = {}
        for name, partitioner_list in partitioner.items():
            if i < len(partitioner_list):
                method_to_partitioner[name] = partitioner_list[i]
        edge_manager = edge_manager.to_backend(method_to_partitioner)

    return edge_manager
