"""ExecuTorch's TORCH_LOGS names: the core, one per backend folder, and the artifacts.

``executorch`` is the core without the backends. Each folder ``backends/<name>/`` and
``backends/apple/<name>/`` is the component ``<name>`` (vendoring regenerates the two tuples
below from the checkout's folders). Artifacts are off by default and print only when named.
"""

from __future__ import annotations

__all__ = ["APPLE_BACKENDS", "ARTIFACTS", "BACKENDS", "COMPONENTS", "CORE_LOGGERS"]

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

# TORCH_LOGS name -> the loggers it sets (their children follow them)
COMPONENTS: dict[str, tuple[str, ...]] = {
    "executorch": CORE_LOGGERS,
    **{name: (f"executorch.backends.{name}",) for name in BACKENDS},
    **{name: (f"executorch.backends.apple.{name}",) for name in APPLE_BACKENDS},
}

# artifact -> (its component, what it shows)
ARTIFACTS: dict[str, tuple[str, str]] = {
    name: spec
    for name, spec in {
        "xnnpack_graph": ("xnnpack", "XNNPACK delegate: the serialized graph of each partition"),
        "partition_report": (
            "executorch",
            "per partitioner run: what was delegated, and each rejected node with its reason",
        ),
    }.items()
    if spec[0] in COMPONENTS  # a checkout without that backend has no such artifact
}
