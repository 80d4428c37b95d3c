"""The lowerings issue 16's and issue 23's e2e tests share (one set per session; each lowering is
a process of its own, two at a time): per backend the unmigrated lowering, and the migrated one
under ``TORCH_LOGS=partition_report`` and ``TORCH_LOGS=<backend>``, each migrated one writing its
delegation record (``EXECUTORCH_DELEGATION_RECORD``); the XNNPACK ``partition_report`` run also
writes torch's structured trace (``TORCH_TRACE``). Two more XNNPACK lowerings for the record's
diff: without the add config, and the model after an edit (nodes renumbered, lines moved).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from backend_lowering import COMPONENT, Lowering, lower_many, migrated_copy, pristine_copy
from wheel_env import WheelEnv

TRACED = ("xnnpack", "partition_report")
DIFF_VARIANTS = ("xnnpack_without_add", "xnnpack_edited_model")


@dataclass(frozen=True)
class PartitionRuns:
    """``runs["<backend>:<setting>"]`` (``<backend>:before`` unmigrated) and where the
    migrated runs wrote their records and the trace."""

    runs: dict[str, Lowering]
    folder: Path

    def record(self, backend: str, setting: str = "partition_report") -> Path:
        return self.folder / f"{backend}-{setting}.json"

    @property
    def trace(self) -> Path:
        return self.folder / "trace"


def lower_all(wheel: WheelEnv, folder: Path) -> PartitionRuns:
    pristine = pristine_copy(wheel, folder / "pristine")
    migrated, _ = migrated_copy(wheel, folder / "migrated")
    before = lower_many(wheel, pristine, [(b, None) for b in COMPONENT], with_et_log=False)
    jobs: list[tuple[str, str | None]] = [
        (b, s) for b in COMPONENT for s in ("partition_report", COMPONENT[b])
    ]
    jobs.append(("webgpu", "vulkan"))  # WebGPU runs Vulkan's code: its reasons are not Vulkan's
    jobs += [(variant, "partition_report") for variant in DIFF_VARIANTS]
    out = PartitionRuns({f"{b}:before": before[(b, None)] for b in COMPONENT}, folder)

    def env(backend: str, setting: str | None) -> dict[str, str]:
        more = {"EXECUTORCH_DELEGATION_RECORD": str(out.record(backend, str(setting)))}
        if (backend, setting) == TRACED:
            more["TORCH_TRACE"] = str(out.trace)
        return more

    after = lower_many(wheel, migrated, jobs, env=env)
    out.runs.update({f"{b}:{s}": run for (b, s), run in after.items()})
    return out
