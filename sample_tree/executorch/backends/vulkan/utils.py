# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Node descriptions for log lines."""


def node_io_str(node) -> str:
    return f"{node.name}: {node.target}"
