"""The XNNPACK graph of each delegate on the `xnnpack_graph` artifact, instead of a JSON file.

Upstream `convert_to_flatbuffer` writes `./xnnpack_delegate_graph_N.json` into the working
directory whenever its module logger is at DEBUG. After this recipe, `TORCH_LOGS=xnnpack_graph`
prints the graph (stderr, or `TORCH_LOGS_OUT`), nothing else changes, and no file is written.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_function

_OLD = """\
if logger.getEffectiveLevel() == logging.DEBUG:
    filename: str = f"./xnnpack_delegate_graph_{_delegate_instance_id}.json"
    logger.debug(f"Writing XNNGraph to {filename}")
    pretty_print_xnngraph(xnnpack_graph_json, filename)
"""
_NEW = """\
logger.debug(
    "delegate %d: TORCH_LOGS=xnnpack_graph prints its graph", _delegate_instance_id
)
graph_log = get_artifact_logger(__name__, "xnnpack_graph")
if artifact_enabled(graph_log):
    from pprint import pformat

    graph = pformat(json.loads(xnnpack_graph_json), indent=2, compact=True)
    graph_log.debug("XNNGraph of delegate %d:\\n%s", _delegate_instance_id, graph)
"""


RECIPE = Recipe(
    "xnnpack-graph-artifact",
    "backends/xnnpack/serialization/xnnpack_graph_serialize.py",
    partial(
        edit_function,
        target="convert_to_flatbuffer",
        old=_OLD,
        new=_NEW,
        imports=("artifact_enabled", "get_artifact_logger"),
        note="TORCH_LOGS=xnnpack_graph prints each delegate's graph; no JSON file in the working "
        "folder",
    ),
)
