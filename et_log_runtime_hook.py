"""torch's ``torch.backends`` entry point for ExecuTorch's TORCH_LOGS names.

torch calls ``register`` inside ``import torch``, and turns anything it raises into a failed
``import torch``. So this module is outside the runtime package (a broken package is caught here,
not in torch), uses the standard library only, and says what went wrong in one line on stderr.
"""

import sys

RUNTIME = "et_log_runtime"


def register() -> None:
    """Register ExecuTorch's TORCH_LOGS names with torch; never raises."""
    try:
        from importlib import import_module

        import_module(RUNTIME).register_with_torch()
    except BaseException as exc:  # noqa: BLE001 - nothing may break import torch
        if isinstance(exc, KeyboardInterrupt):
            raise
        try:
            sys.stderr.write(f"{RUNTIME}: TORCH_LOGS names not registered ({exc!r})\n")
        except BaseException:  # noqa: BLE001 - not even a closed stderr
            pass
