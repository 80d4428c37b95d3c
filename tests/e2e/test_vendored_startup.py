"""The vendored runtime's opt-in startup hook, for ``TORCH_DEVICE_BACKEND_AUTOLOAD=0``.

Its ``.pth`` line must go through the generated hook module: importing
``executorch.exir._logging.startup`` by name would import ``executorch.exir`` and so torch before
the hook is armed. Run in the released wheel's venv on a vendored copy, et-log and libcst blocked.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from test_executorch_wheel import Run, run_python
from vendored import VENDORED_MODULE, blocker_dir
from wheel_env import copy_executorch

from codemods.vendor import vendor

pytestmark = pytest.mark.e2e

PROBE = (
    "import os, site, sys\n"
    "os.environ['TORCH_DEVICE_BACKEND_AUTOLOAD'] = '0'  # read by import torch\n"
    "site.addsitedir(sys.argv[1])\n"
    "import torch\n"
    "from torch._logging._internal import log_registry\n"
    "print('registered:', log_registry.log_alias_to_log_qnames.get('xnnpack'))\n"
    "print('exir-imported:', 'executorch.exir' in sys.modules)\n"
)


def _pth(startup: Path) -> tuple[str, str]:
    spec = importlib.util.spec_from_file_location(f"{VENDORED_MODULE}.startup", startup)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PTH_NAME, module.PTH_LINE


def test_vendored_startup_hook_registers_names_with_autoload_off(wheel, tmp_path: Path) -> None:
    overlay = copy_executorch(wheel, tmp_path / "overlay")
    vendor(overlay / "executorch")
    name, line = _pth(overlay / "executorch" / "exir" / "_logging" / "startup.py")
    assert "executorch._logging_hook').arm_startup()" in line
    site_dir = tmp_path / "site"
    site_dir.mkdir()
    blocker = blocker_dir(tmp_path)

    def probe(label: str) -> Run:
        args = ["-c", PROBE, str(site_dir)]
        return run_python(
            wheel, overlay, args, label, "+xnnpack", with_et_log=False, blocker=blocker
        )

    without = probe("no .pth")
    (site_dir / name).write_text(line, encoding="utf-8")
    with_pth = probe(".pth")
    assert without.returncode != 0 and "xnnpack" in without.stderr, "autoload off must fail"
    assert with_pth.returncode == 0, with_pth.stderr[-3000:]
    assert "registered: ['executorch.backends.xnnpack']" in with_pth.stdout, with_pth.stdout
    assert "exir-imported: False" in with_pth.stdout, with_pth.stdout
