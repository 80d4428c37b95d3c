"""The ``torch.backends`` entry point: torch >= 2.13 calls ``register`` before parsing TORCH_LOGS.

An exception escaping from here would break ``import torch`` for everyone, so ``register`` is
import-light (stdlib plus what torch already loaded), idempotent, and never raises.
"""

from __future__ import annotations

import sys

__all__ = ["register"]


def register() -> None:
    """Add the ExecuTorch component names to torch's log registry; report problems, never raise."""
    try:
        from et_log_runtime import registry

        internal = registry.torch_internal()
        if internal is None:
            return  # called outside torch's import: nothing to register into yet
        initialised = getattr(internal, "LOG_TRACE_HANDLER", None) is not None
        added = registry.push_to_torch(internal)
        settings = sys.modules.get("et_log_runtime.settings")  # loaded only if set_logs was used
        if initialised and added:
            from et_log_runtime import settings

            settings.apply(internal)  # called late (torch already set its loggers up): redo that
        elif not initialised and settings is not None and settings.requested:
            settings.apply(internal, init=False)  # set_logs ran before import torch; torch inits
    except Exception as exc:  # noqa: BLE001 - must never break import torch
        try:
            sys.stderr.write(f"et-log: could not register TORCH_LOGS names ({exc!r}); continuing\n")
        except Exception:  # noqa: BLE001
            pass
