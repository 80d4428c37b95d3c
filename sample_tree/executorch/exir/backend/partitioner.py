# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""What every partitioner is (the shape of ExecuTorch's exir/backend/partitioner.py)."""

from dataclasses import dataclass
from typing import Dict, List, NamedTuple


class DelegationSpec(NamedTuple):
    backend_id: str
    compile_specs: List


@dataclass
class PartitionResult:
    tagged_exported_program: object
    partition_tags: Dict[str, DelegationSpec]


class Partitioner:
    """Called on an exported program; tags the nodes its backend takes."""

    def __call__(self, exported_program) -> PartitionResult:
        return self.partition(exported_program)

    def partition(self, exported_program) -> PartitionResult:
        raise NotImplementedError
