"""`XnnpackPartitioner(verbose=True)` keeps printing its DEBUG lines.

`backends/xnnpack/partition/xnnpack_partitioner.py` calls `logging.basicConfig(level=WARNING)` at
import and, for `verbose=True`, sets its module logger to DEBUG: its DEBUG lines printed through
that root handler (`DEBUG:<logger>:<message>` on stderr). XNNPACK's commit that removes the
basicConfig (a library does not configure the application's root logger) takes this recipe too:
when nothing would show the lines (no handler on the logger or above it), `verbose=True` gives
the module logger a stderr handler in basicConfig's default format, so the flag shows what it
showed, and no other logger's lines.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_blocks

_OLD = "logger.setLevel(logging.DEBUG)\n"
_NEW = """\
logger.setLevel(logging.DEBUG)
if not logger.hasHandlers():
    # Nothing set up logging: print this module's lines as logging.basicConfig() would.
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(logging.BASIC_FORMAT))
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
    change="in `XnnpackPartitioner.__init__`, `if verbose:` gives the module logger a stderr "
    "handler in basicConfig's default format when no handler would show its lines",
    effect="`XnnpackPartitioner(verbose=True)` prints its DEBUG lines on stderr as before "
    "(`DEBUG:<logger>:<message>`) in a program that configured nothing, once the module's "
    "`basicConfig` is gone; under an application's logging they go through that "
    "configuration, as before",
    takes=("ETL005",),
    title="stop configuring the root logger at import; keep verbose=True printing",
    still_true=("DEBUG",),  # the docstring's "level is set to DEBUG": still so
)
