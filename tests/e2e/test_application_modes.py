"""What an application that sets up its own logging sees, on the released wheel, before and after.

One program lowers a small model (a linear layer, a buffer it mutates) with XNNPACK and
``to_executorch`` in five modes: nothing configured; ExecuTorch's own ``export_llama`` set-up
(``basicConfig(level=INFO, force=True)`` before the imports); ``basicConfig(level=INFO)`` after
the imports, without ``force``; ``basicConfig(level=DEBUG)``; an application handler on the root
at DEBUG, which prints every record it receives. Each run prints the records (level, message,
stream) with times, addresses and paths taken out.

- After the mechanical migration (``--mechanical``) every mode prints exactly what the wheel
  printed: same records, same order, same count.
- After the full migration no line is newly shown at INFO (an application at INFO sees no new
  per-node line: a muted module's INFO calls moved to DEBUG with its mute), and the
  application's handler receives every record it received before.
- The emitter's "Mutation on a buffer" warning is raised whatever the logging switches say:
  under ``TORCH_LOGS=-executorch`` and after ``set_logs("-executorch")``.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from harness.child_runs import Run, run_python
from harness.wheel_env import WheelEnv

pytestmark = pytest.mark.e2e

PROGRAM = """
import logging, sys, warnings

MODE = sys.argv[1]
FORMAT = "%(levelname)s %(message)s"
if MODE == "info-force":  # examples/models/llama/export_llama.py's set-up
    logging.basicConfig(level=logging.INFO, format=FORMAT, force=True)
if MODE == "debug":
    logging.basicConfig(level=logging.DEBUG, format=FORMAT)
import torch
from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
from executorch.exir import to_edge_transform_and_lower

if MODE == "info-after":
    logging.basicConfig(level=logging.INFO, format=FORMAT)
received = []
if MODE == "handler":
    class Keep(logging.Handler):
        def emit(self, record):
            received.append(f"{record.levelname} {record.getMessage()}")
    logging.getLogger().addHandler(Keep())
    logging.getLogger().setLevel(logging.DEBUG)
if MODE == "set-logs-minus":
    from et_log_runtime import set_logs
    set_logs("-executorch")


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)
        self.register_buffer("calls", torch.zeros(1))

    def forward(self, x):
        self.calls.add_(1)
        return torch.relu(self.linear(x)) + self.calls


torch.manual_seed(0)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    program = torch.export.export(Model(), (torch.randn(2, 4),))
    lowered = to_edge_transform_and_lower(program, partitioner=[XnnpackPartitioner()])
    lowered.to_executorch()
for each in caught:
    if "Mutation on a buffer" in str(each.message):
        print("WARNED", each.category.__name__)
for line in received:
    print("RECEIVED", line.splitlines()[0][:160])
"""
MODES = ("nothing", "info-force", "info-after", "debug", "handler")
_NOISE = [
    (re.compile(r"0x[0-9a-f]+"), "0x?"),
    (re.compile(r"/\S+/(site-packages|overlay\w*|executorch)/"), "<path>/"),
    (re.compile(r"\d+\.\d+ ?(s|ms|seconds)\b"), "<time>"),
    (re.compile(r"\bpid \d+|\b\d{4,}\b"), "<n>"),
]


def _normal(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        for pattern, replacement in _NOISE:
            line = pattern.sub(replacement, line)
        lines.append(line.rstrip())
    return [line for line in lines if line]


def _run(
    wheel: WheelEnv, overlay: Path, mode: str, tmp: Path, torch_logs: str | None = None
) -> Run:
    script = tmp / "program.py"
    script.write_text(PROGRAM, encoding="utf-8")
    run = run_python(wheel, overlay, [str(script), mode], mode, torch_logs=torch_logs, cwd=tmp)
    assert run.returncode == 0, run.describe()
    return run


def _info_messages(lines: list[str]) -> Counter[str]:
    """The INFO lines of a run, by message (the logger's name aside: a root call now comes
    from its module's logger)."""
    return Counter(line.split(" ", 1)[1] for line in lines if line.startswith("INFO "))


@pytest.fixture(scope="module")
def runs(
    wheel: WheelEnv,
    pristine_overlay: Path,
    mechanical_overlay: Path,
    migrated_overlay: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[tuple[str, str], Run]:
    sides = {"wheel": pristine_overlay, "mechanical": mechanical_overlay, "full": migrated_overlay}
    return {
        (side, mode): _run(wheel, overlay, mode, tmp_path_factory.mktemp(f"{side}-{mode}"))
        for side, overlay in sides.items()
        for mode in MODES
    }


@pytest.mark.parametrize("mode", MODES)
def test_the_mechanical_migration_prints_what_the_wheel_printed(runs, mode: str) -> None:
    before, after = runs["wheel", mode], runs["mechanical", mode]
    assert _normal(after.stdout) == _normal(before.stdout), mode
    assert _normal(after.stderr) == _normal(before.stderr), mode


@pytest.mark.parametrize("mode", ["info-force", "info-after"])
def test_an_application_at_info_sees_no_new_line(runs, mode: str) -> None:
    before = _info_messages(_normal(runs["wheel", mode].stderr))
    after = _info_messages(_normal(runs["full", mode].stderr))
    assert before, f"{mode}: the wheel's run shows no INFO line: the test could not tell"
    assert after - before == Counter(), f"{mode}: newly at INFO: {after - before}"


def test_the_application_s_handler_receives_every_record_it_received(runs) -> None:
    def received(run: Run) -> Counter[str]:
        return Counter(
            line.split(" ", 1)[1] for line in _normal(run.stdout) if line.startswith("RECEIVED ")
        )

    before, after = received(runs["wheel", "handler"]), received(runs["full", "handler"])
    assert before, "the handler received nothing on the wheel: the test could not tell"
    assert before - after == Counter(), f"no longer received: {before - after}"


def test_the_buffer_warning_is_raised_in_every_mode(runs) -> None:
    for (side, mode), run in runs.items():
        assert "WARNED UserWarning" in run.stdout, (side, mode)


@pytest.mark.parametrize(
    ("mode", "torch_logs"), [("nothing", "-executorch"), ("set-logs-minus", None)]
)
def test_a_logging_switch_does_not_silence_the_warning(
    wheel: WheelEnv, migrated_overlay: Path, tmp_path: Path, mode: str, torch_logs: str | None
) -> None:
    run = _run(wheel, migrated_overlay, mode, tmp_path, torch_logs)
    assert "WARNED UserWarning" in run.stdout, run.describe()
