"""torch's ``torch.backends`` entry point for ExecuTorch's TORCH_LOGS names: outside the
runtime package (one that fails to import is caught here, not in torch), standard library only,
one line on stderr for anything that goes wrong."""

import os
import sys

RUNTIME = "et_log_runtime"


def register() -> None:
    """Register ExecuTorch's TORCH_LOGS names with torch; never raises. Without TORCH_LOGS
    there is nothing to register in time: the runtime is not even imported."""
    if not os.environ.get("TORCH_LOGS"):
        return
    try:
        from importlib import import_module

        import_module(RUNTIME).register_with_torch()
    except BaseException as exc:  # noqa: BLE001 - nothing may break import torch
        if isinstance(exc, KeyboardInterrupt):
            raise
        try:
            sys.stderr.write(f"{RUNTIME}: TORCH_LOGS names not registered ({exc!r})\n")
        except Exception:  # noqa: BLE001 - not even a closed stderr
            pass
