"""The vendored mode of the wheel e2e: ExecuTorch carries the runtime, et-log is not installed.

``migrate_vendored`` runs ``python -m codemods.migrate --vendor`` from the tool environment (the
interpreter running the tests, which has et-log and libcst) on a copy of the installed package.
The wheel has no ``pyproject.toml``, so a stand-in with the wheel's own name and version receives
the entry point, as ExecuTorch's source ``pyproject.toml`` would. ``carry_entry_points`` then does
what rebuilding the wheel would: the copy's ``executorch-<ver>.dist-info`` gets that
``[project.entry-points]`` table as its ``entry_points.txt``; on ``PYTHONPATH`` before the venv it
shadows the installed distribution of the same name (importlib.metadata keeps the first).
``blocker_dir`` holds a ``sitecustomize`` that makes et-log and libcst unimportable in the
processes that export, so nothing there can lean on them.

The runtime's traveling tests (``et_log_runtime/test/``) are vendored with it; until they exist,
``runtime_with_tests`` gives vendoring a copy of the runtime holding the stand-in test of
``tests/data/runtime_tests`` (``TOOL_PYTHONPATH`` puts that copy first for the tool's process).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from harness.wheel_env import MIGRATED_FOLDERS, WheelEnv, copy_executorch

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport et-log declares for Python 3.10 (this module is collected there)
    import tomli as tomllib

# Run with TORCH_LOGS=+xnnpack: nothing of et-log importable, names registered, exir not imported.
PROBE = (
    "import importlib, sys, torch\n"
    "for name in ('libcst', 'et_log_runtime'):\n"
    "    try:\n"
    "        importlib.import_module(name)\n"
    "        print('importable:', name)\n"
    "    except ImportError:\n"
    "        pass\n"
    "print('exir-imported:', 'executorch.exir' in sys.modules)\n"
    "print('runtime-loaded:', 'executorch.logs.state' in sys.modules)\n"
)

VENDORED_MODULE = "executorch.logs"
REPO = Path(__file__).resolve().parents[3]
STAND_IN_TESTS = REPO / "tests" / "data" / "runtime_tests"
BLOCKED = ("libcst", "et_log_runtime", "codemods", "lint_rules")

_SITECUSTOMIZE = f'''"""e2e: et-log and libcst are not importable here (the vendored runtime must suffice)."""
import sys

_BLOCKED = {BLOCKED!r}


class _Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in _BLOCKED:
            raise ModuleNotFoundError(f"{{name}} is blocked in the vendored e2e", name=name)
        return None


sys.meta_path.insert(0, _Blocker())
'''


def blocker_dir(base: Path) -> Path:
    """A directory to put on PYTHONPATH after the package copy: blocks et-log and libcst."""
    folder = base / "block-et-log"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(_SITECUSTOMIZE, encoding="utf-8")
    return folder


def _dist_info(env: WheelEnv) -> Path:
    found = sorted(env.executorch_dir.parent.glob("executorch-*.dist-info"))
    assert found, f"no executorch dist-info beside {env.executorch_dir}"
    return found[0]


def runtime_with_tests(base: Path) -> Path:
    """A folder holding ``et_log_runtime``: et-log's own when it has its tests, else a copy of
    it with the stand-in test; put first on the tool process's ``PYTHONPATH``."""
    runtime = REPO / "et_log_runtime"
    if (runtime / "test").is_dir():
        return REPO
    copy = base / "et_log_runtime"
    if not copy.is_dir():
        ignore = shutil.ignore_patterns("__pycache__")
        shutil.copytree(runtime, copy, ignore=ignore)
        shutil.copytree(STAND_IN_TESTS, copy / "test", ignore=ignore)
        shutil.copy2(REPO / "et_log_runtime_hook.py", base / "et_log_runtime_hook.py")
    return base


def tool_env(base: Path) -> dict[str, str]:
    """The tool process's environment: the runtime with its tests importable first."""
    path = [str(runtime_with_tests(base)), str(REPO), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path if p)}


def migrate_vendored(
    env: WheelEnv, overlay: Path, report: Path, folders: tuple[str, ...] = ("exir", "backends")
) -> subprocess.CompletedProcess[str]:
    """Vendor and migrate ``folders`` of ``overlay/executorch`` with the tool environment's
    interpreter (the wheel scenario's two by default, as its et-log side migrates)."""
    package = overlay / "executorch"
    version = _dist_info(env).name.removeprefix("executorch-").removesuffix(".dist-info")
    (package / "pyproject.toml").write_text(
        f'[project]\nname = "executorch"\nversion = "{version}"\n', encoding="utf-8"
    )
    command = [sys.executable, "-m", "codemods.migrate", "--vendor", *folders]
    return subprocess.run(
        [*command, "--report", str(report)],
        cwd=package,
        env=tool_env(overlay.with_name(overlay.name + "-tool")),
        capture_output=True,
        text=True,
        timeout=900,
    )


def carry_entry_points(env: WheelEnv, overlay: Path) -> Path:
    """The copy's dist-info with the pyproject's entry points, as a rebuilt wheel would have."""
    source = _dist_info(env)
    target = overlay / source.name
    shutil.copytree(source, target)
    (target / "RECORD").unlink(missing_ok=True)
    data = tomllib.loads((overlay / "executorch" / "pyproject.toml").read_text(encoding="utf-8"))
    groups = data["project"]["entry-points"]
    existing = target / "entry_points.txt"
    lines = [existing.read_text(encoding="utf-8").rstrip("\n"), ""] if existing.is_file() else []
    for group, entries in groups.items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in entries.items()]
        lines.append("")
    (target / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
    return target


@dataclass(frozen=True)
class VendoredCopy:
    """A copy of the wheel's package, vendored and migrated (all four library folders)."""

    overlay: Path  # first on PYTHONPATH: holds executorch/ and the dist-info with the entry point
    done: subprocess.CompletedProcess[str]
    report: Path
    blocker: Path

    @property
    def package(self) -> Path:
        return self.overlay / "executorch"


def vendored_copy(env: WheelEnv, base: Path) -> VendoredCopy:
    """Vendored mode for a fresh copy: migrate with --vendor, carry the entry point, make the
    blocker."""
    overlay = copy_executorch(env, base / "overlay")
    report = overlay / "migration-report.json"
    done = migrate_vendored(env, overlay, report, MIGRATED_FOLDERS)
    if done.returncode == 0:
        carry_entry_points(env, overlay)
    return VendoredCopy(overlay, done, report, blocker_dir(base))
