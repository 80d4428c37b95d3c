"""bench:lint — the lint against ruff on the real ExecuTorch tree, and a pre-commit-sized call.

Usage: python bench/lint.py [ET_TREE]   (default /work/et-tree; needs exir/ and backends/)

1. Whole tree (exir/ + backends/): `python -m lint_rules` vs
   `ruff check --isolated --select LOG,T20` on the same folders, alternating, in this run.
   ruff runs cold (a fresh cache folder each time, like CI or a first run) and, for reference,
   warm (its cache from the previous run). Goal: ours <= 2.0x ruff cold.
2. One call on 5 library files, interpreter start included. Goal: <= 0.10 s.
Figures go into the `bench:lint` section of docs/BENCHMARKS.md.

    python bench/lint.py [ET_TREE] --facts-only [--commit TEXT]

writes instead the `lint:real-tree` section of docs/lint.md: the statistics on the tree and the
checks made on them (Deprecation/Future warnings not flagged; what scripts and tests would add).
"""

from __future__ import annotations

import ast
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lint_rules.doc_section import write_section

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "docs" / "BENCHMARKS.md"
LINT_MD = ROOT / "docs" / "lint.md"
PY = sys.executable
RUFF = shutil.which("ruff", path=str(Path(PY).parent)) or shutil.which("ruff") or "ruff"
ROUNDS = 15
# Five library files of different sizes, all with sites, from exir/ and three backends.
FIVE = [
    "exir/graph.py",
    "exir/pass_manager.py",
    "exir/emit/_emitter.py",
    "backends/xnnpack/xnnpack_preprocess.py",
    "backends/qualcomm/qnn_preprocess.py",
]


CPU: dict[str, list[float]] = {}


