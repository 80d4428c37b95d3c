"""The commit the docs pin et-log at, kept equal to what installing et-log runs.

    .venv/bin/python scripts/update_pins.py           # rewrite every pin, print what changed
    .venv/bin/python scripts/update_pins.py --check   # exit 1 and say why if a pin is stale

et-log has no tags or releases, so the docs (pre-commit's `rev:`, pip's and lintrunner's
`et-log @ git+<url>@<commit>` lines) pin a commit of main by its full hash. The pin is the last
commit that changed the hook's inputs (`HOOK_INPUTS`: the packages an install of et-log puts on
the path and the files that declare how it installs and runs). A commit cannot name its own hash,
so a change to those inputs is followed by a docs-only commit made with this script: docs-only
commits change no input, so the pin stays right after them. `tests/test_doc_pins.py` runs the
check on this repository's history (and on made-up histories that show it failing).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What an install of et-log runs: the packages (pyproject's packages.find), how it is built and
# its entry points (pyproject.toml), the pre-commit hook's definition, and the lintrunner adapter
# (`--format=lintrunner`, in lint_rules/). README.md is only the package's description.
HOOK_INPUTS = (
    "lint_rules",
    "codemods",
    "et_log_runtime",
    "pyproject.toml",
    ".pre-commit-hooks.yaml",
)
# The files that pin it: every Markdown file of the docs, and the README.
PINNED_FILES = ("README.md", "docs/*.md")
# `rev: <hash>` (pre-commit) and `git+<url>@<hash>` (pip, lintrunner's requirement).
PIN = re.compile(r"(?P<lead>\brev:[ \t]*|git\+[^\"'\n]*?@)(?P<commit>[0-9a-f]{7,40})\b")
FULL_HASH = 40


class HistoryMissing(Exception):
    """The clone is shallow and lacks a pinned commit: the check cannot be made here."""


@dataclass(frozen=True)
class Pin:
    path: str  # relative to the repository's top
    line: int
    commit: str

    def where(self) -> str:
        return f"{self.path}:{self.line}"


def git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=check)


def find_pins(root: Path) -> list[Pin]:
    """Every pin in the docs, in file and line order."""
    pins = []
    files = sorted({path for pattern in PINNED_FILES for path in root.glob(pattern)})
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            rel = path.relative_to(root).as_posix()
            pins += [Pin(rel, number, m["commit"]) for m in PIN.finditer(line)]
    return pins


def last_input_commit(root: Path, revision: str = "HEAD") -> str:
    """The newest commit reachable from `revision` that changed a hook input."""
    done = git(root, "log", "-1", "--format=%H", revision, "--", *HOOK_INPUTS)
    commit = done.stdout.strip()
    if not commit:
        raise ValueError(f"no commit of {revision} changed {', '.join(HOOK_INPUTS)}")
    return commit


def _is_shallow(root: Path) -> bool:
    return git(root, "rev-parse", "--is-shallow-repository").stdout.strip() == "true"


def problems(root: Path, revision: str = "HEAD") -> list[str]:
    """Why each stale pin is wrong; empty when every pin is the last commit that changed a hook
    input. Raises HistoryMissing in a shallow clone that lacks a pinned commit."""
    found = []
    for pin in find_pins(root):
        if len(pin.commit) != FULL_HASH:
            found.append(f"{pin.where()}: {pin.commit} is not a full commit hash")
            continue
        known = git(root, "cat-file", "-e", f"{pin.commit}^{{commit}}", check=False)
        if known.returncode != 0:
            if _is_shallow(root):
                raise HistoryMissing(f"{pin.where()}: {pin.commit} is not in this shallow clone")
            found.append(f"{pin.where()}: {pin.commit} is not a commit of this repository")
            continue
        ancestor = git(root, "merge-base", "--is-ancestor", pin.commit, revision, check=False)
        if ancestor.returncode != 0:
            found.append(f"{pin.where()}: {pin.commit} is not in the history of {revision}")
            continue
        later = git(root, "log", "--format=%h %s", f"{pin.commit}..{revision}", "--", *HOOK_INPUTS)
        changes = later.stdout.splitlines()
        if changes:
            found.append(
                f"{pin.where()}: pins {pin.commit[:12]}, but {len(changes)} later commit(s) "
                f"changed what the hook runs (newest: {changes[0]})"
            )
    return found


def uncommitted_inputs(root: Path) -> list[str]:
    """Hook inputs with changes not committed yet (a pin cannot cover them)."""
    done = git(root, "status", "--porcelain", "--", *HOOK_INPUTS)
    return [line[3:] for line in done.stdout.splitlines()]


def rewrite_pins(root: Path, commit: str) -> list[Pin]:
    """Point every pin at `commit`; returns the pins that changed."""
    changed = [pin for pin in find_pins(root) if pin.commit != commit]
    for rel in sorted({pin.path for pin in changed}):
        path = root / rel
        text = path.read_text(encoding="utf-8")
        path.write_text(PIN.sub(lambda m: m["lead"] + commit, text), encoding="utf-8")
    return changed


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None, allow_abbrev=False
    )
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    if args.check:
        found = problems(root)
        for problem in found:
            print(problem, file=sys.stderr)
        if found:
            print("run scripts/update_pins.py and commit the docs", file=sys.stderr)
        return 1 if found else 0
    pending = uncommitted_inputs(root)
    if pending:
        print(f"commit these first, then pin: {', '.join(pending)}", file=sys.stderr)
        return 1
    commit = last_input_commit(root)
    changed = rewrite_pins(root, commit)
    for pin in changed:
        print(f"{pin.where()}: {pin.commit[:12]} -> {commit[:12]}")
    if not find_pins(root):
        print("no pins found in " + ", ".join(PINNED_FILES), file=sys.stderr)
        return 1
    print(f"every pin is {commit} ({len(changed)} changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
