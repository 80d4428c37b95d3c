"""Benchmark how lint and migrate scale with the number of sites in ONE file.

A generated module holds N two-line functions, each with one `logging.info` site (N = 1k, 6k, 60k).
Both tools run as the user runs them (`python -m lint_rules exir`, `python -m codemods.migrate exir
-j1`), fresh copy per run; wall time (median of --repeat) and the child's peak memory (from
`wait4`). Goals (docs/BENCHMARKS.md, section bench:scaling): per-site time flat, i.e.
t(60k)/t(6k) <= 12 for both tools, and the 60k-site file migrated in under 20 s.

    python bench/scaling.py [--repeat 3] [--sizes 1000,6000,60000] [--no-write]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from et_log_docs.sections import write_section

REPO = Path(__file__).resolve().parents[1]

PYTHON = sys.executable
TOOLS = {
    "lint": [PYTHON, "-m", "lint_rules", "exir"],
    "migrate": [PYTHON, "-m", "codemods.migrate", "exir", "-j1", "--quiet"],
}


def module_with_sites(count: int) -> str:
    parts = ["import logging\n"]
    parts += [f'\n\ndef f{i}(x):\n    logging.info("site {i} %s", x)\n' for i in range(count)]
    return "".join(parts)


def run(command: list[str], cwd: Path, code: Path = REPO) -> tuple[float, int, int]:
    """(wall seconds, exit status, peak RSS in MiB) of one child process running `code`."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    started = time.perf_counter()
    quiet = subprocess.DEVNULL
    child = subprocess.Popen(command, cwd=cwd, env=env, stdout=quiet, stderr=quiet)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    return seconds, child.returncode, usage.ru_maxrss // 1024


def measure(
    count: int, repeat: int, work: Path, old: Path | None = None
) -> dict[str, tuple[float, int]]:
    """Median wall time and the largest peak memory per tool, on fresh copies; with `old`, the
    migration of that older checkout too."""
    text = module_with_sites(count)
    out: dict[str, tuple[float, int]] = {}
    tools = [(tool, command, REPO) for tool, command in TOOLS.items()]
    if old is not None:
        tools.append(("migrate, before", TOOLS["migrate"], old))
    for tool, command, code in tools:
        times, peaks = [], []
        for _ in range(repeat):
            (work / "exir").mkdir(parents=True, exist_ok=True)
            (work / "exir" / "big.py").write_text(text)
            seconds, status, peak = run(command, work, code)
            if status not in (0, 1):  # the lint exits 1: it found the sites
                raise SystemExit(f"{tool} on {count} sites exited {status}")
            times.append(seconds)
            peaks.append(peak)
            print(f"{tool:8} {count:>6} sites: {seconds:6.2f} s, {peak} MiB", flush=True)
        out[tool] = (statistics.median(times), max(peaks))
    return out


def section(
    results: dict[int, dict[str, tuple[float, int]]], repeat: int, against: str | None
) -> str:
    sizes = sorted(results)
    load = os.getloadavg()[0]
    lines = [
        f"Measured by `python bench/scaling.py` (Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, 1-min load average at the end {load:.1f}): one generated file "
        "of N two-line functions, one `logging.info` site each; wall time including interpreter "
        f"start, median of {repeat}; peak memory of the process.",
        "",
        "| sites | lint | lint per site | migrate | migrate per site | lint peak | migrate peak |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n in sizes:
        lint, migrate = results[n]["lint"], results[n]["migrate"]
        lines.append(
            f"| {n:,} | {lint[0]:.2f} s | {lint[0] / n * 1e6:.0f} µs | {migrate[0]:.2f} s | "
            f"{migrate[0] / n * 1e6:.0f} µs | {lint[1]} MiB | {migrate[1]} MiB |"
        )
    small, big = sizes[-2], sizes[-1]
    goal = big / small * 1.2  # 20% slack over perfectly flat per-site time
    verdicts = []
    for tool in TOOLS:
        ratio = results[big][tool][0] / results[small][tool][0]
        verdicts.append(
            f"{tool}: t({big:,})/t({small:,}) = {ratio:.1f} (goal <= {goal:.0f}: "
            f"{'met' if ratio <= goal else 'NOT met'})"
        )
    migrate_big = results[big]["migrate"][0]
    verdicts.append(
        f"the {big:,}-site file migrated in {migrate_big:.1f} s (goal < 20 s: "
        f"{'met' if migrate_big < 20 else 'NOT met'})"
    )
    lines += ["", "; ".join(verdicts) + "."]
    before = [
        (n, results[n]["migrate, before"][0]) for n in sizes if "migrate, before" in results[n]
    ]
    if against and before:
        cells = ", ".join(
            f"{n:,} sites {t:.2f} s ({t / results[n]['migrate'][0]:.1f}x now)" for n, t in before
        )
        lines += [
            "",
            f"Anchor, the migration before this design (commit {against}), same run: {cells}.",
        ]
    return "\n".join(lines)


def _checkout(rev: str, into: Path) -> Path:
    """The lint and codemod packages of commit `rev`, extracted with git archive."""
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "lint_rules", "codemods"],
        capture_output=True,
        check=True,
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="1000,6000,60000")
    parser.add_argument("--no-write", action="store_true", help="print, do not update docs")
    parser.add_argument("--against", metavar="REV", help="also time this older commit's migration")
    parser.add_argument(
        "--against-up-to", type=int, default=6000, help="sizes it is timed on (it was quadratic)"
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {}
    with tempfile.TemporaryDirectory(prefix="et-log-scaling-") as tmp:
        old = _checkout(args.against, Path(tmp) / "old") if args.against else None
        for count in sizes:
            code = old if count <= args.against_up_to else None
            results[count] = measure(count, args.repeat, Path(tmp) / str(count), code)
    body = section(results, args.repeat, args.against)
    print(body)
    if not args.no_write:
        write_section(REPO / "docs" / "BENCHMARKS.md", "bench:scaling", body, append="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
