"""What the delegation record costs a lowering while it is on; writes the
``bench:delegation_record`` section of docs/BENCHMARKS.md.

On the released wheel, migrated (``exir backends``, recipes on), TORCH_LOGS unset, one child
process per model lowers it through XNNPACK (``to_edge_transform_and_lower`` on an exported
program) in paired rounds, order alternating:

- **on**: ``EXECUTORCH_DELEGATION_RECORD`` names a file: every run's record is built (every
  node, its source line, its reasons) and written to the file after each run, the costliest way
  to ask for it;
- **off**: the variable unset: nothing asked for, nothing collected (``bench/partition_report.py``
  measures that path against code without the report).

Models: the e2e tests' (``tests/e2e/harness/lower_with_backend.py``: linear, relu, pow, sort,
bitwise_not, trunc, acosh) and a
larger one (``--blocks`` residual blocks of linear, layer_norm, gelu, softmax-weighted mixing, pow
and sort; about 25 operators each), so the per-node work shows. Figure: the median of the paired
on/off ratios (goal: <= 1.05). Run: ``.venv/bin/python bench/delegation_record.py [--rounds N]
[--blocks N]`` (a few minutes; builds the e2e wheel environment if needed).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from harness.wheel_env import copy_executorch, ensure_wheel_env  # noqa: E402

from et_log_docs.sections import write_section  # noqa: E402

GOAL_RATIO = 1.05
MODELS = ("e2e", "large")

CHILD = r"""
import json, os, statistics, sys, time
import torch
from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
from executorch.exir import to_edge_transform_and_lower

which, rounds, blocks, record = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]


class Block(torch.nn.Module):
    def __init__(self, width):
        super().__init__()
        self.up, self.down = torch.nn.Linear(width, 2 * width), torch.nn.Linear(2 * width, width)
        self.norm = torch.nn.LayerNorm(width)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.up(self.norm(x)))
        mix = torch.softmax(x @ x.transpose(-1, -2), dim=-1) @ x
        ranked, _ = torch.sort(torch.pow(x, 3), dim=-1)
        return x + self.down(h) + mix * 0.5 + torch.trunc(ranked) * 0.01


class Large(torch.nn.Module):
    def __init__(self, blocks, width=32):
        super().__init__()
        self.blocks = torch.nn.ModuleList(Block(width) for _ in range(blocks))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


torch.manual_seed(0)
if which == "e2e":
    from harness.lower_with_backend import build_model  # the e2e harness's driver and model

    model, example = build_model()
else:
    model, example = Large(blocks).eval(), (torch.randn(4, 32),)
program = torch.export.export(model, example)


from et_log_runtime import partition_report as record_code

own = {"s": 0.0}  # the record's own work while on: building each run's record, writing the file


def timed(function):
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            own["s"] += time.perf_counter() - started

    return wrapper


record_code.PartitionRun.record = timed(record_code.PartitionRun.record)
record_code.write_record = timed(record_code.write_record)


def lower(on):
    if on:
        os.environ["EXECUTORCH_DELEGATION_RECORD"] = record
    else:
        os.environ.pop("EXECUTORCH_DELEGATION_RECORD", None)
    started = time.perf_counter()
    to_edge_transform_and_lower(program, partitioner=[XnnpackPartitioner()])
    return time.perf_counter() - started


lower(False)  # warm-up: imports, caches
lower(True)
own["s"] = 0.0
on_times, off_times = [], []
for i in range(rounds):
    for on in ((True, False) if i % 2 else (False, True)):
        (on_times if on else off_times).append(lower(on))
with open(record, encoding="utf-8") as handle:
    nodes = sum(len(run["nodes"]) for run in json.load(handle)["runs"][-1:])
ratios = [a / b for a, b in zip(on_times, off_times)]
print(json.dumps({
    "nodes": nodes, "on_s": statistics.median(on_times), "off_s": statistics.median(off_times),
    "ratio": statistics.median(ratios), "own_s": own["s"] / rounds,
}))
"""


def measure(rounds: int, blocks: int) -> dict[str, dict[str, float]]:
    wheel = ensure_wheel_env(log=lambda line: print(line, file=sys.stderr))
    results = {}
    with tempfile.TemporaryDirectory(prefix="et-log-bench-record-") as tmp:
        overlay = copy_executorch(wheel, Path(tmp) / "site")
        e2e = ROOT / "tests" / "e2e"
        env = {"PYTHONPATH": f"{overlay}:{wheel.et_log_dir}:{e2e}", "PYTHONHASHSEED": "0"}
        migrate = [str(wheel.python), "-m", "codemods.migrate", "exir", "backends", "-q"]
        subprocess.run(migrate, cwd=overlay / "executorch", env=env, check=True)
        for model in MODELS:
            record = str(Path(tmp) / f"{model}.json")
            child = [str(wheel.python), "-c", CHILD, model, str(rounds), str(blocks), record]
            proc = subprocess.run(child, cwd=tmp, env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit(f"{model}: child failed\n{proc.stderr[-3000:]}")
            results[model] = json.loads(proc.stdout.strip().splitlines()[-1])
    return results


def section(results: dict[str, dict[str, float]], rounds: int, blocks: int) -> str:
    lines = [
        f"Written by `bench/delegation_record.py --rounds {rounds} --blocks {blocks}` "
        "(released wheel, migrated, TORCH_LOGS unset; XNNPACK; medians of paired rounds, "
        "order alternating; on = `EXECUTORCH_DELEGATION_RECORD` set, each run appended to the "
        "file).",
        "",
        f"| model | nodes in the record | lowering, record off (s) | record on (s) | ratio "
        f"(goal <= {GOAL_RATIO}) | the record's own work per lowering | its share |",
        "|---|---|---|---|---|---|---|",
    ]
    for model, r in results.items():
        name = "issue 16's (e2e)" if model == "e2e" else f"{blocks} residual blocks"
        verdict = "met" if r["ratio"] <= GOAL_RATIO else "NOT met"
        lines.append(
            f"| {name} | {int(r['nodes'])} | {r['off_s']:.3f} | {r['on_s']:.3f} | "
            f"{r['ratio']:.4f} ({verdict}) | {r['own_s'] * 1e3:.1f} ms | "
            f"{r['own_s'] / r['on_s']:.3%} |"
        )
    lines += [
        "",
        "The ratio compares whole lowerings and carries the machine's noise; the last two "
        "columns time the record's own work (building each run's record: every node's source "
        "line and reasons; writing the file) inside the lowerings that had it on.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--blocks", type=int, default=12)
    args = parser.parse_args()
    results = measure(args.rounds, args.blocks)
    body = section(results, args.rounds, args.blocks)
    print(body)
    write_section(ROOT / "docs" / "BENCHMARKS.md", "bench:delegation_record", body)


if __name__ == "__main__":
    main()
