"""The vendored runtime in the released wheel, et-log and libcst blocked: what ExecuTorch would own.

On the copy ``codemods.migrate --vendor exir backends extension devtools`` made (``vendored_wheel``
in conftest.py; the seed's scenario runs on it in test_executorch_wheel.py): ``import torch``
registers the names without the exporter, the runtime's own tests pass, and no migrated module
imports more of the exporter (``executorch.exir``) than it did before (``import_weight.py`` says
how that is checked in reasonable time).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from harness.child_runs import child_env, run_python
from harness.import_weight import added_imports, exporter_modules, light_modules, module_name
from harness.vendored import PROBE, VENDORED_MODULE

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]


def _run(wheel, copy, args: list[str], label: str, torch_logs: str | None = None):
    blocked = {"with_et_log": False, "blocker": copy.blocker}
    return run_python(wheel, copy.overlay, args, label, torch_logs, **blocked)


def _migrated_modules(copy) -> list:
    folder = copy.package / VENDORED_MODULE.split(".")[1]
    return [
        path
        for path in sorted(copy.package.rglob("*.py"))
        if folder not in path.parents
        and f"from {VENDORED_MODULE} import" in path.read_text(encoding="utf-8", errors="replace")
    ]


def test_import_torch_registers_the_names_without_the_exporter_or_et_log(wheel, vendored_wheel):
    run = _run(wheel, vendored_wheel, ["-c", PROBE], "probe", "+xnnpack").check_ok()
    assert "importable:" not in run.stdout, run.describe()
    assert run.field("exir-imported") == "False", run.describe()
    assert run.field("runtime-loaded") == "True", run.describe()


def test_the_vendored_tests_pass_in_the_wheel_venv(wheel, vendored_wheel):
    tests = vendored_wheel.package / "logs" / "test"
    assert sorted(tests.glob("test_*.py")), "no test was vendored"
    args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)]
    run = _run(wheel, vendored_wheel, args, "vendored tests")
    assert run.returncode == 0, run.describe()
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) >= 1, run.describe()
    assert " failed" not in run.stdout and " error" not in run.stdout, run.describe()


def test_pytree_stays_light(wheel, vendored_wheel):
    probe = (
        "import sys, executorch.extension.pytree\n"
        "print('runtime:', 'executorch.logs' in sys.modules)\n"
        "print('exir:', sorted(m for m in sys.modules if m.startswith('executorch.exir')))\n"
    )
    run = _run(wheel, vendored_wheel, ["-c", probe], "pytree").check_ok()
    assert run.field("runtime") == "True", "pytree is migrated: it imports the runtime"
    assert run.field("exir") == "[]", run.describe()


def _runtime_or_stdlib(name: str) -> bool:
    """The vendored runtime, or a standard-library module (which adds nothing of the
    exporter)."""
    vendored = name == VENDORED_MODULE or name.startswith(f"{VENDORED_MODULE}.")
    return vendored or name.split(".")[0] in sys.stdlib_module_names


def test_no_migrated_module_imports_more_of_the_exporter(wheel, vendored_wheel, e2e_timings):
    package, pristine = vendored_wheel.package, wheel.executorch_dir
    migrated = _migrated_modules(vendored_wheel)
    assert len(migrated) >= 150, len(migrated)
    added = {
        module_name(package, path): sorted(found)
        for path in migrated
        if (found := added_imports(pristine / path.relative_to(package), path, package))
        and not all(_runtime_or_stdlib(n) for n in found)
    }
    assert added == {}, "the migration may add an import of the runtime (or the stdlib) only"
    runtime = _run(wheel, vendored_wheel, ["-c", _RUNTIME_PROBE], "runtime alone").check_ok()
    assert runtime.field("exir") == "[]", runtime.describe()
    light = [module_name(pristine, p) for p in light_modules(pristine, [
        pristine / p.relative_to(package) for p in migrated
    ])]  # fmt: skip
    assert "executorch.extension.pytree" in light and len(light) >= 5, light
    before_env = child_env(vendored_wheel.overlay, None, None)
    del before_env["PYTHONPATH"]  # the installed, pristine package
    after_env = child_env(vendored_wheel.overlay, None, None, vendored_wheel.blocker)
    where = vendored_wheel.overlay.parent
    with e2e_timings.step(f"{len(light)} light migrated modules imported before and after"):
        before, after = exporter_modules(wheel.python, [before_env, after_env], light, where)
    importable = [name for name in light if isinstance(before[name], list)]
    assert "executorch.extension.pytree" in importable, before["executorch.extension.pytree"]
    grown = {
        name: after[name]
        if isinstance(after[name], str)
        else sorted(set(after[name]) - set(before[name]))
        for name in importable
    }
    assert {name: found for name, found in grown.items() if found} == {}


def test_a_stale_entry_point_fails_import_torch_as_migration_md_says(wheel, tmp_path):
    """An editable install naming the hook on a branch without it: torch's limit, the doc's text."""
    doc = (REPO / "docs" / "MIGRATION.md").read_text(encoding="utf-8")
    quoted = re.search(r"```text\n(RuntimeError: Failed to load the backend[^\n]*)\n```", doc)
    assert quoted, "MIGRATION.md quotes torch's message"
    stale = tmp_path / "stale-0.dist-info"
    stale.mkdir()
    (stale / "METADATA").write_text("Metadata-Version: 2.1\nName: stale\nVersion: 0\n")
    (stale / "entry_points.txt").write_text(
        f"[torch.backends]\nexecutorch_logging = {VENDORED_MODULE}_hook:register\n"
    )
    broken = run_python(wheel, tmp_path, ["-c", "import torch"], "stale", with_et_log=False)
    assert broken.returncode != 0 and quoted.group(1) in broken.stderr, broken.describe()
    assert f"No module named '{VENDORED_MODULE}_hook'" in broken.stderr, broken.describe()
    env = child_env(tmp_path, None, None)
    env["TORCH_DEVICE_BACKEND_AUTOLOAD"] = "0"
    done = subprocess.run([str(wheel.python), "-c", "import torch"], env=env, cwd=tmp_path)
    assert done.returncode == 0, "TORCH_DEVICE_BACKEND_AUTOLOAD=0 is the documented way out"


_RUNTIME_PROBE = (
    "import importlib, pkgutil, sys, torch\n"
    "import executorch.logs as runtime\n"
    "for info in pkgutil.iter_modules(runtime.__path__):\n"
    "    if info.name != 'test':\n"
    "        importlib.import_module(f'executorch.logs.{info.name}')\n"
    "importlib.import_module('executorch.logs_hook').register()\n"
    "print('exir:', sorted(m for m in sys.modules if m.startswith('executorch.exir')))\n"
)
