"""The XNNPACK graph of each delegate on the `xnnpack_graph` artifact, beside its JSON file.

Upstream `convert_to_flatbuffer` writes `./xnnpack_delegate_graph_N.json` into the working
directory (through `pretty_print_xnngraph`) whenever its module logger is at DEBUG; it still does.
After this recipe `set_logs("xnnpack_graph")` also logs the graph as one record (stderr, or
`TORCH_LOGS_OUT`), formatted only when the artifact is on. The text is the one
`pretty_print_xnngraph` writes: its formatting moves into `_format_xnngraph`, which both use, so
the printer keeps its callers and its output and nothing is written twice. With the artifact off
nothing changes.
"""

from __future__ import annotations

import ast

from codemods.recipes.base import Edit, Recipe, RecipePlan, find_function, replace_once
from codemods.shared.review import Review

PRINTER = "pretty_print_xnngraph"
_FORMATTING = """\
from pprint import pformat

d = json.loads(xnnpack_graph_json)
pstr = pformat(d, indent=2, compact=True).replace("'", '"')
"""
_FORMATTED = "pstr = _format_xnngraph(xnnpack_graph_json)\n"
_FORMATTER = '''\
def _format_xnngraph(xnnpack_graph_json: str) -> str:
    """
    The XNNGraph as pretty_print_xnngraph writes it (and the xnnpack_graph log shows it)
    """
    from pprint import pformat

    d = json.loads(xnnpack_graph_json)
    return pformat(d, indent=2, compact=True).replace("'", '"')


'''
_DUMP = """\
if logger.getEffectiveLevel() == logging.DEBUG:
    filename: str = f"./xnnpack_delegate_graph_{_delegate_instance_id}.json"
    logger.debug(f"Writing XNNGraph to {filename}")
    pretty_print_xnngraph(xnnpack_graph_json, filename)
"""
_LOGGED = """\
graph_log = get_artifact_logger(__name__, "xnnpack_graph")
if artifact_enabled(graph_log):
    graph = _format_xnngraph(xnnpack_graph_json)
    graph_log.debug("XNNGraph of delegate %d:\\n%s", _delegate_instance_id, graph)
"""


def _formatter_edits(tree: ast.Module) -> list[Edit] | Review:
    """Move the printer's formatting into `_format_xnngraph` (nothing when done before)."""
    printer = find_function(tree.body, PRINTER)
    if printer is None:
        return Review(f"no {PRINTER}() in this file")
    existing = find_function(tree.body, "_format_xnngraph")
    if existing is not None:
        if ast.dump(existing) != ast.dump(ast.parse(_FORMATTER).body[0]):
            return Review("a different _format_xnngraph() is already there")
        return []
    edit = replace_once(printer.body, _FORMATTING, _FORMATTED)
    if not isinstance(edit, Edit):
        return Review(f"{PRINTER}(): {edit.reason if edit else 'its formatting is already a call'}")
    return [Edit(tree.body, tree.body.index(printer), 0, _FORMATTER), edit]


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    converter = find_function(tree.body, "convert_to_flatbuffer")
    if converter is None:
        return Review("no convert_to_flatbuffer() in this file")
    formatter = _formatter_edits(tree)
    if isinstance(formatter, Review):
        return formatter
    dump = replace_once(converter.body, _DUMP, _LOGGED, keep_old=True)
    if isinstance(dump, Review):
        return Review(f"convert_to_flatbuffer(): {dump.reason}")
    edits = formatter + ([dump] if dump else [])
    if not edits:
        return None  # applied before
    if not dump:
        return Review(
            "convert_to_flatbuffer() logs the graph already but the formatter is not there"
        )
    return RecipePlan(edits, ("artifact_enabled", "get_artifact_logger"))


RECIPE = Recipe(
    "xnnpack-graph-artifact",
    "backends/xnnpack/serialization/xnnpack_graph_serialize.py",
    plan,
    change="after the `./xnnpack_delegate_graph_N.json` dump, each delegate's graph is one debug "
    'record on `get_artifact_logger(__name__, "xnnpack_graph")`, formatted only when the '
    "artifact is on, by `_format_xnngraph` (`pretty_print_xnngraph`'s formatting, which the "
    "printer now calls too)",
    effect="`set_logs('xnnpack_graph')` logs each delegate's XNNPACK graph (the text "
    "`pretty_print_xnngraph` writes); with the artifact off nothing changes, and the JSON dump "
    "is written as before",
    artifact="xnnpack_graph",
    title="log each delegate's graph on the xnnpack_graph artifact",
)
