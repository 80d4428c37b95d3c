"""Vela's verbose mode only at DEBUG (`TORCH_LOGS=+arm`).

`backends/arm/ethosu/backend.py` passes Vela `--verbose-all` whenever its logger is enabled for
INFO, so `TORCH_LOGS=arm` (the why-not level), or an application's logging at INFO, makes Vela
print its internals on stdout beside its report (issue 16's small model on the 1.5.1 wheel: 791
non-blank lines instead of 36, docs/runtime.md). After this recipe verbose mode follows DEBUG:
only `+arm` adds them. Vela's report itself prints on stdout on every Ethos-U lowering, with or
without the recipe: it is Vela's own output, not ExecuTorch's logging, and et-log leaves it alone.
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
    effect="Vela's `--verbose-all` output (hundreds of lines on stdout) needs DEBUG on `arm` "
    "(`TORCH_LOGS=+arm`); before, any INFO setting turned it on (`TORCH_LOGS=arm`, an "
    "application's `logging.basicConfig(level=logging.INFO)`). Vela's report stays on stdout "
    "either way: Vela's own output",
    behaviour_change=True,
    title="ask Vela for verbose output only at DEBUG",
)
