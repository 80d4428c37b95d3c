# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Calls the Vela compiler in-process (the shape of ExecuTorch's backends/arm/arm_vela.py): Vela
prints its report on stdout, Vela's own output, which the migration leaves alone. The Ethos-U
backend (ethosu/backend.py, the vela-verbose-at-debug recipe) decides when `verbose` is passed."""

import os
import tempfile

try:
    from ethosu.vela import vela

    has_vela = True
except ImportError:
    has_vela = False


def vela_compile(
    tosa_flatbuffer: bytes, args: list[str], verbose: bool = False
) -> bytes:
    """Compile a TOSA flatbuffer with Vela; return the command-stream bytes."""
    if not has_vela:
        raise RuntimeError("the Vela compiler is not installed")

    def run(dir: str) -> bytes:
        tosa_path = os.path.join(dir, "graph.tosa")
        with open(tosa_path, "wb") as handle:
            handle.write(tosa_flatbuffer)
        args.append(f"--output-dir={dir}")
        args.append(tosa_path)
        if verbose:
            args.append("--verbose-all")
        vela.main(" ".join(args).split(" "))
        with open(os.path.join(dir, "graph_vela.bin"), "rb") as handle:
            return handle.read()

    with tempfile.TemporaryDirectory() as dir:
        return run(dir)
