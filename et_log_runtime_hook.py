"""torch's ``torch.backends`` entry point for ExecuTorch's names in TORCH_LOGS.

torch calls ``register`` inside every ``import torch``, before it reads TORCH_LOGS. Standard
library only, outside the runtime package, and it catches everything: no fault of ours can stop
``import torch``. It registers the names of ours TORCH_LOGS names (all of them for ``help``), nothing else.
"""

import os
import sys

RUNTIME = "et_log_runtime"


def register() -> None:
    """Register ExecuTorch's names with torch when TORCH_LOGS names one of them; never raises."""
    text = os.environ.get("TORCH_LOGS", "")
    if not text:
        return
    try:
        from importlib import import_module

        names = import_module(f"{RUNTIME}.names")
        asked = {token.strip().lstrip("+-") for token in text.split(",")}
        ours = asked & {*names.COMPONENTS, *names.ARTIFACTS}
        if ours or "help" in asked:  # help lists every name: all of ours
            import_module(f"{RUNTIME}.state").STATE.register(None if "help" in asked else ours)
    except BaseException as exc:  # noqa: BLE001 - nothing may break import torch
        if isinstance(exc, KeyboardInterrupt):
            raise
        try:
            sys.stderr.write(f"{RUNTIME}: TORCH_LOGS names not registered ({exc!r})\n")
        except Exception:  # noqa: BLE001 - not even a closed stderr
            pass
