"""A stdout print that runs once per node of a graph and only says that the node was skipped or
what was done with it (ETL008): no level from its words.

Qualcomm's `_AnnotationSkipper.is_node_supported(self, _, node: torch.fx.Node)` prints
`[QNN Quantizer Annotation]: {node.name} | Skipped` for every placeholder and output node of the
graph (and every node the caller asked to keep in floating point). The word "Skipped" reads as a
WARNING (a diagnostic saying something did not happen as asked), so the rewrite made it a warning
for every such node: a severity the old line never had, on a line that is bookkeeping, not news.
Such a print (its text a skip or a progress line, no level word, not a failure caught in an
`except` block) inside a loop over graph nodes or in a function called for each node is left
for review: its owner picks the level (INFO or DEBUG for bookkeeping, a rejection reason through
the partition run for a node left on the CPU).
"""

from __future__ import annotations

import ast
import re

from lint_rules.lazy_pattern import LazyPattern
from lint_rules.rules._print_text import SEVERE
from lint_rules.statements import FUNCTIONS

# A skip, as the text says it (the severity the rewrite would read in it).
SKIP_WORDS = LazyPattern(r"\bskip(?:s|ped|ping)?\b|\bignor(?:e|ed|es|ing)\b", re.IGNORECASE)
# What iterates over a graph's nodes (`graph.nodes`, `gm.graph.find_nodes(...)`, `node.users`).
_NODE_COLLECTIONS = frozenset({"nodes", "find_nodes", "users", "all_input_nodes"})


def only_a_skip(text: str) -> bool:
    """The text's severity comes from a skip word alone (`... | Skipped`), nothing else severe."""
    rest = SKIP_WORDS.compiled.sub(" ", text)
    return SKIP_WORDS.search(text) is not None and not SEVERE.search(rest)


def _names_nodes(node: ast.expr) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr in _NODE_COLLECTIONS for n in ast.walk(node))


def _node_parameter(function: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The parameter through which `function` is called for each node: annotated as a graph
    node (`node: torch.fx.Node`, `n: Node`)."""
    args = function.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        annotation = arg.annotation
        if annotation is None:
            continue
        last = annotation.attr if isinstance(annotation, ast.Attribute) else None
        last = last or (annotation.id if isinstance(annotation, ast.Name) else "")
        if last == "Node":
            return arg.arg
    return None


def per_node(chain: list[ast.stmt]) -> str | None:
    """What makes the last statement of `chain` run once per graph node, said for a reader:
    a `for` over a graph's nodes around it, or its function's node parameter; None otherwise."""
    start = max((i + 1 for i, s in enumerate(chain) if isinstance(s, FUNCTIONS)), default=0)
    for stmt in reversed(chain[start:-1]):
        if isinstance(stmt, (ast.For, ast.AsyncFor)) and _names_nodes(stmt.iter):
            return f"the loop `for {ast.unparse(stmt.target)} in {ast.unparse(stmt.iter)}`"
    function = chain[start - 1] if start else None
    if isinstance(function, FUNCTIONS):
        parameter = _node_parameter(function)
        if parameter is not None:
            return f"`{function.name}()`, called for each `{parameter}` of the graph"
    return None
