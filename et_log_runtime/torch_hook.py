"""The ``torch.backends`` entry point: torch >= 2.13 calls ``register`` inside ``import torch``,
before it reads TORCH_LOGS, so our names are known in time.

torch turns any exception raised here into a failed ``import torch``, so ``register`` catches
everything (``STATE.sync`` already reports and degrades to plain logging on its own errors).
"""

from __future__ import annotations

import sys

__all__ = ["register"]


def register() -> None:
    """Register ExecuTorch's TORCH_LOGS names with torch; never raises."""
    try:
        from .state import STATE

        STATE.sync()
    except Exception as exc:  # noqa: BLE001 - must never break import torch
        try:
            sys.stderr.write(f"{__name__}: ExecuTorch's TORCH_LOGS names are off ({exc!r})\n")
        except Exception:  # noqa: BLE001 - not even for a closed stderr
            pass
