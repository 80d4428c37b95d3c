"""import_weight.py's static half, on a tiny package: what reaches the exporter, what was added."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from harness.import_weight import FORK_PROBE, added_imports, light_modules, module_name


def _package(root: Path) -> Path:
    package = root / "executorch"
    files = {
        "exir/__init__.py": "from .tracer import trace\n",
        "exir/tracer.py": "def trace():\n    pass\n",
        "extension/__init__.py": "",
        "extension/pytree/__init__.py": "import torch\n\n\ndef f():\n    import executorch.exir\n",
        "extension/runner.py": "from executorch.extension.pytree import f\n",
        "extension/heavy.py": "try:\n    from ..exir import tracer\nexcept ImportError:\n    pass\n",
        "backends/x.py": "from executorch.extension import heavy\n",
    }
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    return package


def test_light_modules_are_those_whose_import_never_reaches_the_exporter(tmp_path: Path) -> None:
    package = _package(tmp_path)
    modules = [package / p for p in ("extension/pytree/__init__.py", "extension/runner.py")]
    heavy = [package / p for p in ("extension/heavy.py", "backends/x.py")]
    light = light_modules(package, [*modules, *heavy])
    assert [module_name(package, p) for p in light] == [
        "executorch.extension.pytree",  # its exir import runs only when f() is called
        "executorch.extension.runner",
    ]


def test_added_imports_are_what_the_migrated_text_imports_beyond_the_pristine(
    tmp_path: Path,
) -> None:
    package = _package(tmp_path)
    pristine = _package(tmp_path / "pristine") / "extension" / "runner.py"
    migrated = package / "extension" / "runner.py"
    migrated.write_text(
        "from executorch._logging import get_logger\n"
        "from executorch.extension.pytree import f\n"
        "import executorch.exir\n"
    )
    found = added_imports(pristine, migrated, package)
    assert found == {"executorch._logging", "executorch._logging.get_logger", "executorch.exir"}


def test_the_fork_probe_reports_per_module(tmp_path: Path) -> None:
    """Run without torch: a stand-in `torch` module lets the probe's own logic run here."""
    (tmp_path / "torch.py").write_text("")
    _package(tmp_path)
    run = subprocess.run(
        [sys.executable, "-c", FORK_PROBE, "executorch.backends.x", "executorch.missing"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tmp_path)},
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == '["executorch.backends.x", ["executorch.exir", "executorch.exir.tracer"]]'
    assert lines[1].startswith('["executorch.missing", "ModuleNotFoundError(')
