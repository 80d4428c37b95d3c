"""Which of ExecuTorch's names are registered with torch (each once the user asks for it), and
the artifact loggers made before theirs was (README.md: the two modes)."""

import logging
import threading
from collections.abc import Iterable

from .names import ARTIFACTS, COMPONENTS, TOP
from .torch_api import Torch, load


class State:
    """Which of our names torch knows: one instance, ``STATE``."""

    def __init__(self) -> None:
        self.torch: Torch | None = (
            None  # torch's logging, once one of our names is in it
        )
        self.names: set[str] = (
            set()
        )  # our components and artifacts registered with torch
        self.early_artifacts: list[
            logging.Logger
        ] = []  # made before their registration
        self.lock = threading.RLock()

    def registered(self) -> Torch | None:
        """torch's logging if any of our names is registered in it, else None."""
        return self.torch

    def register(self, names: Iterable[str] | None = None) -> Torch:
        """Register ``names`` (every one of ours when None) with torch, each once; the others
        stay plain library loggers. RuntimeError when torch lacks a name used here,
        ValueError, registering none of them, when torch already has one of them."""
        with self.lock:
            api = load()
            wanted = set(COMPONENTS) | set(ARTIFACTS) if names is None else set(names)
            # an artifact prints through its component's logger, where torch's handler is;
            # one of the top's (the partition report) through any component's
            for home in {ARTIFACTS[n][0] for n in wanted if n in ARTIFACTS}:
                wanted |= set(COMPONENTS) if home == TOP else {home}
            new = wanted - self.names
            components = {n: COMPONENTS[n] for n in new if n in COMPONENTS}
            artifacts = {n: ARTIFACTS[n][1] for n in new if n in ARTIFACTS}
            api.check_free(components, artifacts)
            for name, qnames in components.items():
                api.register(name, qnames)
            for name, description in artifacts.items():
                api.register_artifact(name, description)
            for log in list(self.early_artifacts):  # torch sets them up from now on
                module, _, artifact = log.name.rpartition(".__")
                if artifact in artifacts:
                    api.artifact_logger(module, artifact)
                    self.early_artifacts.remove(log)
            self.names |= new
            self.torch = api
            return api


STATE = State()
