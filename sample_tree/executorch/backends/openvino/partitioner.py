# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""OpenVINO's support check prints the ops it does not support."""


class OpenvinoOperatorsSupport:
    def __init__(self, supported_ops) -> None:
        self.supported_ops = supported_ops

    def is_node_supported(self, _, node) -> bool:
        op_type = node.target.__name__
        if "torch.ops." + str(op_type) in self.supported_ops:
            return True
        else:
            print("Op not supported: ", "torch.ops." + str(op_type))
        return False
