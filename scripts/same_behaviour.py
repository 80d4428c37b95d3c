"""Check that a refactor of et-log changes nothing it produces on a real ExecuTorch checkout.

    .venv/bin/python scripts/same_behaviour.py BASE [HEAD] [--tree /work/et-tree]

Exports et-log at two commits (`git archive`, so uncommitted changes never count), then, for
each, on its own copy of the tree's exir/, backends/, extension/ and devtools/: the lint's JSON
findings (`python -m lint_rules --format json`), then the migration with the runtime vendored and
a JSON report (`python -m codemods.migrate --vendor --report`). Exit 0 when the findings, the
reports and every byte of the migrated trees are the same; else 1, listing what differs.
"""

from __future__ import annotations

import argparse
import filecmp
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FOLDERS = ("exir", "backends", "extension", "devtools")


def export(revision: str, into: Path) -> str:
    """et-log's files at `revision`, unpacked into `into`; returns the full commit hash."""
    commit = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--verify", f"{revision}^{{commit}}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", commit],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return commit


def run_side(code: Path, tree: Path, work: Path) -> tuple[Path, float]:
    """Lint and migrate a copy of `tree` with the et-log in `code`; returns the copy and seconds."""
    copy = work / "tree"
    folders = [name for name in FOLDERS if (tree / name).is_dir()]
    for name in folders:
        shutil.copytree(tree / name, copy / name, symlinks=True)
    if (tree / "pyproject.toml").is_file():
        shutil.copy2(tree / "pyproject.toml", copy / "pyproject.toml")
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    lint = subprocess.run(
        [sys.executable, "-m", "lint_rules", "--format", "json", *folders],
        cwd=copy,
        env=env,
        capture_output=True,
    )
    if lint.returncode not in (0, 1):
        raise SystemExit(f"lint with {code} exited {lint.returncode}:\n{lint.stderr.decode()}")
    (work / "lint.json").write_bytes(lint.stdout)
    migrate = subprocess.run(
        [sys.executable, "-m", "codemods.migrate", "--vendor", "--quiet", *folders]
        + ["--report", "../report.json"],  # relative: the command line in both reports is the same
        cwd=copy,
        env=env,
        capture_output=True,
    )
    if migrate.returncode != 0:
        raise SystemExit(
            f"migrate with {code} exited {migrate.returncode}:\n{migrate.stderr.decode()}"
        )
    return copy, time.perf_counter() - start


def tree_differences(left: Path, right: Path) -> tuple[int, list[str]]:
    """(files compared, relative paths that differ or stand on one side only)."""
    compared, differ = 0, []
    for folder in sorted({*os.listdir(left), *os.listdir(right)}):
        stack = [filecmp.dircmp(left / folder, right / folder)] if (left / folder).is_dir() else []
        if not stack and not filecmp.cmp(left / folder, right / folder, shallow=False):
            differ.append(folder)
        while stack:
            here = stack.pop()
            base = Path(here.left).relative_to(left)
            differ += [str(base / name) for name in here.left_only + here.right_only]
            for name in here.common_files:
                compared += 1
                if not filecmp.cmp(Path(here.left, name), Path(here.right, name), shallow=False):
                    differ.append(str(base / name))
            stack += here.subdirs.values()
    return compared, sorted(differ)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the commit before the refactor")
    parser.add_argument("head", nargs="?", default="HEAD", help="the commit after (default HEAD)")
    parser.add_argument(
        "--tree", type=Path, default=Path("/work/et-tree"), help="ExecuTorch checkout"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="et-log-same-") as tmp:
        sides = {}
        for side, revision in (("base", args.base), ("head", args.head)):
            work = Path(tmp, side)
            code = work / "et-log"
            commit = export(revision, code)
            copy, seconds = run_side(code, args.tree.resolve(), work)
            sides[side] = (work, copy)
            print(f"{side}: et-log {commit[:10]}, lint + migrate in {seconds:.1f} s")
        (base, base_copy), (head, head_copy) = sides["base"], sides["head"]
        problems = []
        for name in ("lint.json", "report.json"):
            if (base / name).read_bytes() != (head / name).read_bytes():
                problems.append(name)
        compared, differ = tree_differences(base_copy, head_copy)
        findings = (base / "lint.json").read_text().count('"code":')
        print(f"lint findings: {findings}; files compared after migrating: {compared}")
        for item in problems + differ:
            print(f"differs: {item}")
        print("same behaviour" if not (problems or differ) else "BEHAVIOUR CHANGED")
        return 1 if problems or differ else 0


if __name__ == "__main__":
    sys.exit(main())
