"""An application using ExecuTorch, as its users write one: run by the e2e suite before and after
migration, its output compared (test_application.py).

Three times, export a model whose buffer is mutated (the emitter warns "Mutation on a buffer
...") under ``record`` (``catch_warnings(record=True)``), ``ignore`` (``filterwarnings("ignore")``)
or ``error`` (``filterwarnings("error", message=...)``: a bare ``simplefilter("error")`` stops
the export earlier, at a FutureWarning of a dependency); stdout says what the application saw.
Then ``logging.basicConfig(level=logging.DEBUG, force=True)`` as ExecuTorch's example
scripts do, then lower through XNNPACK; every record reaches stderr as ``LEVEL|repr(message)``.
"""

from __future__ import annotations

import logging
import sys
import warnings

import torch
from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
from executorch.exir import to_edge_transform_and_lower

MUTATION = "Mutation on a buffer in the model is detected"


class Counter(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = torch.nn.Linear(8, 4)
        self.register_buffer("calls", torch.zeros(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.calls.add_(1)
        y = self.linear(x)
        return torch.pow(y, 3) + y + self.calls


def lower() -> None:
    torch.manual_seed(0)
    exported = torch.export.export(Counter().eval(), (torch.randn(2, 8),))
    edge = to_edge_transform_and_lower(exported, partitioner=[XnnpackPartitioner()])
    edge.to_executorch()


def under_filters(mode: str) -> None:
    with warnings.catch_warnings(record=(mode == "record")) as seen:
        if mode == "error":
            warnings.filterwarnings("error", message=MUTATION)
        else:
            warnings.simplefilter("always" if mode == "record" else mode)
        try:
            lower()
        except Exception as raised:  # the emitter wraps what a pass raises
            if MUTATION not in str(raised):
                raise
            print(f"raised: {MUTATION}")
            return
    for each in seen or ():
        if MUTATION in str(each.message):
            print(f"recorded: {each.category.__name__}: {MUTATION}")
    print("finished")


def main() -> None:
    """Each step's output after a ``== step`` line on both streams."""
    for mode in ("record", "ignore", "error"):
        for stream in (sys.stdout, sys.stderr):
            print(f"== warnings {mode}", file=stream, flush=True)
        under_filters(mode)
    for stream in (sys.stdout, sys.stderr):
        print("== basicconfig", file=stream, flush=True)
    logging.basicConfig(level=logging.DEBUG, force=True, format="%(levelname)s|%(message)r")
    lower()


if __name__ == "__main__":
    main()
