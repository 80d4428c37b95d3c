"""The walkthrough of docs/MIGRATION.md as runnable steps, and the checkout and stubs it runs in.

``walkthrough_blocks`` extracts the ``bash`` blocks that follow a ``<!-- walkthrough -->`` line in
the doc. ``substitute`` makes the only changes the test allows, for what needs the network or a
forge (``SUBSTITUTIONS`` lists them); everything else runs as written, and installs only what the
doc says: no package of this test's own environment is visible to the walk.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from harness.wheel_env import copy_project_sources

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "MIGRATION.md"
SAMPLE = REPO / "sample_tree" / "executorch"
OWN_CONFIG = REPO / "tests" / "data" / "executorch_config"
MARKER = "<!-- walkthrough -->"
CLONE_URL = "https://github.com/pytorch/executorch.git"
# The install line's requirement: et-log from its repository at the commit of main the docs pin.
INSTALL_SPEC = re.compile(r'"et-log\[vendor\] @ git\+<et-log repository URL>@[0-9a-f]{40}"')
BRANCH = "et-log-logging"
# Without ET_LOG_EXECUTORCH_SRC: the sample tree, with these stand-ins for ExecuTorch's files.
SAMPLE_CONFIG = {
    ".flake8": "flake8.ini",
    "pyproject.toml": "pyproject.toml",
    ".mypy.ini": "mypy.ini",
}
SAMPLE_GITIGNORE = ".mypy_cache/\n__pycache__/\n"  # the two lines of ExecuTorch's that matter here

SUBSTITUTIONS = {
    "git clone of GitHub": (
        "a local clone of ExecuTorch's whole tree (a bare clone of ET_LOG_EXECUTORCH_SRC when it "
        "is a git checkout, else a copy of it or of the sample tree, committed)"
    ),
    "et-log's repository URL and pinned commit": (
        "the wheel of a copy of this checkout, as a file URL in the same requirement "
        '("et-log[vendor] @ file://…"): pip installs it and its [vendor] dependencies for real; '
        "tests/test_doc_pins.py keeps the pinned commit equal to what this checkout installs"
    ),
    "gh pr create": "a stub `gh` on PATH that checks its arguments and the body file",
    "flake8, ufmt, mypy (lintrunner init)": (
        "ExecuTorch's lint pins alone (executorch_gates.LINT_PINS) from a cached venv, on PATH; "
        "mypy sees the packages of the e2e wheel's venv (torch, as in ExecuTorch's development "
        "environment, where lintrunner's mypy runs)"
    ),
    "python3": "this test's interpreter on PATH (a Python et-log supports)",
}

GH_STUB = """#!{python}
import pathlib, subprocess, sys
args = sys.argv[1:]
if len(args) != 6 or args[:2] != ["pr", "create"] or args[2] != "--title" or args[4] != "--body-file":
    sys.exit(f"gh stub: unexpected arguments {{args!r}}")
title, body = args[3], pathlib.Path(args[5])
if not body.is_file():
    sys.exit(f"gh stub: no body file {{body}}")
first = body.read_text(encoding="utf-8").splitlines()[0]
if first != "# " + title:
    sys.exit(f"gh stub: the title {{title!r}} is not the body's first line {{first!r}}")
branch = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], capture_output=True,
                        text=True, check=True).stdout.strip()
pathlib.Path({log!r}).write_text(f"{{branch}}\\n{{title}}\\n{{body.resolve()}}\\n", encoding="utf-8")
print("https://forge.invalid/pytorch/executorch/pull/1")
"""


@dataclass(frozen=True)
class Walk:
    """Where the walk runs: ``work`` is the clone's parent, ``origin`` the repository cloned."""

    work: Path
    origin: Path
    stubs: Path
    gh_log: Path
    env: dict[str, str]


