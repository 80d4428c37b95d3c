# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Serialise a delegate's graph (the part of XNNPACK's serializer the recipes know)."""

import json
import logging
from typing import Optional

logger = logging.getLogger(__name__)
logger.setLevel(logging.WARNING)

_delegate_instance_id = 0


def pretty_print_xnngraph(xnnpack_graph_json: str, filename: Optional[str] = None):
    """
    Pretty print a graph: to `filename` when given, else on stdout.
    """
    from pprint import pformat

    d = json.loads(xnnpack_graph_json)
    pstr = pformat(d, indent=2, compact=True).replace("'", '"')
    if filename:
        with open(filename, "w") as f:
            f.write(pstr)
    else:
        print(pstr)


def convert_to_flatbuffer(xnnpack_graph: dict) -> bytes:
    global _delegate_instance_id
    xnnpack_graph_json = json.dumps(xnnpack_graph)

    # Log the XNNGraph if debugging
    if logger.getEffectiveLevel() == logging.DEBUG:
        filename: str = f"./xnnpack_delegate_graph_{_delegate_instance_id}.json"
        logger.debug(f"Writing XNNGraph to {filename}")
        pretty_print_xnngraph(xnnpack_graph_json, filename)

    _delegate_instance_id += 1
    return xnnpack_graph_json.encode()
