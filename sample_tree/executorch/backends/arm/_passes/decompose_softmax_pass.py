# Copyright (c) Sample Authors.
# This file starts with a UTF-8 byte order mark on purpose.

import warnings


class DecomposeSoftmaxPass:
    """Split softmax into exp / sum / div for TOSA."""

    def call(self, graph, stable: bool = True):
        if not stable:
            warnings.warn("unstable softmax decomposition may overflow — check your ranges")
        return graph


class ArmPassWarning(UserWarning):
    pass


def check_pass(p):
    if not hasattr(p, "call"):
        raise ArmPassWarning(f"{p} is not a pass")
