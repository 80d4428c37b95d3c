"""The long fuzz campaign: N generated programs through the lint and the codemod, 0 failures wanted.

Runs the same checks as `tests/robustness` (never crashes, output compiles, only sites change,
a second run is a no-op, the lint never crashes) on programs from four generators, in seeded
chunks. Resumable: progress is kept in a state file after every chunk, so an interrupted
campaign continues where it stopped (`--fresh` starts over). Writes the `bench:fuzz` section
of docs/BENCHMARKS.md with `--write-docs`.

    python bench/fuzz.py --count 10000 --write-docs
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
import warnings
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "robustness"))
sys.path.insert(0, str(ROOT))

import hypothesmith  # noqa: E402
from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from robustness_props import check_source  # noqa: E402
from robustness_snippets import injected_program, logging_module  # noqa: E402

from et_log_docs.sections import write_section  # noqa: E402

GENERATORS = {
    "logging_module": logging_module(),
    "grammar+sites": injected_program(hypothesmith.from_grammar()),
    "node+sites": injected_program(hypothesmith.from_node()),
    "node": hypothesmith.from_node(),
}
# Share of the campaign per generator, in chunk order.
ROTATION = ("logging_module", "grammar+sites", "logging_module", "node+sites", "node")
CHUNK = 100
DOCS = ROOT / "docs" / "BENCHMARKS.md"
KEEP_EXAMPLES = 5


def _run_chunk(name: str, chunk_seed: int, size: int, stats: dict) -> None:
    counts: Counter[str] = Counter(stats["counts"].get(name, {}))

    @seed(chunk_seed)
    @settings(
        max_examples=size,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.generate],
    )
    @given(GENERATORS[name])
    def one(text: str) -> None:
        counts["programs"] += 1
        try:
            checked = check_source(text)
        except Exception as exc:  # every exception is a failure: keep it, do not stop
            counts["failures"] += 1
            if len(stats["failures"]) < 50:
                stats["failures"].append({"generator": name, "error": repr(exc), "text": text})
            return
        counts["parsed"] += checked.parsed
        counts["changed"] += checked.changed
        counts["sites_rewritten"] += checked.rewritten
        counts["sites_review"] += checked.review
        if checked.refused:
            counts["refused"] += 1
            if len(stats["refused"]) < KEEP_EXAMPLES:
                stats["refused"].append({"generator": name, "error": checked.refused, "text": text})

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        one()
    stats["counts"][name] = dict(counts)


def _load(state: Path, fresh: bool, base_seed: int) -> dict:
    if state.exists() and not fresh:
        stats = json.loads(state.read_text(encoding="utf-8"))
        if stats.get("seed") == base_seed:
            return stats
    return {"seed": base_seed, "chunks": 0, "seconds": 0.0, "counts": {}, "failures": [],
            "refused": []}  # fmt: skip


def _save(state: Path, stats: dict) -> None:
    state.parent.mkdir(parents=True, exist_ok=True)
    tmp = state.with_suffix(".tmp")
    tmp.write_text(json.dumps(stats, indent=1), encoding="utf-8")
    os.replace(tmp, state)


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
    except OSError:
        return "?"
    return out.stdout.strip() or "?"


def _total(stats: dict, key: str) -> int:
    return sum(c.get(key, 0) for c in stats["counts"].values())


def _section(stats: dict, goal: int) -> str:
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    programs, failures = _total(stats, "programs"), _total(stats, "failures")
    lines = [
        f"Measured by `python bench/fuzz.py --count {goal} --write-docs` on {when}, CPython "
        f"{platform.python_version()}, seed {stats['seed']}, {stats['chunks']} chunks of "
        f"{CHUNK}, {stats['seconds']:.0f} s of checking on one core; code at commit(s) "
        f"{', then '.join(stats['commits'])}.",
        "",
        "| generator | programs | compiled | changed | sites rewritten | sites for review "
        "| refused (left as is) | failures |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in GENERATORS:
        c = stats["counts"].get(name, {})
        lines.append(
            f"| {name} | {c.get('programs', 0)} | {c.get('parsed', 0)} | {c.get('changed', 0)} "
            f"| {c.get('sites_rewritten', 0)} | {c.get('sites_review', 0)} "
            f"| {c.get('refused', 0)} | {c.get('failures', 0)} |"
        )
    lines += [
        f"| **total** | **{programs}** | {_total(stats, 'parsed')} | {_total(stats, 'changed')} "
        f"| {_total(stats, 'sites_rewritten')} | {_total(stats, 'sites_review')} "
        f"| {_total(stats, 'refused')} | **{failures}** |",
        "",
        f"Goal: {goal} programs, 0 failures — "
        + (
            "met."
            if programs >= goal and failures == 0
            else f"NOT met ({programs} run, {failures} failures)."
        )  # fmt: skip
        + " A failure is any broken property (crash, output that does not compile, a change "
        'outside the sites, a second run that changes more, a lint crash). "Refused" means '
        "the codemod's guard rejected its own rewrite and left the file byte-identical "
        "(reported, exit 1): safe, but listed in docs/robustness.md.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="programs wanted in total")
    parser.add_argument("--seed", type=int, default=20261129, help="campaign seed")
    parser.add_argument("--state", default=str(ROOT / ".cache" / "fuzz-state.json"))
    parser.add_argument("--fresh", action="store_true", help="ignore saved progress")
    parser.add_argument("--max-seconds", type=float, default=0, help="stop after this long")
    parser.add_argument("--write-docs", action="store_true", help="update docs/BENCHMARKS.md")
    args = parser.parse_args(argv)
    state = Path(args.state)
    stats = _load(state, args.fresh, args.seed)
    first = [stats["commit"]] if "commit" in stats else []
    sessions = stats.setdefault("commits", first)  # one entry per (resumed) session
    if not sessions or sessions[-1] != _commit():
        sessions.append(_commit())
    started = time.monotonic()
    while _total(stats, "programs") < args.count:
        if args.max_seconds and time.monotonic() - started > args.max_seconds:
            print("time limit reached", file=sys.stderr)
            break
        name = ROTATION[stats["chunks"] % len(ROTATION)]
        size = min(CHUNK, args.count - _total(stats, "programs"))
        chunk_started = time.monotonic()
        _run_chunk(name, args.seed * 1000 + stats["chunks"], size, stats)
        stats["chunks"] += 1
        stats["seconds"] += time.monotonic() - chunk_started
        _save(state, stats)
        print(
            f"chunk {stats['chunks']}: {name}; programs {_total(stats, 'programs')}, "
            f"failures {_total(stats, 'failures')}, refused {_total(stats, 'refused')}",
            file=sys.stderr,
            flush=True,
        )
    section = _section(stats, args.count)
    print(section)
    if args.write_docs:
        write_section(DOCS, "bench:fuzz", section)
    return 1 if _total(stats, "failures") else 0


if __name__ == "__main__":
    sys.exit(main())
