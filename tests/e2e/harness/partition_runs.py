"""The lowerings issue 16's and issue 23's e2e tests share, three processes of migrated lowerings
(two at a time, each lowering every backend in turn: one torch import per process), beside the
session's unmigrated lowerings (``before``, shared with test_backends.py):

- ``partition_report``: every backend and issue 23's two diff variants (XNNPACK without its add
  config; the model after an edit), under ``TORCH_LOGS=partition_report`` and ``TORCH_TRACE``, with
  ``EXECUTORCH_DELEGATION_RECORD`` collecting every run of the process in one file, and each
  lowering's runs also in a file of its own (``delegation_records``);
- every backend but Vulkan under ``TORCH_LOGS`` naming each of theirs (no ``partition_report``),
  each lowering writing its record;
- Vulkan and WebGPU under ``TORCH_LOGS=vulkan``: WebGPU runs Vulkan's code, but its reasons are
  WebGPU's, not Vulkan's (so Vulkan is named on its own).

Keys: ``"<backend>:before"``, ``"<backend>:partition_report"``, ``"<backend>:<its TORCH_LOGS
name>"`` and ``"webgpu:vulkan"``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from harness.backend_lowering import COMPONENT, PARALLEL_RUNS, Lowering, lower_batch
from harness.lower_with_backend import RECORD_PATTERN_ENV
from harness.wheel_env import WheelEnv

DIFF_VARIANTS = ("xnnpack_without_add", "xnnpack_edited_model")
ALL_BUT_VULKAN = [b for b in COMPONENT if b != "vulkan"]
THEIR_NAMES = ",".join(sorted({COMPONENT[b] for b in ALL_BUT_VULKAN}))


@dataclass(frozen=True)
class PartitionRuns:
    """``runs["<backend>:<setting>"]`` and where the migrated runs wrote their records."""

    runs: dict[str, Lowering]
    folder: Path
    records: dict[str, Path] = field(default_factory=dict)

    def record(self, backend: str, setting: str = "partition_report") -> Path:
        """The record of one lowering: its partitioner's runs only."""
        return self.records[f"{backend}:{setting}"]

    @property
    def whole_record(self) -> Path:
        """``EXECUTORCH_DELEGATION_RECORD`` of the ``partition_report`` process: all its runs."""
        return self.folder / "every-backend-partition_report.json"

    @property
    def trace(self) -> Path:
        return self.folder / "trace"


def lower_all(
    wheel: WheelEnv, folder: Path, before: dict[str, Lowering], migrated: Path
) -> PartitionRuns:
    """The three processes of migrated lowerings, beside ``before`` (by backend)."""
    out = PartitionRuns({f"{b}:before": before[b] for b in COMPONENT}, folder)
    report = {"EXECUTORCH_DELEGATION_RECORD": str(out.whole_record), "TORCH_TRACE": str(out.trace)}
    batches = [  # (TORCH_LOGS, partitioners, more variables, key of a run by partitioner)
        ("partition_report", [*COMPONENT, *DIFF_VARIANTS], report, lambda b: "partition_report"),
        (THEIR_NAMES, ALL_BUT_VULKAN, {}, lambda b: COMPONENT[b]),
        ("vulkan", ["vulkan", "webgpu"], {}, lambda b: "vulkan"),
    ]

    def one(batch: int) -> dict[str, Lowering]:
        setting, names, more, key = batches[batch]
        pattern = str(folder / f"{{name}}-{batch}.json")
        env = {**more, RECORD_PATTERN_ENV: pattern}
        runs, whole = lower_batch(wheel, migrated, names, setting, env=env)
        assert whole.returncode == 0, whole.describe()
        for name in names:
            out.records[f"{name}:{key(name)}"] = Path(pattern.format(name=name))
        return {f"{name}:{key(name)}": run for name, run in runs.items()}

    with ThreadPoolExecutor(PARALLEL_RUNS) as pool:
        for runs in pool.map(one, range(len(batches))):
            out.runs.update(runs)
    return out
