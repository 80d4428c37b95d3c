"""ExecuTorch's TORCH_LOGS names: ``executorch`` (the core), one per folder
``backends/<name>/`` and ``backends/apple/<name>/``, and the off-by-default artifacts."""

from __future__ import annotations

CORE_LOGGERS: tuple[str, ...] = (
    "executorch.exir",
    "executorch.devtools",
    "executorch.extension",
    "executorch.export",
    "executorch.runtime",
    "executorch.backends.transforms",
)
BACKENDS: tuple[str, ...] = (
    "aoti",
    "arm",
    "cadence",
    "cortex_m",
    "cuda",
    "mediatek",
    "mlx",
    "native",
    "nxp",
    "openvino",
    "qualcomm",
    "samsung",
    "vulkan",
    "webgpu",
    "xnnpack",
)
APPLE_BACKENDS: tuple[str, ...] = ("coreai", "coreml", "metal", "mps")

COMPONENTS: dict[str, tuple[str, ...]] = {
    "executorch": CORE_LOGGERS,
    **{name: (f"executorch.backends.{name}",) for name in BACKENDS},
    **{name: (f"executorch.backends.apple.{name}",) for name in APPLE_BACKENDS},
}
QNAMES = tuple(q for qnames in COMPONENTS.values() for q in qnames)

# artifact -> (its component, what it shows); a checkout without the backend has none
ARTIFACTS: dict[str, tuple[str, str]] = {
    name: spec
    for name, spec in {
        "xnnpack_graph": (
            "xnnpack",
            "XNNPACK delegate: the serialized graph of each partition",
        ),
        "partition_report": (
            "executorch",
            "per partitioner run: what was delegated, and each rejected node with its reason",
        ),
    }.items()
    if spec[0] in COMPONENTS
}
