"""ExecuTorch's TORCH_LOGS names: a component per part of the library (a backend folder:
``BACKENDS`` or ``APPLE_BACKENDS``), and the artifacts."""

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

COMPONENTS: dict[str, tuple[str, ...]] = {
    "executorch": CORE_LOGGERS,
    **{name: (f"executorch.backends.{name}",) for name in BACKENDS},
    **{name: (f"executorch.backends.apple.{name}",) for name in APPLE_BACKENDS},
}
QNAMES = {q: name for name, qnames in COMPONENTS.items() for q in qnames}

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
_SIGNS = {"+": logging.DEBUG, "-": logging.ERROR, "": logging.INFO}


def covering(qname: str) -> str:
    """The logger of ours that covers logger ``qname`` most closely, or ``""``."""
    while qname and qname not in QNAMES:
        qname = qname.rpartition(".")[0]
    return qname


def parse(text: str) -> dict[str, int]:
    """TORCH_LOGS text as name -> level: ``+name`` DEBUG, ``-name`` ERROR, ``name`` INFO."""
    settings = {}
    for token in text.replace(" ", "").split(","):
        sign = token[:1] if token[:1] in "+-" else ""
        name = token[len(sign) :]
        if not name or not all(part.isidentifier() for part in name.split(".")):
            raise ValueError(f"invalid log setting {token!r} in {text!r}: [+|-]name")
        settings["torch" if name == "all" else name] = _SIGNS[sign]
    return settings


def is_ours(name: str) -> bool:
    """True for a component, an artifact or a logger below a component of ours."""
    return name in COMPONENTS or name in ARTIFACTS or bool(covering(name))


def names_ours(text: str | None) -> bool:
    """True if TORCH_LOGS text ``text`` names one of ours (malformed text: torch's to refuse)."""
    try:
        return any(is_ours(name) for name in parse(text or ""))
    except ValueError:
        return False
