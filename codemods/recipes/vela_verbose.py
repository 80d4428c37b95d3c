"""Vela's verbose mode only at DEBUG (`TORCH_LOGS=+arm`).

`backends/arm/ethosu/backend.py` turns on `--verbose-all` whenever its logger is enabled for INFO,
so `TORCH_LOGS=arm` (the why-not level) brings about 1,400 lines of Vela internals. After this
recipe verbose mode follows DEBUG: `arm` shows Vela's summary, `+arm` its verbose output.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_function

_CALL = """\
return vela_compile(
    tosa_flatbuffer,
    compile_flags,
    verbose={verbose},
    intermediate_path=compile_spec._get_intermediate_path(),
    block_placements=(
        compile_spec.external_block_placements.to_block_placements()
    ),
)
"""

RECIPE = Recipe(
    "vela-verbose-at-debug",
    "backends/arm/ethosu/backend.py",
    partial(
        edit_function,
        target="EthosUBackend._compile_tosa_flatbuffer",
        old=_CALL.format(verbose="logger.getEffectiveLevel() <= logging.INFO"),
        new=_CALL.format(verbose="logger.isEnabledFor(logging.DEBUG)"),
        imports=(),
    ),
    change="`verbose=logger.getEffectiveLevel() <= logging.INFO` becomes "
    "`verbose=logger.isEnabledFor(logging.DEBUG)`",
    effect="Vela's `--verbose-all` output (about 1,400 lines) needs DEBUG on `arm` "
    "(`TORCH_LOGS=+arm`); before, any INFO setting turned it on (`TORCH_LOGS=arm`, an "
    "application's `logging.basicConfig(level=logging.INFO)`)",
    behaviour_change=True,
)
