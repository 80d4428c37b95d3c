"""ExecuTorch's own lint gates (FLAKE8, UFMT, MYPY, LICENSELINT) at ExecuTorch's pins, in a cached venv.

ExecuTorch's ``.lintrunner.toml`` runs flake8 with its plugins, ufmt (black + usort) and mypy, pinned
in its ``requirements-lintrunner.txt``. The pins below are those of ExecuTorch main at cff6f4dd32;
update them together with that file. The tools read the target's own configuration (``.flake8``,
``pyproject.toml`` ``[tool.black]``/``[tool.usort]``, ``.mypy.ini``) because they run from its root.

Run directly (``python tests/e2e/harness/executorch_gates.py``) to build or refresh the environment and print
its interpreter path.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
from harness.wheel_env import Log, WheelEnvError, _locked, _run_pip, _venv_python, cache_root

# The Python tools of ExecuTorch's requirements-lintrunner.txt (its clang-format, cmake, bandit,
# docformatter, ruff and cppcheck lines lint nothing this project writes).
LINT_PINS = (
    "flake8==6.1.0",
    "flake8-breakpoint==1.1.0",
    "flake8-bugbear==24.4.26",
    "flake8-comprehensions==3.14.0",
    "flake8-pyi==23.5.0",
    "mccabe==0.7.0",
    "pycodestyle==2.11.1",
    "torchfix==0.6.0",
    "black==24.4.2",
    "ufmt==2.8.0",
    "usort==1.0.8.post1",
    "mypy==1.14.1",
)
GATES_REQUIREMENTS = (
    *LINT_PINS,
    # Not a lint pin: ExecuTorch's MYPY runs in its dev environment, which has pytest (a vendored
    # test may import it); mypy here sees the same packages.
    "pytest<9.0",  # as ExecuTorch's requirements-dev.txt
)
# LICENSELINT: a grep for this text; contributed code must carry ExecuTorch's BSD header instead.
LICENSE_FORBIDDEN = "Confidential and proprietary"
LICENSE_HEADER_LINE = "This source code is licensed under the BSD-style license"


def gates_env_dir(requirements: Sequence[str] = GATES_REQUIREMENTS) -> Path:
    digest = hashlib.sha256(" ".join(requirements).encode() + sys.version.encode())
    return (
        cache_root()
        / f"gates-py{sys.version_info.major}{sys.version_info.minor}-{digest.hexdigest()[:10]}"
    )


def ensure_gates_env(log: Log = print, requirements: Sequence[str] = GATES_REQUIREMENTS) -> Path:
    """The interpreter of a venv holding ExecuTorch's lint tools at its pins (built once, cached);
    `requirements` LINT_PINS: the lint pins alone, as `lintrunner init` installs them."""
    target = gates_env_dir(requirements)
    python = _venv_python(target / "venv")
    with _locked(cache_root()):
        if (target / "complete").is_file() and python.is_file():
            return python
        result = subprocess.run(
            [sys.executable, "-m", "venv", str(target / "venv")], capture_output=True, text=True
        )
        if result.returncode != 0:
            raise WheelEnvError(f"python -m venv failed: {result.stderr.strip()}")
        _run_pip(python, ["install", *requirements], "install ExecuTorch's lint tools", log)
        (target / "complete").write_text("\n".join(requirements) + "\n")
    return python


def _tool(python: Path, root: Path, args: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(python), "-m", *args], cwd=root, capture_output=True, text=True, check=False
    )


def flake8(python: Path, root: Path, files: Sequence[str]) -> list[str]:
    """flake8 findings ``path:line:col: CODE message`` under the target's ``.flake8`` (run from ``root``)."""
    if not files:
        return []
    result = _tool(python, root, ["flake8", *files])
    if result.returncode not in (0, 1) or result.stderr.strip():
        raise RuntimeError(f"flake8 failed (exit {result.returncode}):\n{result.stderr[-3000:]}")
    return [line for line in result.stdout.splitlines() if line.strip()]


def ufmt_unformatted(python: Path, root: Path, files: Sequence[str]) -> list[str]:
    """Files ufmt (black + usort with the target's ``pyproject.toml``) would reformat."""
    if not files:
        return []
    result = _tool(python, root, ["ufmt", "check", *files])
    if result.returncode not in (0, 1):
        raise RuntimeError(f"ufmt failed (exit {result.returncode}):\n{result.stderr[-3000:]}")
    pattern = re.compile(r"^Would format (.+)$")
    found = [
        m.group(1) for line in result.stderr.splitlines() if (m := pattern.match(line.strip()))
    ]
    if result.returncode == 1 and not found:
        raise RuntimeError(f"ufmt exited 1 without naming a file:\n{result.stderr[-3000:]}")
    return sorted(str(Path(name).resolve().relative_to(root.resolve())) for name in found)


def mypy(
    python: Path,
    root: Path,
    files: Sequence[str],
    config: str = ".mypy.ini",
    packages_of: Path | None = None,
) -> list[str]:
    """mypy errors as lintrunner's MYPY runs it (``--config .mypy.ini --explicit-package-bases``);
    with ``packages_of`` (an interpreter), the packages it sees are that interpreter's, as
    ExecuTorch's MYPY sees its development environment's (torch among them)."""
    if not files:
        return []
    args = ["mypy", f"--config-file={config}", "--explicit-package-bases", *files]
    if packages_of is not None:
        args.insert(1, f"--python-executable={packages_of}")
    result = _tool(python, root, args)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"mypy failed (exit {result.returncode}):\n{result.stderr[-3000:]}")
    return [line for line in result.stdout.splitlines() if ": error:" in line]


def license_problems(root: Path, files: Sequence[str]) -> list[str]:
    """Files LICENSELINT rejects, and files without ExecuTorch's BSD header."""
    problems = []
    for name in files:
        text = (root / name).read_text(encoding="utf-8")
        if LICENSE_FORBIDDEN in text:
            problems.append(f"{name}: contains {LICENSE_FORBIDDEN!r}")
        if LICENSE_HEADER_LINE not in text[:1000]:
            problems.append(f"{name}: no BSD license header")
    return problems


if __name__ == "__main__":
    print(ensure_gates_env())
