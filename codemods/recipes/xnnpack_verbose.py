"""`XnnpackPartitioner(verbose=True)` keeps printing its DEBUG lines, and prints each once.

`backends/xnnpack/partition/xnnpack_partitioner.py` calls `logging.basicConfig(level=WARNING)` at
import and, for `verbose=True`, sets its module logger to DEBUG: its DEBUG lines printed through
that root handler (`DEBUG:<logger>:<message>` on stderr). XNNPACK's commit that removes the
basicConfig (a library does not configure the application's root logger) takes this recipe too:
`verbose=True` gives the module logger (once, however many partitioners ask) a handler,
`_VerboseHandler`, that prints in basicConfig's default format on the stderr of the moment
(pytest's `capsys`, `contextlib.redirect_stderr`) while a record would reach no handler above the
module: once the application sets up logging, or `set_logs` gives the component torch's handler,
it steps aside, so no line prints twice; where the application stopped the records on their way
(`propagate = False` on `executorch`, with no handler there) it prints nothing, as before. Moving
the `basicConfig` under `if verbose:` would do the same with one line, but it is a library
configuring the root again, which the lint reports.
"""

from __future__ import annotations

import ast

from codemods.recipes.base import Edit, Recipe, RecipePlan, edit_blocks, find_class
from codemods.shared.review import Review

_OLD = "logger.setLevel(logging.DEBUG)\n"
_NEW = """\
logger.setLevel(logging.DEBUG)
if not logger.handlers:
    logger.addHandler(_VerboseHandler())
"""
_HANDLER = '''\
class _VerboseHandler(logging.StreamHandler):
    """
    Prints verbose=True's lines on stderr in basicConfig's default format, as the import's
    basicConfig did, while no handler above this module's logger would show them.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter(logging.BASIC_FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        above = logger.parent
        while above is not None:
            if above.handlers or not above.propagate:
                return  # shown there, or stopped there by the application
            above = above.parent
        self.stream = sys.stderr  # the stderr of now (pytest's capsys, redirect_stderr)
        super().emit(record)


'''
PARTITIONER = "XnnpackPartitioner"


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    """`_VerboseHandler` before the partitioner's class, `import sys` after `import logging`,
    and `verbose=True` adding the handler in `__init__`."""
    body = tree.body
    cls = find_class(tree, PARTITIONER)
    if cls is None:
        return Review(f"no {PARTITIONER} class in this file")
    init = edit_blocks(
        tree, source, target=f"{PARTITIONER}.__init__", changes=[(_OLD, _NEW)], imports=()
    )
    if isinstance(init, Review):
        return init
    edits = init.edits if init else []
    existing = next(
        (s for s in body if isinstance(s, ast.ClassDef) and s.name == "_VerboseHandler"), None
    )
    if existing is None:
        edits.append(Edit(body, body.index(cls), 0, _HANDLER))
    elif ast.dump(existing) != ast.dump(ast.parse(_HANDLER).body[0]):
        return Review("a different _VerboseHandler is already there")
    if not any(isinstance(s, ast.Import) and any(a.name == "sys" for a in s.names) for s in body):
        at = next(
            (
                i
                for i, s in enumerate(body)
                if isinstance(s, ast.Import) and s.names[0].name == "logging"
            ),
            None,
        )
        if at is None:
            return Review("no `import logging` to put `import sys` beside")
        edits.append(Edit(body, at + 1, 0, "import sys\n"))
    return RecipePlan(edits, ()) if edits else None


RECIPE = Recipe(
    "xnnpack-verbose",
    "backends/xnnpack/partition/xnnpack_partitioner.py",
    plan,
    change="in `XnnpackPartitioner.__init__`, `if verbose:` gives the module logger (once) "
    "`_VerboseHandler`, which prints a record on stderr in basicConfig's default format only "
    "while the record would reach no handler above the module, and not where the application "
    "stopped it (`propagate = False`)",
    effect="importing the partitioner no longer configures the application's root logger, so "
    "an application's own `logging.basicConfig(...)` called after the imports takes effect "
    "(before, it was silently ignored: the root already had the import's handler) and shows "
    "every library's lines at the level it asks for; `XnnpackPartitioner(verbose=True)` "
    "still prints its DEBUG lines on stderr (`DEBUG:<logger>:<message>`) in a program that "
    "configured nothing, and through the application's logging, once, where it has one; until "
    "exir's own change moves its root-logger calls onto module loggers, the first lowering "
    "still gives the root a handler (Python's module-level `logging.debug` does)",
    takes=("ETL005",),
    title="stop configuring the root logger at import; keep verbose=True printing",
    still_true=("DEBUG",),  # the docstring's "level is set to DEBUG": still so
    restates=True,  # the removed basicConfig's note says the verbose lines no longer show
)
