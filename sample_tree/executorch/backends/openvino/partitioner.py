# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""OpenVINO's support check prints the ops it does not support, and the ones a user skips."""


class OpenvinoOperatorsSupport:
    def __init__(self, supported_ops, op_types_to_skip=(), op_names_to_skip=()) -> None:
        self.supported_ops = supported_ops
        self._op_types_to_skip = set(op_types_to_skip)
        self._op_names_to_skip = set(op_names_to_skip)

    def is_node_supported(self, _, node) -> bool:
        op_type = node.target.__name__
        supported_ops = self.supported_ops
        if "torch.ops." + str(op_type) in supported_ops:
            return True
        else:
            print("Op not supported: ", "torch.ops." + str(op_type))

        if op_type in self._op_types_to_skip or node.name in self._op_names_to_skip:
            print(
                f"[OpenVINO Backend] The {op_type} operator with name '{node.name}' is skipped."
            )
            return False

        return False


class OpenvinoPartitioner:

    def __init__(self, compile_spec, op_types_to_skip=(), op_names_to_skip=()) -> None:
        self.compile_spec = compile_spec
        self._op_types_to_skip = set(op_types_to_skip)
        self._op_names_to_skip = set(op_names_to_skip)
