"""torch's ``torch.backends`` entry point, called inside ``import torch``: it must never
raise (torch would make that a failed ``import torch``)."""

import sys

from .state import STATE


def register() -> None:
    """Register ExecuTorch's TORCH_LOGS names with torch."""
    try:
        STATE.sync()
    except Exception as exc:  # noqa: BLE001 - must never break import torch
        try:
            sys.stderr.write(
                f"{__name__}: ExecuTorch's TORCH_LOGS names are off ({exc!r})\n"
            )
        except Exception:  # noqa: BLE001 - not even for a closed stderr
            pass
