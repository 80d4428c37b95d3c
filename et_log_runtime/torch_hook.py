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
        from et_log_runtime import registry, settings

        internal = registry.torch_internal()
        if internal is None:
            return  # called outside torch's import: nothing to register into yet
        initialised = getattr(internal, "LOG_TRACE_HANDLER", None) is not None
        registry.push_to_torch(internal)
        if settings.requested or initialised:
            # set_logs ran before torch was imported (torch will init right after us), or we run late
            settings.apply(internal, init=initialised)
    except Exception as exc:  # noqa: BLE001 - must never break import torch
        try:
            sys.stderr.write(f"et-log: could not register TORCH_LOGS names ({exc!r}); continuing\n")
        except Exception:  # noqa: BLE001
            pass
