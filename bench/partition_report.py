"""What the partition run costs a lowering while it is off; writes the ``bench:partition_report``
section of docs/BENCHMARKS.md.

On the released wheel, migrated (``exir backends``, recipes on), with TORCH_LOGS unset, one child
process lowers issue 16's model through XNNPACK and Vulkan (``to_edge_transform_and_lower`` on an
exported program) in paired rounds, order alternating:

- **with**: the migrated code as it is (every partitioner run inside ``run_partitioner``, every
  rejection site calling ``report_rejection``);
- **without**: the same process with the report code taken out: ``run_partitioner`` replaced by the
  plain ``partitioner(program)`` call and ``report_rejection`` by an empty function in every module
  that imported it.

Figures: the median of the paired with/without ratios (goal: <= 1.01), and, because a 1% effect
is near the noise of a shared machine, the report code's own cost counted directly: the calls one
lowering makes (counted) times each call's cost while off (timed alone), as a share of the
lowering. Run: ``.venv/bin/python bench/partition_report.py [--rounds N]`` (a few minutes; builds
the e2e wheel environment if needed).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from harness.wheel_env import copy_executorch, ensure_wheel_env  # noqa: E402

from et_log_docs.sections import write_section  # noqa: E402

BACKENDS = ("xnnpack", "vulkan")
GOAL_RATIO = 1.01

CHILD = r"""
import json, statistics, sys, time, timeit
import torch
from executorch.exir import to_edge_transform_and_lower
from executorch.exir.backend import backend_api
from et_log_runtime import partition_report

backend, rounds = sys.argv[1], int(sys.argv[2])


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        y = torch.relu(self.linear(x))
        values, _ = torch.sort(torch.pow(y, 3), dim=-1)
        return torch.trunc(values) + torch.acosh(values + 1.0), torch.bitwise_not(values > 0.5)


def partitioner():
    if backend == "xnnpack":
        from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
        return XnnpackPartitioner()
    from executorch.backends.vulkan.partitioner.vulkan_partitioner import VulkanPartitioner
    return VulkanPartitioner()


torch.manual_seed(0)
program = torch.export.export(Model().eval(), (torch.randn(2, 8),))


def lower():
    started = time.perf_counter()
    to_edge_transform_and_lower(program, partitioner=[partitioner()])
    return time.perf_counter() - started


real = {"run": backend_api.run_partitioner, "report": partition_report.report_rejection}
counts = {"run": 0, "report": 0}


def counting_run(p, prog):
    counts["run"] += 1
    return real["run"](p, prog)


def counting_report(*args):
    counts["report"] += 1
    return real["report"](*args)


def nothing(*args):
    return None


def install(run, report):
    backend_api.run_partitioner = run
    for module in users:
        module.report_rejection = report


lower()  # warm-up: imports, caches
users = [m for m in list(sys.modules.values())
         if getattr(m, "report_rejection", None) is partition_report.report_rejection]
install(counting_run, counting_report)
lower()
calls = dict(counts)
with_times, without_times = [], []
for i in range(rounds):
    order = [("with", with_times), ("without", without_times)]
    for kind, times in order if i % 2 else order[::-1]:
        if kind == "with":
            install(real["run"], real["report"])
        else:
            install(lambda p, prog: p(prog), nothing)
        times.append(lower())
install(real["run"], real["report"])

node = next(n for n in program.graph_module.graph.nodes if n.op == "call_function")
report_cost = min(timeit.repeat(lambda: real["report"](None, node, "reason"), number=20000, repeat=5)) / 20000


class Noop:
    def __call__(self, prog):
        return None


run_cost = min(timeit.repeat(lambda: real["run"](Noop(), None), number=2000, repeat=5)) / 2000
run_cost -= min(timeit.repeat(lambda: Noop()(None), number=2000, repeat=5)) / 2000
ratios = [w / wo for w, wo in zip(with_times, without_times)]
print(json.dumps({
    "users": len(users), "calls": calls,
    "with_s": statistics.median(with_times), "without_s": statistics.median(without_times),
    "ratio": statistics.median(ratios),
    "report_cost_s": report_cost, "run_cost_s": run_cost,
}))
"""


@dataclass(frozen=True)
class Figures:
    """One partitioner's figures, as the child measured them."""

    with_s: float
    without_s: float
    ratio: float
    runs: int
    reports: int
    run_cost_s: float
    report_cost_s: float

    @property
    def cost_s(self) -> float:
        """The report code's own cost in one lowering while off: its calls times their cost."""
        return self.runs * self.run_cost_s + self.reports * self.report_cost_s


def _figures(line: str) -> Figures:
    raw = json.loads(line)
    return Figures(
        float(raw["with_s"]),
        float(raw["without_s"]),
        float(raw["ratio"]),
        int(raw["calls"]["run"]),
        int(raw["calls"]["report"]),
        float(raw["run_cost_s"]),
        float(raw["report_cost_s"]),
    )


def measure(rounds: int) -> dict[str, Figures]:
    env_info = ensure_wheel_env(log=lambda line: print(line, file=sys.stderr))
    results: dict[str, Figures] = {}
    with tempfile.TemporaryDirectory(prefix="et-log-bench-pr-") as tmp:
        overlay = copy_executorch(env_info, Path(tmp) / "site")
        env = {"PYTHONPATH": f"{overlay}:{env_info.et_log_dir}", "PYTHONHASHSEED": "0"}
        migrate = [str(env_info.python), "-m", "codemods.migrate", "exir", "backends", "-q"]
        subprocess.run(migrate, cwd=overlay / "executorch", env=env, check=True)
        for backend in BACKENDS:
            child = [str(env_info.python), "-c", CHILD, backend, str(rounds)]
            proc = subprocess.run(child, cwd=tmp, env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit(f"{backend}: child failed\n{proc.stderr[-3000:]}")
            results[backend] = _figures(proc.stdout.strip().splitlines()[-1])
    return results


def section(results: dict[str, Figures], rounds: int) -> str:
    lines = [
        f"Written by `bench/partition_report.py --rounds {rounds}` (released wheel, migrated, "
        "TORCH_LOGS unset; issue 16's model; medians of paired rounds, order alternating).",
        "",
        "| partitioner | lowering with the report code (s) | without (s) | ratio (goal <= "
        f"{GOAL_RATIO}) | calls per lowering (runs / rejections) | their cost while off "
        "| share of the lowering |",
        "|---|---|---|---|---|---|---|",
    ]
    for backend, r in results.items():
        verdict = "met" if r.ratio <= GOAL_RATIO else "NOT met"
        lines.append(
            f"| {backend} | {r.with_s:.3f} | {r.without_s:.3f} | {r.ratio:.4f} ({verdict}) | "
            f"{r.runs} / {r.reports} | {r.cost_s * 1e6:.1f} µs | {r.cost_s / r.with_s:.5%} |"
        )
    lines += [
        "",
        "The ratio compares whole lowerings and carries the machine's noise; the last two "
        "columns are the report code's own cost, counted: what it can add at most.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    results = measure(args.rounds)
    body = section(results, args.rounds)
    print(body)
    heading = "## Partition report while off (issue 16)\n\n"  # for a doc without the section
    write_section(ROOT / "docs" / "BENCHMARKS.md", "bench:partition_report", body, append=heading)


if __name__ == "__main__":
    main()
