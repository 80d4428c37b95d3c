# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging
import sys

_tosa_logger = logging.getLogger("executorch.backends.arm.tosa")
_serializer_logger = logging.getLogger("tosa_serializer")


def preprocess(graph, debug_dump: bool = False):
    if debug_dump:
        _tosa_logger.setLevel(logging.DEBUG)
    if sys.version_info < (3, 10):
        print("Warning: TOSA lowering is untested on this Python", file=sys.stderr)
    for node in graph:
        if getattr(node, "op", None) == "output":
            print(f"Skipping output node {node}: not lowered")
            continue
        _tosa_logger.debug("lowering %s", node)
    _serializer_logger.info("serialized %d nodes", len(graph))
    print(f"TOSA graph: {len(graph)} nodes")
    return graph
