"""`XnnpackPartitioner(verbose=True)` keeps printing its DEBUG lines.

`backends/xnnpack/partition/xnnpack_partitioner.py` calls `logging.basicConfig(level=WARNING)` at
import and, for `verbose=True`, sets its module logger to DEBUG: its DEBUG lines printed through
that root handler (`DEBUG:<logger>:<message>` on stderr). The migration removes the basicConfig
(ETL005: a library does not configure the application's root logger), which left `verbose=True`
printing nothing. After this recipe the flag calls the runtime's `set_verbose(logger)`: the module
logger at DEBUG and, while nothing would show its records (no handler, no TORCH_LOGS), a stderr
handler of its own in basicConfig's default format: the same lines as before, and no other
logger's.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_blocks

RECIPE = Recipe(
    "xnnpack-verbose",
    "backends/xnnpack/partition/xnnpack_partitioner.py",
    partial(
        edit_blocks,
        target="XnnpackPartitioner.__init__",
        changes=[("logger.setLevel(logging.DEBUG)\n", "set_verbose(logger)\n")],
        imports=("set_verbose",),
    ),
    change="in `XnnpackPartitioner.__init__`, `if verbose: logger.setLevel(logging.DEBUG)` "
    "becomes `set_verbose(logger)`",
    effect="`XnnpackPartitioner(verbose=True)` prints its DEBUG lines on stderr as before "
    "(`DEBUG:<logger>:<message>`) in a program that configured nothing, once the module's "
    "`basicConfig` is gone; under an application's logging or TORCH_LOGS they go through that "
    "configuration, as before",
    still_true=("DEBUG",),  # the docstring's "level is set to DEBUG": set_verbose does
)
