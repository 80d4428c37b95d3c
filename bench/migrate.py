"""Benchmark `python -m codemods.migrate` on ExecuTorch's real tree (exir/ + backends/).

Goals (docs/BENCHMARKS.md, section bench:migrate): the whole tree in <= 5 s wall on the 2-core
machine, and >= 15x faster than libcst's own driver running a command that does nothing
(`python -m libcst.tool codemod -j2 --no-format noop.NOOPCommand`) on the same tree, same run.
Every timed run works on a fresh copy of the tree (the migration writes). It also checks the
result (every changed file compiles, a second run changes nothing) and writes those facts and the
review list per backend into docs/codemod.md (section real-tree).

    python bench/migrate.py [--tree /work/et-tree] [--repeat 3] [--skip-anchor]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from et_log_docs.sections import write_section

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
SUBDIRS = ("exir", "backends")


def fresh_copy(tree: Path, into: Path) -> Path:
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    for name in SUBDIRS:
        shutil.copytree(tree / name, into / name, symlinks=True)
    if (tree / "pyproject.toml").exists():
        shutil.copy2(tree / "pyproject.toml", into / "pyproject.toml")
    return into


def timed(cmd: list[str], cwd: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, proc


def migrate_cmd(*extra: str) -> list[str]:
    return [PYTHON, "-m", "codemods.migrate", *SUBDIRS, "--jobs", "2", "--quiet", *extra]


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*.py") if p.is_file()}


def check_result(tree: Path, work: Path) -> dict[str, object]:
    """Migrate a fresh copy with a JSON report; verify compile + idempotence."""
    root = fresh_copy(tree, work)
    before = snapshot(root)
    report = work.parent / "report.json"
    _, proc = timed(migrate_cmd("--report", str(report)), root)
    after = snapshot(root)
    changed = sorted(p for p in before if after.get(p) != before[p])
    broken = []
    for rel in changed:
        try:
            compile(after[rel], rel, "exec", dont_inherit=True)
        except SyntaxError as exc:
            broken.append(f"{rel}: {exc}")
    _, second = timed(migrate_cmd("--check"), root)
    data = json.loads(report.read_text())
    _, lint = timed([PYTHON, "-m", "lint_rules", *SUBDIRS, "--format", "json"], root)
    findings = json.loads(lint.stdout)["findings"]
    lint_sites = sorted((f["path"], f["code"]) for f in findings)
    review_sites = sorted((r["path"], r["code"]) for r in data["review"])
    return {
        "exit": proc.returncode,
        "changed": len(changed),
        "broken": broken,
        "second_run_exit": second.returncode,
        "second_run_changed": len(snapshot(root)) != len(after) or snapshot(root) != after,
        "report": data,
        "lint_after": len(findings),
        "lint_fixable_after": sum(1 for f in findings if f.get("fixable")),
        "lint_matches_review": lint_sites == review_sites,
    }


def real_tree_section(facts: dict[str, object], tree: Path) -> str:
    data = facts["report"]  # type: ignore[assignment]
    totals = data["totals"]  # type: ignore[index]
    lines = [
        f"Measured by `python bench/migrate.py` on `{tree}` (exir/ + backends/, a copy).",
        "",
        f"- files scanned: {totals['files_scanned']}; changed: {facts['changed']}; "
        f"failed: {totals['files_failed']}; sites rewritten: {totals['sites_rewritten']}; "
        f"left for review: {totals['sites_for_review']}",
        f"- every changed file compiles: {'yes' if not facts['broken'] else facts['broken']}",
        f"- second run: `--check` exit {facts['second_run_exit']}, "
        f"files changed: {'some' if facts['second_run_changed'] else 'none'}",
        f"- the lint on the migrated tree: {facts['lint_after']} findings, "
        f"{facts['lint_fixable_after']} fixable; same files and codes as the review list: "
        f"{'yes' if facts['lint_matches_review'] else 'NO'}",
        "",
        "| component | files changed | rewritten | review |",
        "|---|---:|---:|---:|",
    ]
    for name, row in data["components"].items():  # type: ignore[index]
        rewritten, review = sum(row["rewritten"].values()), sum(row["review"].values())
        if rewritten or review:
            lines.append(f"| {name} | {row['files_changed']} | {rewritten} | {review} |")
    lines += ["", "| code | rewritten | review |", "|---|---:|---:|"]
    for code, counts in data["codes"].items():  # type: ignore[index]
        lines.append(f"| {code} | {counts['rewritten']} | {counts['review']} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default="/work/et-tree", help="ExecuTorch checkout")
    parser.add_argument("--repeat", type=int, default=3, help="timed migration runs")
    parser.add_argument("--skip-anchor", action="store_true", help="skip the ~100 s libcst run")
    parser.add_argument("--no-write", action="store_true", help="print, do not update docs")
    parser.add_argument(
        "--facts-only", action="store_true", help="only the real-tree facts (docs/codemod.md)"
    )
    args = parser.parse_args()
    tree = Path(args.tree)
    if not all((tree / d).is_dir() for d in SUBDIRS):
        parser.error(f"{tree} has no exir/ and backends/")
    if args.facts_only:
        with tempfile.TemporaryDirectory(prefix="et-log-bench-") as tmp:
            facts = check_result(tree, Path(tmp) / "tree")
        section = real_tree_section(facts, tree)
        print(section)
        if not args.no_write:
            write_section(REPO / "docs" / "codemod.md", "real-tree", section, append="")
        return 0 if not facts["broken"] and facts["lint_matches_review"] else 1
    env_note = f"Python {platform.python_version()}, {os.cpu_count()} CPUs"
    with tempfile.TemporaryDirectory(prefix="et-log-bench-") as tmp:
        work = Path(tmp) / "tree"
        runs = []
        for _ in range(args.repeat):
            root = fresh_copy(tree, work)
            seconds, proc = timed(migrate_cmd(), root)
            if proc.returncode != 0:
                print(proc.stdout, proc.stderr, file=sys.stderr)
                return 1
            runs.append(seconds)
            print(f"codemods.migrate: {seconds:.2f} s")
        check = fresh_copy(tree, work)
        check_seconds, _ = timed(migrate_cmd("--check"), check)
        print(f"codemods.migrate --check: {check_seconds:.2f} s")
        anchor = None
        if not args.skip_anchor:
            root = fresh_copy(tree, work)
            anchor, proc = timed(
                [PYTHON, "-m", "libcst.tool", "codemod", "-j2", "--no-format"]
                + ["noop.NOOPCommand", *SUBDIRS],
                root,
            )
            print(f"libcst noop anchor: {anchor:.2f} s (exit {proc.returncode})")
        facts = check_result(tree, work)
    best, median = min(runs), statistics.median(runs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    env_note += f", 1-min load average at the end {load:.1f} (the machine is shared)"
    # The files the migration looks at (excludes such as third-party/ applied), as it reports.
    files = facts["report"]["totals"]["files_scanned"]  # type: ignore[index]
    lines = [
        f"Whole ExecuTorch tree (exir/ + backends/, {files} files scanned), `--jobs 2`, wall time "
        f"including interpreter start, fresh copy per run ({env_note}).",
        "",
        "| what | wall time | goal |",
        "|---|---:|---|",
        f"| `python -m codemods.migrate exir backends -j2` (median of {len(runs)}) | "
        f"{median:.2f} s (best {best:.2f} s) | <= 5 s: {'met' if median <= 5 else 'NOT met'} |",
        f"| same, `--check` (writes nothing) | {check_seconds:.2f} s | |",
    ]
    if anchor is not None:
        ratio = anchor / median
        lines.append(
            f"| anchor: `python -m libcst.tool codemod -j2 --no-format noop.NOOPCommand` | "
            f"{anchor:.1f} s | |"
        )
        lines += [
            "",
            f"Speed-up over the anchor: **{ratio:.1f}x** (goal >= 15x: "
            f"{'met' if ratio >= 15 else 'NOT met'}).",
        ]
    else:
        lines += ["", "(anchor skipped with --skip-anchor: ratio not measured in this run)"]
    lines += [
        "",
        f"Result checks in the same run: {facts['changed']} files changed, "
        f"{len(facts['broken'])} do not compile, second run exit {facts['second_run_exit']}.",
    ]
    body = "\n".join(lines)
    print(body)
    if not args.no_write:
        write_section(REPO / "docs" / "BENCHMARKS.md", "bench:migrate", body, append="")
        write_section(
            REPO / "docs" / "codemod.md", "real-tree", real_tree_section(facts, tree), append=""
        )
    ok = median <= 5 and (anchor is None or anchor / median >= 15) and not facts["broken"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
