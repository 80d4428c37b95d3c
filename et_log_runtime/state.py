"""Whether ExecuTorch's names are registered with torch yet, and the artifact loggers made
before they were (README.md: the two modes)."""

import logging
import threading

from .names import ARTIFACTS, COMPONENTS, TOP
from .torch_api import Torch, load


class State:
    """Registered with torch or not: one instance, ``STATE``."""

    def __init__(self) -> None:
        self.torch: Torch | None = None  # torch's logging, once our names are in it
        self.early_artifacts: list[logging.Logger] = []  # made before that
        self.lock = threading.RLock()

    def registered(self) -> Torch | None:
        """torch's logging if our names are registered in it, else None."""
        return self.torch

    def register(self) -> Torch:
        """Register our components and artifacts with torch (once); RuntimeError when torch is
        not imported, ValueError when torch already has one of the names."""
        with self.lock:
            api = self.registered()
            if api is not None:
                return api
            api = load()
            descriptions = {name: text for name, (_, text) in ARTIFACTS.items()}
            api.check_free(COMPONENTS, descriptions)  # all or nothing
            for name, qnames in COMPONENTS.items():
                api.register(name, qnames)
            for name, description in descriptions.items():
                api.register_artifact(name, description)
            for log in self.early_artifacts:  # torch sets them up from now on
                module, _, artifact = log.name.rpartition(".__")
                api.artifact_logger(module, artifact)
            self.early_artifacts.clear()
            # as torch keeps its own loggers nobody named at WARNING: the ``executorch`` logger
            # above the components (they no longer propagate to an application's handlers)
            top = logging.getLogger(TOP)
            if top.level == logging.NOTSET:
                top.setLevel(logging.WARNING)
            self.torch = api
            return api


STATE = State()