def wall(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, cpu_key: str = "") -> float:
    """Wall time of one run; with `cpu_key`, also records the child's CPU time (user + sys)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu_key:
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        CPU.setdefault(cpu_key, []).append(used)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{cmd[:3]} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return elapsed


def count(cmd: list[str], cwd: Path) -> int:
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True).stdout
    return len([line for line in out.splitlines() if re.match(r"^\S+:\d+:\d+: ", line)])


def measure(tree: Path) -> dict[str, object]:
    ours = [PY, "-m", "lint_rules", "exir", "backends"]
    ruff = [RUFF, "check", "--isolated", "--select", "LOG,T20", "--output-format", "concise"]
    ruff += ["exir", "backends"]
    five = [PY, "-m", "lint_rules", *FIVE]
    times: dict[str, list[float]] = {"ours": [], "ruff_cold": [], "ruff_warm": [], "five": []}
    times["python"] = []
    times["ours_warm"] = []
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as scratch:
        ours_cached = [*ours, "--cache-dir", str(Path(scratch) / "ours")]
        wall(ours_cached, tree)  # fill our cache once
        for i in range(ROUNDS):
            cache = Path(scratch) / f"cold{i}"
            env = {**os.environ, "RUFF_CACHE_DIR": str(cache)}
            times["ruff_cold"].append(wall(ruff, tree, env, cpu_key="ruff_cold"))
            times["ruff_warm"].append(wall(ruff, tree, env))
            times["ours"].append(wall(ours, tree, cpu_key="ours"))
            times["ours_warm"].append(wall(ours_cached, tree))
            times["five"].append(wall(five, tree, cpu_key="five"))
            times["python"].append(wall([PY, "-c", "pass"], tree, cpu_key="python"))
    med = {k: statistics.median(v) for k, v in times.items()}
    files = subprocess.run(
        [
            PY,
            "-c",
            "from lint_rules import load_config\nfrom lint_rules.discovery import "
            "iter_python_files as f\nprint(len(list(f(['exir','backends'], load_config('.')))))",
        ],
        cwd=tree,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return {
        "load": (load_before, os.getloadavg()[0]),
        "median": med,
        "min": {k: min(v) for k, v in times.items()},
        "cpu": {k: statistics.median(v) for k, v in CPU.items()},
        "files": files,
        "ours_findings": count(ours, tree),
        "ruff_findings": count(ruff, tree),
    }


def render(r: dict[str, object], tree: Path) -> str:
    med, low = r["median"], r["min"]
    ratio_cold = med["ours"] / med["ruff_cold"]
    ratio_cold_min = low["ours"] / low["ruff_cold"]
    ratio_warm = med["ours_warm"] / med["ruff_warm"]
    ruff_version = subprocess.run([RUFF, "--version"], capture_output=True, text=True).stdout
    return "\n".join(
        [
            f"Measured by `python bench/lint.py` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
            f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
            f"{ruff_version.strip()}; tree `{tree.name}` (exir/ + backends/, {r['files']} files). "
            f"Median of {ROUNDS} alternating runs (min in brackets), wall time of the whole "
            "process, interpreter start included. The machine is shared: 1-minute load average "
            f"{r['load'][0]:.1f} before and {r['load'][1]:.1f} after the runs.",
            "",
            "| what | wall (s) | ratio | goal |",
            "|---|---|---|---|",
            f"| `python -m lint_rules exir backends` ({r['ours_findings']} findings) "
            f"| {med['ours']:.3f} ({low['ours']:.3f}) | {ratio_cold:.2f}x ruff cold "
            f"({ratio_cold_min:.2f}x on the minima) | <= 2.0x |",
            f"| anchor: `ruff check --isolated --select LOG,T20 exir backends`, cold cache "
            f"({r['ruff_findings']} findings) | {med['ruff_cold']:.3f} ({low['ruff_cold']:.3f}) | 1.00 | |",
            f"| the same, with `--cache` (warm: nothing changed since the last run) "
            f"| {med['ours_warm']:.3f} ({low['ours_warm']:.3f}) | {ratio_warm:.2f}x ruff warm | |",
            f"| anchor: the same ruff command, warm cache | {med['ruff_warm']:.3f} "
            f"({low['ruff_warm']:.3f}) | 1.00 | |",
            f"| `python -m lint_rules` on 5 files ({', '.join(FIVE)}) | {med['five']:.3f} "
            f"({low['five']:.3f}) | {med['five'] / med['python']:.2f}x bare interpreter "
            f"| <= 0.10 s |",
            f"| anchor: `python -c pass` (same interpreter, same venv) | {med['python']:.3f} "
            f"({low['python']:.3f}) | 1.00 | |",
            "",
            "CPU time (user + sys of the process and its workers, median), which the load "
            f"moves less: whole tree, ours {r['cpu']['ours']:.3f} s vs ruff cold "
            f"{r['cpu']['ruff_cold']:.3f} s ({r['cpu']['ours'] / r['cpu']['ruff_cold']:.2f}x); "
            f"5-file call {r['cpu']['five']:.3f} s; bare interpreter {r['cpu']['python']:.3f} s. "
            "Wall time above CPU time is waiting for a core on the shared machine.",
            "",
            f"Goals: whole tree {'met' if ratio_cold <= 2.0 else 'NOT met'} "
            f"({ratio_cold:.2f}x <= 2.0x ruff cold, medians); 5 files: median "
            f"{med['five']:.3f} s, best {low['five']:.3f} s, "
            f"{'met' if med['five'] <= 0.10 else ('met on the best run only' if low['five'] <= 0.10 else 'NOT met')} "
            "(<= 0.10 s; an absolute time, so it moves with the load, as the bare interpreter's "
            "median-to-best spread shows). "
            "Without `--cache` the lint re-parses every candidate file on each run (the goal's "
            "comparison is cold against cold); pre-commit and lintrunner pass only the changed "
            "files, which is the 5-file case.",
        ]
    )


def _api_signal_warns(path: str) -> list[int]:
    """Lines of `warnings.warn(...)`/`warn(...)` calls whose category is a Deprecation,
    PendingDeprecation or Future warning, or a class this file derives from one."""
    try:
        tree = ast.parse(Path(path).read_bytes())
    except (SyntaxError, ValueError):
        return []
    signals = {"DeprecationWarning", "PendingDeprecationWarning", "FutureWarning"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(
            getattr(b, "id", getattr(b, "attr", "")) in signals for b in node.bases
        ):
            signals.add(node.name)
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = getattr(func, "attr", getattr(func, "id", ""))
        if name != "warn":
            continue
        category = node.args[1] if len(node.args) > 1 else None
        category = next((k.value for k in node.keywords if k.arg == "category"), category)
        if getattr(category, "id", getattr(category, "attr", "")) in signals:
            lines.append(node.lineno)
    return lines


def facts(tree: Path, commit: str) -> str:
    """The `lint:real-tree` section of docs/lint.md, measured in this process."""
    from lint_rules import load_config
    from lint_rules.discovery import iter_python_files
    from lint_rules.formats import statistics
    from lint_rules.runner import lint_files
    from lint_rules.test_refs import review_asserted

    os.chdir(tree)
    config = load_config(".")
    files = list(iter_python_files(["exir", "backends"], config))
    result = lint_files(files, config)
    found = review_asserted(result.findings, files, config)  # as the CLI reports them
    with_sites = {f.path for f in found}
    flagged = {(f.path, line) for f in found for line in range(f.line, f.end_line + 1)}
    signal_calls = [(p, n) for p in files for n in _api_signal_warns(p)]
    overlap = sum((p, n) in flagged for p, n in signal_calls)
    everything = load_config(".", {"script_patterns": [], "detect_scripts": False})
    wide = lint_files(list(iter_python_files(["exir", "backends"], everything)), everything)
    extra = len(wide.findings) - len(found)
    extra_files = {f.path for f in wide.findings} - with_sites
    by_path = sum(config.is_script_path(p) for p in extra_files)
    fixable = sum(f.fixable for f in found)
    table = statistics(found, config.component_for).rstrip("\n")
    return "\n".join(
        [
            f"Written by `python bench/lint.py {tree} --facts-only` "
            f"({time.strftime('%Y-%m-%d', time.gmtime())}): `exir/` and `backends/` of "
            f"{commit}, default configuration, `python -m lint_rules exir backends --statistics`.",
            "",
            f"{len(files)} files linted; {len(found)} findings in {len(with_sites)} files "
            f"({fixable} fixable by the codemod, {len(found) - fixable} for review); "
            f"{len(result.errors)} files could not be linted.",
            "",
            "```",
            table,
            "```",
            "",
            f"- **Deprecation/Future warnings** are API signals: the tree has {len(signal_calls)} "
            "`warn(...)` calls whose category is one of them (or a class the same file derives "
            f"from one); findings on their lines: {overlap}.",
            "- **Scripts and tests** are not library code: linting them too (`script-patterns = "
            f"[]`, `detect-scripts = false`) would add {extra} sites in {len(extra_files)} files, "
            f"{by_path} of them excluded by path, {len(extra_files) - by_path} by content (a "
            "`__main__` guard or an argparse entry point).",
        ]
    )


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    commit = "pytorch/executorch main"
    if "--commit" in sys.argv:
        commit = sys.argv[sys.argv.index("--commit") + 1]
        args.remove(commit)
    tree = Path(args[0] if args else "/work/et-tree").resolve()
    if not (tree / "exir").is_dir() or not (tree / "backends").is_dir():
        raise SystemExit(f"{tree}: needs exir/ and backends/")
    if "--facts-only" in sys.argv:
        text = facts(tree, commit)
        print(text)
        write_section(LINT_MD, "lint:real-tree", text)
        return 0
    text = render(measure(tree), tree)
    print(text)
    write_section(BENCHMARKS, "bench:lint", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
