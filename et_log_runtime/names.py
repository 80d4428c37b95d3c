"""ExecuTorch's names in torch's logging: a component per part of the library (the core, and
each backend folder: ``BACKENDS``, ``APPLE_BACKENDS``), and the artifacts."""

import logging

TOP = "executorch"  # the parent of every logger below, a component of none
# ``executorch``, then a name per ``backends/<name>/``, ``backends/apple/<name>/``
CORE = "exir devtools extension export runtime backends.transforms".split()
CORE_LOGGERS = tuple(f"{TOP}.{part}" for part in CORE)
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
# the folders of ``backends/`` that are no backend: ``transforms`` is the core's, ``example``
# and ``test`` are no backend a user lowers to
NOT_BACKENDS = ("apple", "example", "test", "transforms")
# backends left out of the components: they set up their own logger (a handler, no propagation),
# and torch's handler beside theirs would print each line twice
OWN_LOGGING: tuple[str, ...] = ()

COMPONENTS: dict[str, tuple[str, ...]] = {
    "executorch": CORE_LOGGERS,
    **{name: (f"executorch.backends.{name}",) for name in BACKENDS},
    **{name: (f"executorch.backends.apple.{name}",) for name in APPLE_BACKENDS},
}

# artifact -> (its component, what it shows); off until named. Naming one registers its
# component too (its records print through that component's logger), and every component for
# an artifact of ``TOP``, which any component's loggers make
ARTIFACTS: dict[str, tuple[str, str]] = {
    "xnnpack_graph": (
        "xnnpack",
        "XNNPACK delegate: the serialized graph of each partition",
    ),
    "partition_report": (
        "executorch",
        "per partitioner run: what was delegated, and each rejected node with its reason",
    ),
}
_SIGNS = {"+": logging.DEBUG, "-": logging.ERROR, "": logging.INFO}


def parse(text: str) -> dict[str, int]:
    """``"+xnnpack,-executorch"`` as name -> level, as TORCH_LOGS reads it: ``+name`` DEBUG,
    ``-name`` ERROR, ``name`` INFO."""
    settings = {}
    for token in text.replace(" ", "").split(","):
        sign = token[:1] if token[:1] in "+-" else ""
        name = token[len(sign) :]
        if not name or not all(part.isidentifier() for part in name.split(".")):
            raise ValueError(f"invalid log setting {token!r} in {text!r}: [+|-]name")
        settings[name] = _SIGNS[sign]
    return settings
