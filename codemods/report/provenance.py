"""How a report was generated: the command line and the et-log it ran (commit or version)."""

from __future__ import annotations

import json
import shlex
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Provenance:
    """`command`: the command as a user would type it; `et_log`: e.g. `commit 1a2b3c4d5e`."""

    command: str
    et_log: str


def command_line(argv: Sequence[str]) -> str:
    return shlex.join(["python", "-m", "codemods.migrate", *argv])


def et_log_revision(root: Path = PACKAGE_ROOT) -> str:
    """`commit <hash>` of the et-log running (see `et_log_commit`); else `version <v>` of the
    installed distribution; else `unknown`."""
    commit = et_log_commit(root)
    if commit:
        return f"commit {commit}"
    version = et_log_version()
    return f"version {version}" if version else "unknown"


def et_log_commit(root: Path = PACKAGE_ROOT) -> str:
    """The commit of the et-log running: HEAD of its git checkout (with `+ local changes` when
    the work tree differs), else the commit pip recorded installing it from git (PEP 610
    `direct_url.json`), else ``""``."""
    top = _git(root, "rev-parse", "--show-toplevel")
    head = _git(root, "rev-parse", "--short=10", "HEAD") if top else ""
    if head and Path(top).resolve() == root.resolve():  # not a repository et-log is installed in
        dirty = _git(root, "status", "--porcelain", "--untracked-files=no", "--", ".")
        return head + (" + local changes" if dirty else "")
    try:
        recorded = metadata.distribution("et-log").read_text("direct_url.json")
        commit = json.loads(recorded or "{}").get("vcs_info", {}).get("commit_id", "")
    except (metadata.PackageNotFoundError, ValueError, AttributeError):
        return ""
    return str(commit)[:10]


def et_log_version() -> str:
    """The installed et-log distribution's version, or ``""``."""
    try:
        return metadata.version("et-log")
    except metadata.PackageNotFoundError:
        return ""


def _git(root: Path, *args: str) -> str:
    try:
        result = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return result.stdout.strip() if result.returncode == 0 else ""


def provenance(argv: Sequence[str]) -> Provenance:
    return Provenance(command_line(argv), et_log_revision())
