"""The part of ``torch._logging._internal`` the runtime uses, as typing protocols.

Imported only under ``TYPE_CHECKING``: the runtime never imports torch (it finds torch's logging
internals in ``sys.modules``), so these describe what it reads and calls there (torch 2.13).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol


class TorchLogState(Protocol):
    """torch's ``LogState``: the levels and artifacts in effect."""

    log_qname_to_level: dict[str, int]
    artifact_names: set[str]

    def enable_log(self, log_qnames: str | list[str], log_level: int) -> None: ...

    def enable_artifact(self, artifact_name: str) -> None: ...


class LogRegistry(Protocol):
    """torch's ``LogRegistry``: the names TORCH_LOGS accepts."""

    log_alias_to_log_qnames: dict[str, list[str]]
    artifact_names: set[str]
    child_log_qnames: set[str]

    def is_log(self, alias: str) -> bool: ...

    def is_artifact(self, name: str) -> bool: ...

    def get_log_qnames(self) -> set[str]: ...

    def get_artifact_log_qnames(self) -> set[str]: ...

    def register_log(self, alias: str, log_qnames: str | list[str]) -> None: ...

    def register_child_log(self, log_qname: str) -> None: ...

    def register_artifact_log(self, artifact_log_qname: str) -> None: ...


class TorchLogging(Protocol):
    """The module ``torch._logging._internal``."""

    log_registry: LogRegistry
    log_state: TorchLogState
    LogState: Callable[[], TorchLogState]
    _init_logs: Callable[..., None]

    def getArtifactLogger(self, module_qname: str, artifact_name: str) -> logging.Logger: ...

    def register_artifact(
        self, setting_name: str, description: str, *, visible: bool, off_by_default: bool
    ) -> None: ...

    def configure_artifact_log(self, log: logging.Logger) -> None: ...

    def _is_torch_handler(self, handler: logging.Handler) -> bool: ...

    def _has_registered_parent(self, log_qname: str) -> bool: ...

    def _set_log_state(self, state: TorchLogState) -> None: ...

    def _parse_log_settings(self, settings: str) -> TorchLogState: ...
