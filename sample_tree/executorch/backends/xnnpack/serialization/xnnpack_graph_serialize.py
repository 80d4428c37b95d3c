# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Serialise a delegate's graph (the part of XNNPACK's serializer the recipes know)."""

import json
import logging
from typing import Optional

logger = logging.getLogger(__name__)
logger.setLevel(logging.WARNING)

_delegate_instance_id = 0


def pretty_print_xnngraph(xnnpack_graph_json: str, filename: Optional[str] = None) -> None:
    text = json.dumps(json.loads(xnnpack_graph_json), indent=2)
    if filename:
        with open(filename, "w") as handle:
            handle.write(text)
    else:
        print(text)


def convert_to_flatbuffer(xnnpack_graph: dict) -> bytes:
    global _delegate_instance_id
    xnnpack_graph_json = json.dumps(xnnpack_graph)

    if logger.getEffectiveLevel() == logging.DEBUG:
        filename: str = f"./xnnpack_delegate_graph_{_delegate_instance_id}.json"
        logger.debug(f"Writing XNNGraph to {filename}")
        pretty_print_xnngraph(xnnpack_graph_json, filename)

    _delegate_instance_id += 1
    return xnnpack_graph_json.encode()
