"""bench:lint — the lint against ruff on the real ExecuTorch tree, and a pre-commit-sized call.

Usage: python bench/lint.py [ET_TREE]   (default /work/et-tree; needs exir/ and backends/)

Paired runs, in this one process: each round runs both sides of a comparison back to back (their
order alternating from round to round), and a ratio is the median of the rounds' ratios, so the
load of a shared machine weighs on both sides alike.
1. Whole tree (exir/ + backends/): `python -m lint_rules exir backends` vs
   `ruff check --isolated --select LOG,T20 --no-cache exir backends`. Goal: <= 1.5x ruff.
   For reference, both with their caches, warm (nothing changed since the last run).
2. One call on 5 library files as pre-commit makes it (the `et-log-lint` entry point) vs the
   bare interpreter (`python -c pass`, same interpreter and venv), interpreter start included.
   Goal: <= 3x the bare interpreter.
3. The floors, each paired with the same anchor: `bench/parse_floor.py` reads the same files
   and `ast.parse`s those the lint parses (its prefilter's candidates), nothing else, in as
   many processes as the lint uses: what any ast-based lint in CPython costs at least.
The children run with Python's bytecode cache on (PYTHONDONTWRITEBYTECODE dropped, one warm-up
run first), as an installed et-log runs. Figures go into the `bench:lint` section of
docs/BENCHMARKS.md.

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

from et_log_docs.sections import write_section
from lint_rules.forks import default_jobs

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


FLOOR = ROOT / "bench" / "parse_floor.py"
CPU: dict[str, list[float]] = {}
WHOLE_GOAL, FIVE_GOAL = 1.5, 3.0  # ours / ruff --no-cache; 5 files / bare interpreter


def wall(cmd: list[str], cwd: Path, env: dict[str, str], cpu_key: str = "") -> float:
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


def count(cmd: list[str], cwd: Path, env: dict[str, str]) -> int:
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True).stdout
    return len([line for line in out.splitlines() if re.match(r"^\S+:\d+:\d+: ", line)])


def floor_lists(tree: Path, whole: Path, five: Path) -> int:
    """Write the floor's file lists (every file the lint reads; `+` before those it parses, as
    its prefilter decides); the number of files parsed on the whole tree."""
    from lint_rules import load_config
    from lint_rules.detector import read_source, worth_parsing
    from lint_rules.discovery import iter_python_files

    here = os.getcwd()
    os.chdir(tree)
    try:
        config = load_config(".")

        def entry(path: str) -> str:
            parse = worth_parsing(path, read_source(path), config)
            return ("+" if parse else "") + str(tree / path)

        lines = [entry(p) for p in iter_python_files(["exir", "backends"], config)]
        whole.write_text("\n".join(lines) + "\n", encoding="utf-8")
        five.write_text("\n".join(entry(p) for p in FIVE) + "\n", encoding="utf-8")
    finally:
        os.chdir(here)
    return sum(line.startswith("+") for line in lines)


def measure(tree: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    ours = [PY, "-m", "lint_rules", "exir", "backends"]
    ruff = [RUFF, "check", "--isolated", "--select", "LOG,T20", "--output-format", "concise"]
    ruff_cold = [*ruff, "--no-cache", "exir", "backends"]
    ruff += ["exir", "backends"]
    entry = shutil.which("et-log-lint", path=str(Path(PY).parent)) or shutil.which("et-log-lint")
    five = [entry or "et-log-lint", *FIVE]  # the entry point pre-commit runs
    bare = [PY, "-c", "pass"]
    times: dict[str, list[float]] = {}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as scratch:
        ours_cached = [*ours, "--cache-dir", str(Path(scratch) / "ours")]
        ruff_env = {**env, "RUFF_CACHE_DIR": str(Path(scratch) / "ruff")}
        whole_list, five_list = Path(scratch) / "whole.txt", Path(scratch) / "five.txt"
        parsed = floor_lists(tree, whole_list, five_list)
        floor_whole = [PY, str(FLOOR), str(whole_list), str(default_jobs())]
        floor_five = [PY, str(FLOOR), str(five_list), "1"]  # the lint forks for 200+ files
        pairs = [
            ("ours", ours, env, "ruff", ruff_cold, env),
            ("ours_warm", ours_cached, env, "ruff_warm", ruff, ruff_env),
            ("five", five, env, "python", bare, env),
            ("floor", floor_whole, env, "ruff_floor", ruff_cold, env),
            ("floor_five", floor_five, env, "python_floor", bare, env),
        ]
        for _, mine, my_env, _, anchor, anchor_env in pairs:  # bytecode and caches written
            wall(mine, tree, my_env)
            wall(anchor, tree, anchor_env)
        for i in range(ROUNDS):
            for mine_key, mine, my_env, anchor_key, anchor, anchor_env in pairs:
                runs = [(mine_key, mine, my_env), (anchor_key, anchor, anchor_env)]
                for key, cmd, cmd_env in runs if i % 2 == 0 else runs[::-1]:
                    times.setdefault(key, []).append(wall(cmd, tree, cmd_env, cpu_key=key))
    files = subprocess.run(
        [
            PY,
            "-c",
            "from lint_rules import load_config\nfrom lint_rules.discovery import "
            "iter_python_files as f\nprint(len(list(f(['exir','backends'], load_config('.')))))",
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    ).stdout.strip()
    paired = {
        mine: statistics.median(m / a for m, a in zip(times[mine], times[anchor], strict=True))
        for mine, _, _, anchor, _, _ in pairs
    }
    return {
        "load": (load_before, os.getloadavg()[0]),
        "median": {k: statistics.median(v) for k, v in times.items()},
        "min": {k: min(v) for k, v in times.items()},
        "paired": paired,
        "cpu": {k: statistics.median(v) for k, v in CPU.items()},
        "files": files,
        "parsed": parsed,
        "ours_findings": count(ours, tree, env),
        "ruff_findings": count(ruff_cold, tree, env),
    }


def render(r: dict[str, object], tree: Path) -> str:
    med, low, paired, cpu = r["median"], r["min"], r["paired"], r["cpu"]
    whole, five = paired["ours"], paired["five"]
    ruff_version = subprocess.run([RUFF, "--version"], capture_output=True, text=True).stdout

    def verdict(ratio: float, goal: float) -> str:
        return "met" if ratio <= goal else "NOT met"

    def cell(key: str) -> str:
        return f"{med[key]:.3f} ({low[key]:.3f})"

    return "\n".join(
        [
            f"Measured by `python bench/lint.py` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
            f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
            f"{ruff_version.strip()}; tree `{tree.name}` (exir/ + backends/, {r['files']} files). "
            f"{ROUNDS} rounds; in each, the two commands of a comparison run back to back, in "
            "alternating order. Wall time of the whole process, interpreter start included, "
            "bytecode cached; median (min in brackets); a ratio is the median of the rounds' "
            "ratios. The machine is shared: 1-minute load average "
            f"{r['load'][0]:.1f} before and {r['load'][1]:.1f} after the runs.",
            "",
            "| what | wall (s) | ratio | goal |",
            "|---|---|---|---|",
            f"| `python -m lint_rules exir backends` ({r['ours_findings']} findings) "
            f"| {cell('ours')} | {whole:.2f}x ruff | <= {WHOLE_GOAL}x: {verdict(whole, WHOLE_GOAL)} |",
            "| anchor: `ruff check --isolated --select LOG,T20 --no-cache exir backends` "
            f"({r['ruff_findings']} findings) | {cell('ruff')} | 1.00 | |",
            "| the same, with `--cache` (warm: nothing changed since the last run) "
            f"| {cell('ours_warm')} | {paired['ours_warm']:.2f}x ruff warm | |",
            f"| anchor: ruff with its cache (no `--no-cache`), warm | {cell('ruff_warm')} | 1.00 | |",
            f"| floor: read the {r['files']} files, `ast.parse` the {r['parsed']} the lint "
            "parses, nothing else, in as many processes (`bench/parse_floor.py`) "
            f"| {cell('floor')} | {paired['floor']:.2f}x ruff | |",
            f"| `et-log-lint` on 5 files, as pre-commit calls it ({', '.join(FIVE)}) "
            f"| {cell('five')} | {five:.2f}x bare interpreter "
            f"| <= {FIVE_GOAL}x: {verdict(five, FIVE_GOAL)} |",
            f"| anchor: `python -c pass` (same interpreter, same venv) | {cell('python')} "
            "| 1.00 | |",
            "| floor: read and `ast.parse` the same 5 files, nothing else "
            f"| {cell('floor_five')} | {paired['floor_five']:.2f}x bare interpreter | |",
            "",
            "CPU time (user + sys of the process and its workers, median), which the load "
            f"moves less: whole tree, ours {cpu['ours']:.3f} s vs ruff {cpu['ruff']:.3f} s "
            f"({cpu['ours'] / cpu['ruff']:.2f}x); 5-file call {cpu['five']:.3f} s vs bare "
            f"interpreter {cpu['python']:.3f} s ({cpu['five'] / cpu['python']:.2f}x). Wall time "
            "above CPU time is waiting for a core on the shared machine. The venv holds et-log "
            "as `scripts/bootstrap.sh` installs it (editable in compat mode: a path in a `.pth` "
            "file, no import hook), so the interpreter starts as with a wheel installed.",
            "",
            f"Goals: whole tree {verdict(whole, WHOLE_GOAL)} ({whole:.2f}x <= {WHOLE_GOAL}x ruff "
            f"`--no-cache`; the parse floor alone is {paired['floor']:.2f}x); 5 files "
            f"{verdict(five, FIVE_GOAL)} ({five:.2f}x <= {FIVE_GOAL}x the bare interpreter; the "
            f"floor alone is {paired['floor_five']:.2f}x: a lint that parses these files in "
            "this interpreter cannot go below it; two processes parse them no faster, the largest "
            "file alone taking most of the time). Without `--cache` the lint re-parses every "
            "candidate file on each run, as ruff does with `--no-cache`; pre-commit and "
            "lintrunner pass only the changed files, which is the 5-file case.",
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
    from lint_rules.capturing_tests import review_asserted
    from lint_rules.discovery import iter_python_files
    from lint_rules.formats import statistics
    from lint_rules.runner import lint_files

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
