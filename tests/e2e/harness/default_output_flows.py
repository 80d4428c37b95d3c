"""The flows of the default-output contract (test_default_output.py), run in turn in one process.

Run by ``default_output.py`` with the wheel environment's interpreter::

    python default_output_flows.py OUT_DIR [--basic-config LEVEL] FLOW...

Each flow runs with file descriptors 1 and 2 pointed at ``OUT_DIR/<flow>.stdout`` and
``.stderr`` (``lower_with_backend.output_to_files``) and leaves ``OUT_DIR/<flow>.json``: its
status (``ran``, ``lowered``, or ``unavailable`` with the reason). Nothing is printed here: the
files hold only what ExecuTorch, its dependencies and Python printed. ``--basic-config LEVEL`` is
the application's own ``logging.basicConfig(level=LEVEL)``, called first, before any import of
ExecuTorch; without it the program configures nothing.

The flows (``FLOWS``):
- ``import-runtime``: ``import executorch.runtime`` (first, when it is the first flow: it imports
  torch and ExecuTorch's runtime as a bare ``python -c`` would);
- ``llm-quantize``: ``extension/llm/export``'s two quantize paths on a tiny language model:
  ``quantize.quantize_model_`` (TorchAO source transform; one layer's shape is skipped) and
  ``LLMEdgeManager.export().pt2e_quantize(...)`` with ``quantizer_lib``'s XNNPACK dynamic quantizer;
- ``debug-pass``: ``DebugPass(show_spec=True)`` on an edge program's graph, as ExecuTorch's own
  tests call it (``exir/tests/test_dynamic_shape_propagation.py``);
- ``emitter-warning``: a model that mutates a buffer, to ``to_executorch()``: the emitter's
  ``warnings.warn`` ("Mutation on a buffer in the model is detected", ``exir/emit/_emitter.py``);
- ``lower-<backend>``: ``lower_with_backend.py``'s lowering of each of its ``BACKENDS``.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:  # run as a file by the wheel's interpreter: this folder is on sys.path
    from lower_with_backend import BACKENDS, lower_and_summarise, output_to_files
except ModuleNotFoundError:  # imported by the tests, for its table of flows
    from harness.lower_with_backend import BACKENDS, lower_and_summarise, output_to_files

SEED = 0
LOWER_PREFIX = "lower-"


def _unavailable(error: BaseException) -> dict[str, Any]:
    last = traceback.extract_tb(error.__traceback__)[-1]
    where = f"{Path(last.filename).name}:{last.lineno}"
    return {"status": "unavailable", "reason": f"{type(error).__name__} at {where}: {error}"}


def import_runtime() -> None:
    import executorch.runtime  # noqa: F401


def _tiny_language_model() -> Any:
    import torch

    class TinyLM(torch.nn.Module):
        """An embedding and two linears; ``head``'s 48 inputs do not divide into groups of 32."""

        def __init__(self) -> None:
            super().__init__()
            self.embed = torch.nn.Embedding(32, 64)
            self.proj = torch.nn.Linear(64, 48)
            self.head = torch.nn.Linear(48, 32)

        def forward(self, tokens: torch.Tensor) -> Any:
            return self.head(torch.relu(self.proj(self.embed(tokens))))

    torch.manual_seed(SEED)
    return TinyLM().eval()


def llm_quantize() -> None:
    import torch
    from executorch.extension.llm.export.builder import LLMEdgeManager
    from executorch.extension.llm.export.quantize import quantize_model_
    from executorch.extension.llm.export.quantizer_lib import (
        get_pt2e_quantization_params,
        get_pt2e_quantizers,
    )

    source = _tiny_language_model()
    quantize_model_(
        source, qlinear_config="8da4w", qembedding_config="4w", skip_incompatible_shapes=True
    )
    tokens = torch.randint(0, 32, (1, 8))
    source(tokens)
    params = get_pt2e_quantization_params("xnnpack_dynamic", None)
    manager = LLMEdgeManager(
        model=_tiny_language_model(),
        modelname="tiny",
        max_seq_len=8,
        use_kv_cache=False,
        example_inputs=(tokens,),
    )
    manager.export().pt2e_quantize(get_pt2e_quantizers(params)).export_to_edge()


def _small_edge_program() -> Any:
    import torch
    from executorch.exir import to_edge

    class AddMul(torch.nn.Module):
        def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
            return (x + y) * y

    example = (torch.ones(2, 3), torch.ones(2, 3))
    return to_edge(torch.export.export(AddMul(), example))


def debug_pass() -> None:
    from executorch.exir.passes import DebugPass

    edge = _small_edge_program()
    DebugPass(show_spec=True)(edge.exported_program().graph_module)


def emitter_warning() -> None:
    import torch
    from executorch.exir import to_edge

    class Counter(torch.nn.Module):
        calls: torch.Tensor

        def __init__(self) -> None:
            super().__init__()
            self.register_buffer("calls", torch.zeros(1))

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            self.calls.add_(1)
            return x + self.calls

    exported = torch.export.export(Counter(), (torch.ones(2),))
    to_edge(exported).to_executorch()


FLOWS: dict[str, Callable[[], None]] = {
    "import-runtime": import_runtime,
    "llm-quantize": llm_quantize,
    "debug-pass": debug_pass,
    "emitter-warning": emitter_warning,
}
ALL_FLOWS = (*FLOWS, *(LOWER_PREFIX + name for name in BACKENDS))


def run_flow(name: str, out_dir: Path) -> None:
    """Run flow ``name``; its summary (with the seconds it took) goes to ``<name>.json``."""
    summary_path = out_dir / f"{name}.json"
    started = time.monotonic()
    if name.startswith(LOWER_PREFIX):
        lower_and_summarise(name.removeprefix(LOWER_PREFIX), summary_path)
        summary: dict[str, Any] = json.loads(summary_path.read_text())
    else:
        try:
            FLOWS[name]()
            summary = {"status": "ran"}
        except Exception as error:  # noqa: BLE001 - a flow that cannot run here says why
            summary = _unavailable(error)
    summary["seconds"] = round(time.monotonic() - started, 2)
    summary_path.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")


def main(argv: list[str]) -> int:
    level = None
    if argv[1:2] == ["--basic-config"] and len(argv) > 2:
        level = getattr(logging, argv[2])
        argv = [argv[0], *argv[3:]]
    if len(argv) < 2 or not set(argv[1:]) <= set(ALL_FLOWS):
        sys.stderr.write(
            f"usage: default_output_flows.py OUT_DIR [--basic-config LEVEL] "
            f"{{{','.join(ALL_FLOWS)}}}...\n"
        )
        return 2
    if level is not None:
        logging.basicConfig(level=level)
    out_dir = Path(argv[0])
    for name in argv[1:]:
        with output_to_files(out_dir / f"{name}.stdout", out_dir / f"{name}.stderr"):
            run_flow(name, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
