"""The ``torch.backends`` entry point: torch >= 2.13 calls ``register`` before parsing TORCH_LOGS.

An exception escaping from here would break ``import torch`` for everyone, so ``register`` is
import-light (stdlib plus what torch already loaded), idempotent, and never raises. What it does
is ``sync.sync``'s job: push our names, install settings made before ``import torch``, and hook
torch's logger initialisation so routing, capture and overrides follow it.
"""

from __future__ import annotations

import sys

__all__ = ["register"]


def register() -> None:
    """Add the ExecuTorch component names to torch's log registry; report problems, never raise."""
    try:
        from . import sync

        sync.sync()
    except Exception as exc:  # noqa: BLE001 - must never break import torch
        try:
            sys.stderr.write(f"et-log: could not register TORCH_LOGS names ({exc!r}); continuing\n")
        except Exception:  # noqa: BLE001
            pass
