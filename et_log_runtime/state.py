"""The runtime's state: our names in torch's registry or not (the two modes, README.md),
the artifact loggers made before, and the delegation records being collected."""

import logging
import os
import sys
import threading
from importlib.util import find_spec
from typing import Any

from .names import ARTIFACTS, COMPONENTS, QNAMES, TOP, names_ours, parse
from .torch_api import INTERNAL, Torch, load, report


class State:
    """What the runtime did, and what it is collecting."""

    def __init__(self) -> None:
        self.registry: object = None  # torch's, once our names are in it
        self.torch: Torch | None = None  # its adapter then
        self.broken = False  # torch's internals failed us: plain logging from then on
        self.early_artifacts: list[logging.Logger] = []  # made before registration
        self.blocks: list[list[dict[str, Any]]] = []  # open delegation_records()
        self.record: str | None = None  # the delegation record this process writes
        self.lock = threading.RLock()

    def sync(self, asked: bool = False, hook: bool = False) -> Torch | None:
        """torch, our names registered once TORCH_LOGS or ``set_logs`` asks (``wanted``)."""
        if self.broken:
            return None
        current = self.current()
        if current is not None:
            return current
        torch = load(say=names_ours(os.environ.get("TORCH_LOGS")) or asked)
        if torch is None or self.registry is torch.registry:
            return torch
        if not self.wanted(torch, asked, hook):
            return torch
        try:
            with self.lock:
                if self.registry is torch.registry:
                    return torch  # another thread registered while we waited
                for name, qnames in COMPONENTS.items():
                    torch.register(name, qnames)
                for name, (_, text) in ARTIFACTS.items():
                    torch.register(name, text)
                for log in self.early_artifacts:
                    torch.adopt_artifact_logger(log)
                self.early_artifacts = []
                self.registry, self.torch = torch.registry, torch
                # before torch's set-up, TORCH_LOGS names ours: torch's mode from now on
                if not torch.initialised():
                    quiet_unnamed()
        except Exception as exc:  # noqa: BLE001 - plain logging, never a crash
            self.broken = True
            report(f"ExecuTorch's TORCH_LOGS names are off ({exc!r})")
            return None
        return torch

    @staticmethod
    def wanted(torch: Torch, asked: bool, hook: bool) -> bool:
        """Asked; or, from torch's hook or after ``import torch`` (never in its walk of a module
        path), TORCH_LOGS names ours or a name torch refuses (``help``, a typo), torch owning no
        ``executorch`` module path (ours below it would print twice)."""
        if asked or torch.module_path(TOP) or not (hook or torch.initialised()):
            return asked
        if names_ours(text := os.environ.get("TORCH_LOGS")):
            return True
        try:
            names = parse(text or "")
        except ValueError:
            return bool(text)
        unknown = [n for n in names if "." not in n and not torch.knows(n)]
        return any(n == "help" or find_spec(n) is None for n in unknown)

    def current(self) -> Torch | None:
        """torch if our names are in its registry now: every call's cheap path."""
        torch = self.torch  # None, or stale once torch's internals were reloaded
        return torch if torch and torch.internal is sys.modules.get(INTERNAL) else None

    def registered(self, asked: bool = False) -> Torch | None:
        """torch, if our names are in its registry."""
        torch = self.current() or self.sync(asked)
        return torch if torch is not None and self.registry is torch.registry else None

    def switched(self, qname: str) -> int | None:
        """The level TORCH_LOGS or ``set_logs`` put on the component covering ``qname``."""
        torch = self.current() or self.registered()
        levels = torch.levels() if torch is not None else None
        while levels and qname:  # nothing switched (the common case): no walk
            level = levels.get(qname)
            if isinstance(level, int):
                return level
            qname = qname.rpartition(".")[0] if qname not in QNAMES else ""
        return None

    def asked(self) -> bool:
        """True once TORCH_LOGS or ``set_logs`` names a component or artifact of ours."""
        torch = self.registered()
        if torch is None:
            return False
        levels = torch.levels()
        named = any(isinstance(levels.get(q), int) for q in QNAMES)
        return named or any(torch.artifact_on(name) for name in ARTIFACTS)


def quiet_unnamed() -> None:
    """In torch's mode, components nobody named stay at WARNING, as torch's own do."""
    top = logging.getLogger(TOP)
    if top.level == logging.NOTSET:
        top.setLevel(logging.WARNING)


def get_artifact_logger(name: str, artifact: str) -> logging.Logger:
    """Module ``name``'s logger of ``artifact``: DEBUG records, shown if it is named."""
    if artifact not in ARTIFACTS:
        raise ValueError(f"unknown artifact {artifact!r}; known: {sorted(ARTIFACTS)}")
    with STATE.lock:
        torch = STATE.registered()
        if torch is not None:
            return torch.artifact_logger(name, artifact)
        log = logging.getLogger(f"{name}.__{artifact}")  # torch's naming
        log.artifact_name = artifact  # type: ignore[attr-defined]  # torch's format shows it
        log.propagate = False  # off, as torch keeps an off-by-default artifact
        if log not in STATE.early_artifacts:
            STATE.early_artifacts.append(log)
        return log


def artifact_enabled(logger: logging.Logger) -> bool:
    """True if artifact ``logger`` prints: skip building a dump nobody will see."""
    return logger.propagate and logger.isEnabledFor(logging.DEBUG)


STATE = State()
