"""ExecuTorch's FLAKE8 and UFMT gates on the files the migration changes, before and after.

    .venv/bin/python tests/e2e/harness/executorch_gates_report.py /work/et-tree [--write]

Copies the library folders of an ExecuTorch checkout (``exir backends extension devtools``) and its
lint configuration to a temporary directory twice, migrates one copy
(``python -m codemods.migrate exir/ backends/ extension/ devtools/``), and runs ExecuTorch's pinned
flake8 and ufmt (``executorch_gates``) from each copy's root on every file the migration changed.
A finding is new when the migrated file has it and the pristine one does not (compared by file,
code and message: lines move when imports are added). With ``--write`` the section between
``<!-- gates -->`` and ``<!-- /gates -->`` in docs/MIGRATION.md is replaced; otherwise printed.
The checkout itself is never modified.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
from et_log_docs.sections import write_section
from harness.executorch_gates import GATES_REQUIREMENTS, ensure_gates_env, flake8, ufmt_unformatted
from harness.wheel_env import MIGRATED_FOLDERS

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "MIGRATION.md"
SECTION = "gates"  # DOC's section this script writes (et_log_docs.sections)
FOLDERS = MIGRATED_FOLDERS
# The files ExecuTorch's linters read their configuration from (whichever exist).
CONFIG_FILES = (".flake8", "pyproject.toml", ".mypy.ini", "setup.cfg")
_FLAKE8_LINE = re.compile(r"^(?P<path>[^:]+):\d+:\d+: (?P<what>.*)$")


@dataclass(frozen=True)
class GateFigures:
    """flake8 findings and ufmt verdicts on the changed files, pristine and migrated."""

    changed: tuple[str, ...]
    flake8_before: tuple[str, ...]
    flake8_after: tuple[str, ...]
    ufmt_before: tuple[str, ...]
    ufmt_after: tuple[str, ...]
    rewritten: int = 0  # sites the migration rewrote
    review: int = 0  # sites it left for review
    recipes_review: int = 0  # recipes not applied (refused, or their file not found)

    @property
    def new_flake8(self) -> list[str]:
        """Findings of the migrated files their pristine versions did not have."""
        before = Counter(_finding_key(line) for line in self.flake8_before)
        new = []
        for line in self.flake8_after:
            key = _finding_key(line)
            if before[key]:
                before[key] -= 1
            else:
                new.append(line)
        return new

    @property
    def new_ufmt(self) -> list[str]:
        """Files ufmt would reformat after the migration but not before."""
        return sorted(set(self.ufmt_after) - set(self.ufmt_before))


def _finding_key(line: str) -> tuple[str, str]:
    match = _FLAKE8_LINE.match(line)
    return (match["path"], match["what"]) if match else (line, "")


def copy_target(tree: Path, dest: Path, folders: Sequence[str] = FOLDERS) -> None:
    """The library folders and lint configuration of ``tree`` at ``dest``."""
    dest.mkdir(parents=True)
    for name in folders:
        shutil.copytree(tree / name, dest / name, symlinks=True)
    for name in CONFIG_FILES:
        if (tree / name).is_file():
            shutil.copy2(tree / name, dest / name)


def _digests(root: Path, folders: Sequence[str]) -> dict[str, str]:
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for name in folders
        for path in sorted((root / name).rglob("*.py"))
        if path.is_file() and not path.is_symlink()
    }


def migrate(
    root: Path, folders: Sequence[str], report: Path, extra: Sequence[str] = ()
) -> list[str]:
    """Run the documented migration in ``root`` (its JSON report to ``report``); the relative
    paths of the files it changed."""
    before = _digests(root, folders)
    args = [sys.executable, "-m", "codemods.migrate", "-q", *(f"{f}/" for f in folders), *extra]
    args += ["--report", str(report)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(args, cwd=root, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"migrate exited {result.returncode}:\n{result.stderr[-3000:]}")
    after = _digests(root, folders)
    return sorted(path for path, digest in after.items() if before.get(path) != digest)


def measure(
    tree: Path,
    python: Path,
    folders: Sequence[str] = FOLDERS,
    migrate_args: Sequence[str] = (),
) -> GateFigures:
    """The gates' figures for migrating ``folders`` of ``tree`` (on copies; ``python``: the gates
    venv's interpreter, from ``ensure_gates_env``)."""
    with tempfile.TemporaryDirectory(prefix="et-log-gates-") as tmp:
        pristine, migrated = Path(tmp) / "pristine", Path(tmp) / "migrated"
        copy_target(tree, pristine, folders)
        copy_target(tree, migrated, folders)
        report = Path(tmp) / "report.json"
        changed = migrate(migrated, folders, report, migrate_args)
        totals = json.loads(report.read_text(encoding="utf-8"))["totals"]
        return GateFigures(
            changed=tuple(changed),
            flake8_before=tuple(flake8(python, pristine, changed)),
            flake8_after=tuple(flake8(python, migrated, changed)),
            ufmt_before=tuple(ufmt_unformatted(python, pristine, changed)),
            ufmt_after=tuple(ufmt_unformatted(python, migrated, changed)),
            rewritten=totals["sites_rewritten"],
            review=totals["sites_for_review"],
            recipes_review=totals["recipes_for_review"],
        )


