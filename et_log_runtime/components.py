"""The ExecuTorch component table: TORCH_LOGS names, the loggers they cover, the artifacts.

Readable on one screen on purpose. ``executorch`` is the core without the backends; each backend folder
(``backends/<name>`` and ``backends/apple/<name>``) gets its own alias; artifacts are off by default and
are switched on only by naming them (``TORCH_LOGS=xnnpack_graph``).

Stdlib only and import-free: the lint and the pre-commit environment (no torch) read this module.
A backend outside this table adds itself with ``et_log_runtime.register_component`` (docs/runtime.md).
"""

from __future__ import annotations

__all__ = [
    "ARTIFACTS",
    "BACKENDS",
    "COMPONENTS",
    "CORE_LOGGERS",
    "Artifact",
    "component_for_module",
]

CORE_LOGGERS: tuple[str, ...] = (
    "executorch.exir",
    "executorch.devtools",
    "executorch.extension",
    "executorch.export",
    "executorch.runtime",
    "executorch.backends.transforms",
)

# backends/<name> -> executorch.backends.<name>; backends/apple/<name> -> executorch.backends.apple.<name>.
# Not components: backends/transforms (core, above), backends/test (tests), backends/example (a demo).
_BACKENDS_TOP = "aoti arm cadence cortex_m cuda mediatek mlx native nxp openvino qualcomm samsung vulkan webgpu xnnpack"
_BACKENDS_APPLE = "coreai coreml metal mps"

BACKENDS: dict[str, str] = {
    **{name: f"executorch.backends.{name}" for name in _BACKENDS_TOP.split()},
    **{name: f"executorch.backends.apple.{name}" for name in _BACKENDS_APPLE.split()},
}

# TORCH_LOGS alias -> the logger names it sets (children follow through the logging hierarchy).
COMPONENTS: dict[str, tuple[str, ...]] = {
    "executorch": CORE_LOGGERS,
    **{name: (qname,) for name, qname in sorted(BACKENDS.items())},
}


class Artifact:
    """An off-by-default log stream, enabled only by naming it (``TORCH_LOGS=xnnpack_graph``)."""

    __slots__ = ("name", "component", "description")

    def __init__(self, name: str, component: str, description: str) -> None:
        self.name = name
        self.component = component
        self.description = description

    def __repr__(self) -> str:
        return f"Artifact({self.name!r}, {self.component!r}, {self.description!r})"


ARTIFACTS: dict[str, Artifact] = {
    a.name: a
    for a in (
        Artifact(
            "xnnpack_graph", "xnnpack", "XNNPACK delegate: the serialized graph of each partition"
        ),
        Artifact(
            "partition_report",
            "executorch",
            "per partitioner run: what was delegated, and each rejected node with its reason",
        ),
    )
    if a.component in COMPONENTS  # a vendored table may lack the backend
}


def component_for_module(qname: str) -> str | None:
    """The component alias covering logger/module ``qname`` (longest prefix wins), or None."""
    best, best_len = None, -1
    for alias, prefixes in COMPONENTS.items():
        for prefix in prefixes:
            if (qname == prefix or qname.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = alias, len(prefix)
    return best
