"""The one owner of "bring torch up to date": our names, then our settings, then destinations.

Every path goes through ``sync``: torch's ``torch.backends`` hook (before torch parses
TORCH_LOGS), ``get_logger`` / ``get_artifact_logger`` (late registration when the hook did not
run), ``set_logs``, ``register_*``, ``route_to_app`` and ``override_logs``. On first contact it
also wraps torch's ``_init_logs`` so that every (re)initialisation of torch's loggers, including
torch's own ``set_logs`` and the one at the end of ``import torch``, ends with ``after_init``.

Import graph (acyclic): components <- registry <- settings, destinations <- sync <- the API.
``settings`` and ``destinations`` are imported on first need, so the hook inside ``import torch``
loads only ``registry`` and this module.
"""

from __future__ import annotations

import functools
import os
import sys
from types import ModuleType

from . import registry

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (import-light)
if TYPE_CHECKING:
    from .torch_api import TorchLogging

__all__ = ["after_init", "sync"]

ENV = "TORCH_LOGS"  # the same name as settings.ENV (not imported from there: see _settings)

_WRAPPED = "_et_log_original"  # attribute of our wrapper: torch's own _init_logs


def _settings(needed: bool) -> ModuleType | None:
    """``settings`` if anything was ever set (it is loaded then) or ``needed``; else None.

    Keeps ``import torch`` light: when nobody set anything there is nothing to install, and the
    hook then loads only ``registry`` and this module.
    """
    loaded = sys.modules.get(f"{registry.PACKAGE}.settings")
    if loaded is None and needed:
        from . import settings as loaded
    return loaded


def sync(reapply: bool = False) -> TorchLogging | None:
    """Bring torch's registry and loggers up to date with our names and settings.

    ``reapply``: the settings changed, install them even if no name is new. Returns torch's logging
    internals, or None when torch is not loaded (settings then go straight onto our loggers).
    Cheap when nothing changed: ``get_logger`` calls it at every module import.
    """
    internal = registry.torch_internal()
    if internal is None:
        if reapply:
            from . import destinations, settings

            with registry.LOCK:
                settings.apply_without_torch()
                destinations.arrange(None)
        return None
    if not reapply and registry.up_to_date(internal.log_registry):
        return internal
    with registry.LOCK:
        added = registry.push_to_torch(internal)
        _wrap_init(internal)
        if getattr(internal, "LOG_TRACE_HANDLER", None) is None:
            # inside `import torch`, before torch sets its loggers up: it will apply this state
            loaded = _settings(needed=reapply)
            if loaded is not None and (reapply or (added and loaded.requested)):
                loaded.apply(internal, init=False)
        elif (reapply or added) and (loaded := _settings(needed=True)) is not None:
            loaded.apply(internal, init=True)  # the wrapper runs after_init
    return internal


def after_init(internal: TorchLogging) -> None:
    """Runs after every torch ``_init_logs``: adopt a foreign change, then arrange destinations."""
    from . import destinations  # first needed at torch's first init, after the hook

    with registry.LOCK:
        settings = None
        if os.environ.get(ENV) is None:  # with TORCH_LOGS set, torch's set_logs does nothing
            state = internal.log_state  # settings in it that we did not put there: adopt them
            settings = _settings(needed=bool(state.log_qname_to_level or state.artifact_names))
        if settings is not None and not settings.applying and not settings.in_effect(internal):
            settings.adopt(internal)  # torch's own set_logs changed its settings
            settings.apply(internal, init=True)  # re-enters after_init with applying set
            return
        destinations.arrange(internal)


def _wrap_init(internal: TorchLogging) -> None:
    """Make torch's ``_init_logs`` (module and package attribute) end with ``after_init``."""
    original = internal._init_logs
    if getattr(original, _WRAPPED, None) is not None:
        return

    @functools.wraps(original)
    def _init_logs(*args: object, **kwargs: object) -> None:
        original(*args, **kwargs)
        try:
            after_init(internal)
        except Exception as exc:  # noqa: BLE001 - torch's logging setup must never fail for us
            registry.report(f"could not re-apply ExecuTorch log settings ({exc!r})")

    setattr(_init_logs, _WRAPPED, original)
    setattr(internal, "_init_logs", _init_logs)  # noqa: B010 - a module attribute, typed
    package = sys.modules.get("torch._logging")
    if package is not None and getattr(package, "_init_logs", None) is original:
        setattr(package, "_init_logs", _init_logs)  # noqa: B010