def _version(name: str) -> str:
    return next(r.split("==")[1] for r in GATES_REQUIREMENTS if r.startswith(f"{name}=="))


def render(
    figures: GateFigures, folders: Sequence[str], source: str, migrate_args: Sequence[str] = ()
) -> str:
    """The docs section: what was run and what it found."""
    new_flake8, new_ufmt = figures.new_flake8, figures.new_ufmt
    command = " ".join(["python -m codemods.migrate", *(f + "/" for f in folders), *migrate_args])
    lines = [
        f"Measured on {source} by `tests/e2e/harness/executorch_gates_report.py --write`: "
        f"`{command}` on a copy, then "
        f"ExecuTorch's pinned flake8 {_version('flake8')} (with its plugins, `.flake8`) and ufmt "
        f"{_version('ufmt')} (black {_version('black')}, usort {_version('usort')}, "
        "`pyproject.toml`) from the copy's root on every changed file, pristine and migrated.",
        "",
        "| gate | pristine | migrated | new |",
        "|---|---:|---:|---:|",
        f"| files changed by the migration | | {len(figures.changed)} | |",
        f"| sites rewritten / left for review | | {figures.rewritten} / {figures.review} | |",
        f"| recipes not applied (on the review list) | | {figures.recipes_review} | |",
        f"| flake8 findings | {len(figures.flake8_before)} | {len(figures.flake8_after)} "
        f"| {len(new_flake8)} |",
        f"| files ufmt would reformat | {len(figures.ufmt_before)} | {len(figures.ufmt_after)} "
        f"| {len(new_ufmt)} |",
    ]
    if new_flake8 or new_ufmt:
        lines += ["", "New findings:", ""]
        lines += [f"- `{line}`" for line in [*new_flake8, *new_ufmt]]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "tree", type=Path, nargs="?", default=os.environ.get("ET_LOG_EXECUTORCH_SRC")
    )
    parser.add_argument("--write", action="store_true", help="replace the section in the docs")
    parser.add_argument("--source", default="ExecuTorch main", help="how the docs name the tree")
    parser.add_argument(
        "--runtime-import", help="migrate with this runtime module (e.g. a vendored copy's)"
    )
    options = parser.parse_args()
    if options.tree is None:
        parser.error("name an ExecuTorch checkout (or set ET_LOG_EXECUTORCH_SRC)")
    extra = ["--runtime-import", options.runtime_import] if options.runtime_import else []
    figures = measure(Path(options.tree), ensure_gates_env(), FOLDERS, extra)
    body = render(figures, FOLDERS, options.source, extra)
    if options.write:
        write_section(DOC, SECTION, body, append="")
    print(body)


if __name__ == "__main__":
    main()