def walkthrough_blocks(doc: Path = DOC) -> list[str]:
    """The ``bash`` blocks marked with ``<!-- walkthrough -->``, dedented, in document order."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    blocks: list[str] = []
    for number, line in enumerate(lines):
        if line.strip() != MARKER:
            continue
        fence = lines[number + 1].strip() if number + 1 < len(lines) else ""
        if fence != "```bash":
            raise ValueError(
                f"{doc}:{number + 2}: a walkthrough marker must precede a ```bash block"
            )
        end = next((i for i in range(number + 2, len(lines)) if lines[i].strip() == "```"), None)
        if end is None:
            raise ValueError(f"{doc}:{number + 2}: the walkthrough block is not closed")
        blocks.append(textwrap.dedent("\n".join(lines[number + 2 : end])) + "\n")
    return blocks


def substitute(block: str, walk: Walk, wheel: Path) -> str:
    """The block with the network and forge steps replaced (see ``SUBSTITUTIONS``)."""
    block = block.replace(f"git clone {CLONE_URL}", f"git clone {walk.origin}")
    return INSTALL_SPEC.sub(f'"et-log[vendor] @ {wheel.as_uri()}"', block)


def make_origin(destination: Path, upstream: Path | None) -> Path:
    """ExecuTorch's repository to clone: the real tree whole (``src/`` and all), or the sample."""
    if upstream is not None and (upstream / ".git").exists():
        destination.parent.mkdir(parents=True)
        git(destination.parent, "clone", "-q", "--bare", str(upstream), str(destination))
        return destination
    destination.mkdir(parents=True)
    if upstream is not None:
        ignore = shutil.ignore_patterns(".git")
        shutil.copytree(upstream, destination, symlinks=True, ignore=ignore, dirs_exist_ok=True)
    else:
        shutil.copytree(SAMPLE, destination, dirs_exist_ok=True)
        for name, ours in SAMPLE_CONFIG.items():
            shutil.copy2(OWN_CONFIG / ours, destination / name)
        (destination / ".gitignore").write_text(SAMPLE_GITIGNORE, encoding="utf-8")
        mirror = destination / "src" / "executorch"  # ExecuTorch's packaging: src/executorch/*
        mirror.mkdir(parents=True)
        for folder in ("exir", "backends", "extension", "devtools"):  # the command names them
            (destination / folder).mkdir(exist_ok=True)
            (destination / folder / "__init__.py").touch()
            (mirror / folder).symlink_to(f"../../{folder}")
    git(destination, "init", "-q", "-b", "main")
    git(destination, "add", "-A")
    git(destination, "commit", "-q", "-m", "ExecuTorch main")
    return destination


def make_walk(tmp: Path, gates_python: Path, upstream: Path | None, dev_python: Path) -> Walk:
    """The origin repository, the empty work folder, and the stubs on PATH (`gates_python`: the
    interpreter of a venv holding ExecuTorch's lint pins; `dev_python`: one with torch, whose
    packages mypy sees)."""
    origin = make_origin(tmp / "origin" / "executorch.git", upstream)
    work, stubs = tmp / "work", tmp / "bin"
    work.mkdir()
    stubs.mkdir()
    gh_log = tmp / "gh.log"
    gh = stubs / "gh"
    gh.write_text(GH_STUB.format(python=sys.executable, log=str(gh_log)), encoding="utf-8")
    gh.chmod(0o755)
    for tool in ("flake8", "ufmt"):  # what step 5 takes from `lintrunner init`
        (stubs / tool).symlink_to(gates_python.parent / tool)
    mypy = stubs / "mypy"
    mypy.write_text(
        f'#!/bin/sh\nexec "{gates_python.parent / "mypy"}" --python-executable="{dev_python}" "$@"\n',
        encoding="utf-8",
    )
    mypy.chmod(0o755)
    (stubs / "python3").symlink_to(sys.executable)
    return Walk(work, origin, stubs, gh_log, walk_env(stubs))


def walk_env(stubs: Path | None = None) -> dict[str, str]:
    """This process's environment with the stubs first on PATH and a git identity."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    if stubs is not None:
        env["PATH"] = f"{stubs}{os.pathsep}{env.get('PATH', '')}"
    for role in ("AUTHOR", "COMMITTER"):
        env[f"GIT_{role}_NAME"] = "ExecuTorch Maintainer"
        env[f"GIT_{role}_EMAIL"] = "maintainer@example.invalid"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def run_block(
    block: str, cwd: Path, env: dict[str, str]
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run one block with ``bash -e`` from ``cwd``; return the result and the folder it ended in."""
    marker = "__WALK_CWD__="
    script = f"set -e\n{block}\necho {marker}$PWD\n"
    result = subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    ends = [line[len(marker) :] for line in result.stdout.splitlines() if line.startswith(marker)]
    return result, Path(ends[-1]) if ends else cwd


def git(root: Path, *args: str) -> str:
    env = walk_env()
    result = subprocess.run(
        ["git", *args], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    return result.stdout


def project_wheel(tmp: Path) -> Path:
    """et-log's wheel, built from a copy of its sources (no build debris in this checkout)."""
    source = tmp / "et-log-src"
    source.mkdir(parents=True)
    copy_project_sources(REPO, source)
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "-w", str(tmp / "wheels"), str(source)], check=True)
    return next((tmp / "wheels").glob("et_log-*.whl"))
