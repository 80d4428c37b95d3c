"""`XnnpackPartitioner(verbose=True)` keeps printing its DEBUG lines.

`backends/xnnpack/partition/xnnpack_partitioner.py` calls `logging.basicConfig(level=WARNING)` at
import and, for `verbose=True`, sets its module logger to DEBUG: its DEBUG lines printed through
that root handler (`DEBUG:<logger>:<message>` on stderr). XNNPACK's commit that removes the
basicConfig (a library does not configure the application's root logger) takes this recipe too:
the same `logging.basicConfig(level=logging.WARNING)` moves under `if verbose:`, so the root is
set up only when a user asks the partitioner to print (and, as `basicConfig` does, only when the
application set up nothing). A handler of the module's own would print each line twice once the
application configured logging after constructing the partitioner; this one cannot.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_blocks

_OLD = "logger.setLevel(logging.DEBUG)\n"
_NEW = """\
logger.setLevel(logging.DEBUG)
# verbose: the root handler the import used to add, where nothing set up logging
logging.basicConfig(level=logging.WARNING)
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
    change="the module's import-time `logging.basicConfig(level=logging.WARNING)` moves into "
    "`XnnpackPartitioner.__init__`, under `if verbose:`",
    effect="importing the partitioner no longer configures the application's root logger, so "
    "an application's own `logging.basicConfig(...)` called after the imports takes effect "
    "(before, it was silently ignored: the root already had the import's handler) and shows "
    "every library's lines at the level it asks for; `XnnpackPartitioner(verbose=True)` "
    "still prints its DEBUG lines on stderr (`DEBUG:<logger>:<message>`), through the same "
    "root handler, set up when the flag asks and only where the application set up nothing",
    takes=("ETL005",),
    title="stop configuring the root logger at import; keep verbose=True printing",
    still_true=("DEBUG",),
    restates=True,  # the removed basicConfig's note says the verbose lines no longer show  # the docstring's "level is set to DEBUG": still so
)
