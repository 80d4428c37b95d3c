# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Where every partitioner runs (the shape of ExecuTorch's exir/backend/backend_api.py)."""

import copy


def to_backend(edge_program, partitioner_instance):
    fake_edge_program = copy.deepcopy(edge_program)
    partitioner_result = partitioner_instance(fake_edge_program)
    return partitioner_result.tagged_exported_program


def to_backend_methods(method_to_program, method_to_partitioner):
    results = {}
    for method_name, partitioner_instance in method_to_partitioner.items():
        fake_edge_program = copy.deepcopy(method_to_program[method_name])
        partitioner_result = partitioner_instance(fake_edge_program)
        results[method_name] = partitioner_result
    return results
