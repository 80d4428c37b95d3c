"""`XnnpackPartitioner(verbose=True)` keeps printing its DEBUG lines, and prints each once.

`backends/xnnpack/partition/xnnpack_partitioner.py` calls `logging.basicConfig(level=WARNING)` at
import and, for `verbose=True`, sets its module logger to DEBUG: its DEBUG lines printed through
that root handler (`DEBUG:<logger>:<message>` on stderr). XNNPACK's commit that removes the
basicConfig (a library does not configure the application's root logger) takes this recipe too:
`verbose=True` gives the module logger a stderr handler in basicConfig's default format (once,
however many partitioners ask) that prints a record only while no handler above the module
would: once the application sets up logging, or `set_logs` gives the component torch's handler,
it steps aside, so no line prints twice. Moving the `basicConfig` under `if verbose:` would do
the same with one line, but it is a library configuring the root again, which the lint reports.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_blocks

_OLD = "logger.setLevel(logging.DEBUG)\n"
_NEW = """\
logger.setLevel(logging.DEBUG)
if not logger.handlers:
    # Print its lines as the import's basicConfig did, while no handler above would.
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(logging.BASIC_FORMAT))
    handler.addFilter(lambda _: not logger.parent.hasHandlers())
    logger.addHandler(handler)
"""

RECIPE = Recipe(
    "xnnpack-verbose",
    "backends/xnnpack/partition/xnnpack_partitioner.py",
    partial(
        edit_blocks,
        target="XnnpackPartitioner.__init__",
        changes=[(_OLD, _NEW)],
        imports=(),
    ),
    change="in `XnnpackPartitioner.__init__`, `if verbose:` gives the module logger (once) a "
    "stderr handler in basicConfig's default format that prints a record only while no handler "
    "above the module would",
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
