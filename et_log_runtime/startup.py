"""Opt-in interpreter startup hook for when torch's ``torch.backends`` hook cannot run in time.

et-log only (``python -m et_log_runtime install-startup-hook``): not vendored into ExecuTorch.

Needed only with ``TORCH_DEVICE_BACKEND_AUTOLOAD=0`` or torch < 2.13, and only for TORCH_LOGS names
given at import time. ``python -m et_log_runtime install-startup-hook`` writes a one-line ``.pth`` into
site-packages. At every interpreter start that line only checks whether TORCH_LOGS is set; if so it
arms a finder that registers our names right after torch loads its logging internals, which is
before torch parses TORCH_LOGS.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from types import ModuleType

from . import torch_api

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up hook)
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

__all__ = ["PTH_LINE", "PTH_NAME", "arm", "install", "uninstall"]

_PACKAGE = __name__.rpartition(".")[0]
PTH_NAME = f"{_PACKAGE}_startup.pth"
PTH_LINE = (
    "import os; 'TORCH_LOGS' in os.environ and "
    f"__import__('importlib').import_module('{_PACKAGE}.startup').arm()\n"
)
_TARGET = torch_api.INTERNAL


class _RegisterAfterTorchLogging:
    """Meta-path finder: lets the normal finders find ``_TARGET``, then runs our hook after it."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname != _TARGET:
            return None
        disarm()
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(fullname, path)
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run_module = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run_module(module)
            from et_log_runtime_hook import register

            register()

        loader.exec_module = exec_module
        return spec


_FINDER = _RegisterAfterTorchLogging()


def arm() -> None:
    """Register our names as soon as torch's logging internals load (no-op if torch is loaded)."""
    if _TARGET not in sys.modules and _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def disarm() -> None:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def _pth_path() -> str:
    import sysconfig

    return os.path.join(sysconfig.get_paths()["purelib"], PTH_NAME)


def install() -> str:
    """Write the ``.pth`` into this environment's site-packages; returns its path."""
    path = _pth_path()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(PTH_LINE)
    return path


def uninstall() -> str | None:
    """Remove the ``.pth`` if present; returns its path, or None if it was not installed."""
    path = _pth_path()
    if not os.path.exists(path):
        return None
    os.remove(path)
    return path
