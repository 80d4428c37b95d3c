"""Export a small seeded model through the XNNPACK partitioner; print the program bytes' sha256.

Run by the e2e test with the wheel environment's interpreter. ``torch.pow(y, 3)`` is rejected by
XNNPACK's PowConfig ("only support power == 2, got 3"), so the partitioner has a reason to report;
the linear layer is delegated. Stdout carries only machine-read lines (``program-sha256: ...``,
``partitioner-file: ...``, ``root-handlers: N``); all logging goes to stderr as the user sees it.

``--set-logs name=LEVEL[,name=LEVEL]`` calls ``et_log_runtime.set_logs`` before exporting, to show the
Python API doing what TORCH_LOGS does; ``--verbose`` passes ``verbose=True`` to the partitioner.
"""

from __future__ import annotations

import argparse
import hashlib
import logging

import torch
from executorch.backends.xnnpack.partition import xnnpack_partitioner
from executorch.exir import to_edge_transform_and_lower

SEED = 0


class LinearThenCube(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = torch.nn.Linear(8, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.linear(x)
        return torch.pow(y, 3) + y


def export_program_bytes(verbose: bool = False) -> bytes:
    torch.manual_seed(SEED)
    model = LinearThenCube().eval()
    example = (torch.randn(2, 8),)
    exported = torch.export.export(model, example)
    partitioner = xnnpack_partitioner.XnnpackPartitioner(verbose=verbose)
    edge = to_edge_transform_and_lower(exported, partitioner=[partitioner])
    return bytes(edge.to_executorch().buffer)


def apply_set_logs(spec: str, runtime: str = "et_log_runtime") -> None:
    import importlib

    et_log_runtime = importlib.import_module(runtime)  # or the vendored copy (--runtime)

    levels = {}
    for item in spec.split(","):
        name, _, level = item.partition("=")
        levels[name.strip()] = getattr(logging, level.strip().upper())
    et_log_runtime.set_logs(**levels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--set-logs", default="", help="e.g. xnnpack=DEBUG")
    parser.add_argument("--verbose", action="store_true", help="XnnpackPartitioner(verbose=True)")
    parser.add_argument("--runtime", default="et_log_runtime", help="module set_logs comes from")
    args = parser.parse_args()
    if args.set_logs:
        apply_set_logs(args.set_logs, args.runtime)
    program = export_program_bytes(args.verbose)
    print("partitioner-file:", xnnpack_partitioner.__file__, flush=True)
    # a library must leave the application's root logger alone (no basicConfig at import)
    print("root-handlers:", len(logging.getLogger().handlers), flush=True)
    print("program-sha256:", hashlib.sha256(program).hexdigest(), flush=True)


if __name__ == "__main__":
    main()
