# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""An Ethos-U backend handing its TOSA graph to Vela (the shape of ExecuTorch's
backends/arm/ethosu/backend.py the vela-verbose-at-debug recipe knows)."""

import logging

from executorch.backends.arm.arm_vela import vela_compile

logger = logging.getLogger(__name__)


class EthosUBackend:
    """Compiles a delegated subgraph for an Ethos-U NPU."""

    @staticmethod
    def _compile_tosa_flatbuffer(tosa_flatbuffer: bytes, compile_spec) -> bytes:
        """Vela runs in verbose mode whenever this module's logger shows INFO."""
        compile_flags = list(compile_spec.compiler_flags)
        if not compile_flags:
            raise RuntimeError("compile flags are required for EthosUBackend")
        return vela_compile(
            tosa_flatbuffer,
            compile_flags,
            verbose=logger.getEffectiveLevel() <= logging.INFO,
            intermediate_path=compile_spec._get_intermediate_path(),
            block_placements=(
                compile_spec.external_block_placements.to_block_placements()
            ),
        )
