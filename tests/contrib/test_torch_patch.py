"""contrib/torch's patch against the torch installed here: it still applies, and torch-style tests
pass on torch patched in a throwaway overlay (symlinks to the installed package, the patched files
copied and patched) and fail on torch as installed. The two runs go side by side (16 s idle)."""

from __future__ import annotations

import importlib.util
import logging
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONTRIB = REPO / "contrib" / "torch"
PATCH = CONTRIB / "register_log.patch"
TORCH_TESTS = CONTRIB / "test_logging_registration.py"
CLASS = "OutOfTreeRegistrationTest"
# Behaviour tests that torch without the patch must fail: one in the process (TORCH_LOGS naming
# a name registered later), one of `import torch` itself (a failing entry point).
MUST_FAIL_UNPATCHED = ("test_unregistered_name_is_kept", "test_failing_backend_entry_point_warns")

_TORCH = importlib.util.find_spec("torch")
pytestmark = pytest.mark.skipif(
    _TORCH is None, reason="torch is not installed: contrib/torch patches an installed torch"
)


def installed_torch() -> Path:
    """The installed torch package's folder (not imported: this process stays torch-free)."""
    assert _TORCH is not None and _TORCH.submodule_search_locations is not None
    return Path(next(iter(_TORCH.submodule_search_locations)))


def patched_files() -> list[str]:
    """The paths the patch changes, relative to site-packages (`torch/...`)."""
    return re.findall(r"^\+\+\+ b/(\S+)$", PATCH.read_text(encoding="utf-8"), re.MULTILINE)


def git_apply(root: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """`git apply` of the patch onto the tree at `root`, which is no repository: git must not
    look for one above it."""
    env = {**os.environ, "GIT_CEILING_DIRECTORIES": str(root.parent)}
    return subprocess.run(
        ["git", "apply", *options, str(PATCH)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def run_torch_tests(pythonpath: Path | None, *names: str) -> subprocess.Popen[str]:
    """Start torch-style tests (all, or `names`) under torch's own runner, `pythonpath` first."""
    env = {
        key: value
        for key, value in os.environ.items()
        # CI=... makes torch's runner write XML reports (xmlrunner); the tests set their own
        # TORCH_LOGS; pytest's variable is pytest's.
        if key not in ("CI", "TORCH_LOGS", "PYTEST_CURRENT_TEST")
    }
    path = [str(pythonpath)] if pythonpath else []
    env["PYTHONPATH"] = os.pathsep.join([*path, *filter(None, [os.environ.get("PYTHONPATH")])])
    env["PYTORCH_PRINT_REPRO_ON_FAILURE"] = "0"
    return subprocess.Popen(
        [sys.executable, str(TORCH_TESTS), "-v", *(f"{CLASS}.{name}" for name in names)],
        cwd=CONTRIB,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def shadow(source: Path, target: Path, changed: set[Path]) -> None:
    """`target`: a folder of symlinks to what `source` holds, except that the folders on the way
    to a file in `changed` are real folders again, and the files in `changed` real copies."""
    target.mkdir()
    for entry in source.iterdir():
        if entry in changed:
            shutil.copyfile(entry, target / entry.name)
        elif entry.is_dir() and any(entry in path.parents for path in changed):
            shadow(entry, target / entry.name, changed)
        elif not (entry.name == "__pycache__" and any(p.parent == source for p in changed)):
            (target / entry.name).symlink_to(entry)
    # a folder with a changed file gets no __pycache__: Python writes the patched bytecode


@pytest.fixture(scope="module")
def overlay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """site-packages as the patch sees it: `torch/` symlinks to the installed torch, with real
    copies, patched, of the files the patch changes (and real folders on the way to them)."""
    root = tmp_path_factory.mktemp("overlay")
    changed = {installed_torch().parent / name for name in patched_files()}
    shadow(installed_torch(), root / "torch", changed)
    result = git_apply(root)
    assert result.returncode == 0, result.stderr
    return root


@pytest.fixture(scope="module")
def runs(overlay: Path) -> Iterator[dict[str, subprocess.Popen[str]]]:
    """Both runs, started together: the whole file on patched torch, the behaviour tests that
    must fail on the installed torch."""
    started = {
        "patched": run_torch_tests(overlay),
        "unpatched": run_torch_tests(None, *MUST_FAIL_UNPATCHED),
    }
    yield started
    for process in started.values():
        if process.poll() is None:
            process.kill()
            process.wait()


def output_of(process: subprocess.Popen[str]) -> str:
    out, _ = process.communicate(timeout=300)
    return out


def test_the_patch_applies_to_the_installed_torch(tmp_path: Path) -> None:
    """A torch upgrade that moves what the patch changes fails here, naming the hunk."""
    files = patched_files()
    assert files == [
        "torch/__init__.py",
        "torch/_logging/__init__.py",
        "torch/_logging/_internal.py",
        "torch/export/__init__.py",
    ]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(installed_torch().parent / name, tmp_path / name)
    result = git_apply(tmp_path, "--check", "--verbose")
    assert result.returncode == 0, (
        f"contrib/torch/register_log.patch no longer applies to the torch at {installed_torch()}:"
        f"\n{result.stderr}"
    )


def test_the_torch_style_tests_pass_on_patched_torch(
    runs: dict[str, subprocess.Popen[str]],
) -> None:
    out = output_of(runs["patched"])
    assert runs["patched"].returncode == 0, out
    declared = len(re.findall(r"^    def test_", TORCH_TESTS.read_text(encoding="utf-8"), re.M))
    assert re.search(rf"^Ran {declared} tests? in ", out, re.MULTILINE), out
    assert re.search(r"^OK$", out, re.MULTILINE), out


def test_the_behaviour_tests_fail_on_unpatched_torch(
    runs: dict[str, subprocess.Popen[str]],
) -> None:
    out = output_of(runs["unpatched"])
    assert runs["unpatched"].returncode != 0, out
    for name in MUST_FAIL_UNPATCHED:
        assert re.search(rf"^{name} \(.*\) \.\.\. (FAIL|ERROR)$", out, re.MULTILINE), out


def test_the_runtime_uses_the_patched_torch_for_a_name_torch_kept_waiting(overlay: Path) -> None:
    """With the patch, `TORCH_LOGS=+xnnpack` and no entry point (autoload off: Buck's case) no
    longer fails inside `import torch`; registering the names later (what the hook does)
    goes through torch's public `register_log`, which applies the waiting level to the
    component's loggers."""
    script = (
        "import logging, torch, torch._logging\n"
        "from et_log_runtime.state import STATE\n"
        "STATE.register()\n"
        "print(logging.getLogger('executorch.backends.xnnpack').level)\n"
        "torch._logging.check_logs()\n"
    )
    env = {key: value for key, value in os.environ.items() if key != "PYTEST_CURRENT_TEST"}
    env |= {"TORCH_LOGS": "+xnnpack", "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    path = [str(overlay), str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]
    env["PYTHONPATH"] = os.pathsep.join(path)
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(logging.DEBUG)], done.stdout + done.stderr
