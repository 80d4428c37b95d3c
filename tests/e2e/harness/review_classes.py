"""Read the migration of a real ExecuTorch tree as issue 21's reviewer did: per class of change a
maintainer refused, the hunks of the diff that still show it.

    .venv/bin/python tests/e2e/harness/review_classes.py /work/et-tree [--migrated DIR] [--list]

Copies the documented folders to a temporary directory and migrates the copy (or, with
`--migrated`, reads a copy migrated already, e.g. by an older et-log), diffs each changed file
(hunks of three lines of context, as `git diff` cuts them) and checks each hunk with its own
reading of the code, independent of the rules' (so a rule that is wrong does not vouch for
itself). The classes it checks (the others need a person: recipes, the report, patch order):

1 warnings: a `warnings.warn` not kept as `warn(<logger>, <the same arguments>)`, or an API
  signal (deprecation, future, experimental category) touched at all
3 requested output: a print or log call in a function named for printing, under a
  verbose/debug flag or telling where a result was written, rewritten; `set_logs` added
4 level gates: a comparison with a logger's `.level` (or the root's effective level) in a
  changed file
5 levels: a print saying deprecated/skipped/not supported/incompatible/failed/fall back that
  became an INFO or DEBUG call
6 content: a value printed before and missing after; a level word repeated inside a message; a
  doubled space where `print` put its separator after a literal ending in a space
7 tidiness: two module loggers; `get_logger(__name__)` called inline where the module has one; an
  import or constant used before and unused after; `logger = ...` before the end of the
  imports when nothing at import time needs it there
8 half-migrations: a migrated logger the module still gives a handler of its own or stops from
  propagating; `set_logs` called by migrated code
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
from harness.review_files import file_checks  # noqa: E402
from harness.review_hunks import Hunk, check_hunks, hunks  # noqa: E402
from harness.wheel_env import MIGRATED_FOLDERS  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
CLASSES = ("1", "3", "4", "5", "6", "7", "8")


def check_file(path: str, old_text: str, new_text: str) -> list[Hunk]:
    """The hunks of one changed file that show a class, with why ([] for an unchanged one)."""
    if old_text == new_text:
        return []
    old, new, found = check_hunks(path, old_text, new_text)
    file_checks(path, old, new, found)
    return [h for h in found if h.classes]


def migrate_copy(tree: Path, into: Path) -> Path:
    for name in MIGRATED_FOLDERS:
        if (tree / name).is_dir():
            shutil.copytree(tree / name, into / name, symlinks=True)
    if (tree / "pyproject.toml").is_file():
        shutil.copy2(tree / "pyproject.toml", into / "pyproject.toml")
    folders = [n for n in MIGRATED_FOLDERS if (into / n).is_dir()]
    command = [sys.executable, "-m", "codemods.migrate", *folders, "--quiet"]
    done = subprocess.run(command, cwd=into, capture_output=True, text=True, env=_env())
    if done.returncode != 0:
        raise SystemExit(f"migrate exited {done.returncode}:\n{done.stderr[-2000:]}")
    return into


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


def review(tree: Path, migrated: Path) -> tuple[list[Hunk], int]:
    """The hunks of each class (a hunk may be in several), and how many hunks the diff has."""
    flagged: list[Hunk] = []
    total = 0
    for name in MIGRATED_FOLDERS:
        for new_path in sorted((migrated / name).rglob("*.py")):
            rel = new_path.relative_to(migrated)
            old_path = tree / rel
            if not old_path.is_file() or new_path.is_symlink():
                continue
            old_text, new_text = (
                old_path.read_text(encoding="utf-8"),
                new_path.read_text(encoding="utf-8"),
            )
            if old_text == new_text:
                continue
            total += len(hunks(str(rel), old_text, new_text))
            flagged += check_file(str(rel), old_text, new_text)
    return flagged, total


def counts(flagged: list[Hunk]) -> dict[str, int]:
    return {c: sum(1 for h in flagged if c in h.classes) for c in CLASSES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path, help="a pristine ExecuTorch checkout")
    parser.add_argument("--migrated", type=Path, help="a copy of it migrated already")
    parser.add_argument("--list", action="store_true", help="print every hunk found, with why")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="et-log-review-") as tmp:
        migrated = args.migrated or migrate_copy(args.tree, Path(tmp))
        flagged, total = review(args.tree.resolve(), migrated.resolve())
    if args.list:
        for hunk in sorted(flagged, key=lambda h: h.where):
            for cls, why in sorted(hunk.classes.items()):
                print(f"class {cls}  {hunk.where}  {why}")
    print(
        f"{total} hunks; per class: " + ", ".join(f"{c}: {n}" for c, n in counts(flagged).items())
    )


if __name__ == "__main__":
    main()
