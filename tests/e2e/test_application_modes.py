"""What an application that sets up its own logging sees, on the released wheel, before and after.

One program lowers a small model (a linear layer, a buffer it mutates) with XNNPACK and
``to_executorch`` in six modes: nothing configured; ExecuTorch's own ``export_llama`` set-up
(``basicConfig(level=INFO, force=True)`` before the imports); ``basicConfig(level=INFO)`` after
the imports, without ``force``; ``basicConfig(level=DEBUG)``; an application handler on the root
at DEBUG, which prints every record it receives; ``XnnpackPartitioner(verbose=True)`` made
before the application's ``basicConfig(level=DEBUG)``. Each run prints the records (level, message,
stream) with times, addresses and paths taken out.

- After the mechanical migration (``--mechanical``) every mode prints exactly what the wheel
  printed: same records, same order, same count.
- After the full migration no line is newly shown at INFO (an application at INFO sees no new
  per-node line: a muted module's INFO calls moved to DEBUG with its mute), and the
  application's handler receives every record it received before, and ``verbose=True`` then
  the application's logging prints no line more often than before.
- The emitter's "Mutation on a buffer" warning is raised whatever the logging switches say:
  under ``TORCH_LOGS=-executorch`` and after ``set_logs("-executorch")``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from harness.child_runs import Run, run_python
from harness.default_output import normal_lines
from harness.output_changes import Explainer
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
partitioner = XnnpackPartitioner(verbose=MODE == "verbose-late")
if MODE == "verbose-late":  # an application that sets up logging after making the partitioner
    logging.basicConfig(level=logging.DEBUG, format=FORMAT)


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
    lowered = to_edge_transform_and_lower(program, partitioner=[partitioner])
    lowered.to_executorch()
for each in caught:
    if "Mutation on a buffer" in str(each.message):
        print("WARNED", each.category.__name__)
for line in received:
    print("RECEIVED", line.splitlines()[0][:160])
"""
MODES = ("nothing", "info-force", "info-after", "debug", "handler", "verbose-late")
SIDES = ("wheel", "mechanical", "full")
VISITING = "Visiting: "  # xnnpack_preprocess.py's line per delegated node
VERBOSE = "Verbose logging enabled for XNNPACK partitioner."


@dataclass(frozen=True)
class Seen:
    """One run's output, each stream's lines as ``default_output.normal_lines`` makes them
    comparable between two runs (the copy's path, clock, pids and addresses taken out)."""

    stdout: list[str]
    stderr: list[str]


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
) -> dict[tuple[str, str], Seen]:
    overlays = dict(
        zip(SIDES, (pristine_overlay, mechanical_overlay, migrated_overlay), strict=True)
    )
    runs = {}
    for side, overlay in overlays.items():
        for mode in MODES:
            run = _run(wheel, overlay, mode, tmp_path_factory.mktemp(f"{side}-{mode}"))
            runs[side, mode] = Seen(
                normal_lines(run.stdout, overlay), normal_lines(run.stderr, overlay)
            )
    return runs


@pytest.mark.parametrize("mode", MODES)
def test_the_mechanical_migration_prints_what_the_wheel_printed(runs, mode: str) -> None:
    before, after = runs["wheel", mode], runs["mechanical", mode]
    assert after.stdout == before.stdout, mode
    assert after.stderr == before.stderr, mode


@pytest.mark.parametrize("mode", ["info-force", "info-after"])
def test_an_application_at_info_sees_no_new_line(runs, mode: str) -> None:
    before = _info_messages(runs["wheel", mode].stderr)
    after = _info_messages(runs["full", mode].stderr)
    assert after - before == Counter(), f"{mode}: newly at INFO: {after - before}"
    # not vacuous: XNNPACK's per-node INFO line, muted on the wheel, prints at DEBUG now
    debug = runs["full", "debug"].stderr
    assert any(line.startswith(f"DEBUG {VISITING}") for line in debug), "\n".join(debug)


def test_the_application_s_handler_receives_every_record_it_received(
    runs, migrated_overlay: Path
) -> None:
    """Every record, or (a listed recipe of the record's) the why-not line that names the same
    node and reason."""

    def received(run: Seen) -> Counter[str]:
        return Counter(line.split(" ", 1)[1] for line in run.stdout if line.startswith("RECEIVED "))

    before, after = received(runs["wheel", "handler"]), received(runs["full", "handler"])
    assert before, "the handler received nothing on the wheel: the test could not tell"
    report = json.loads((migrated_overlay / "migration-report.json").read_text(encoding="utf-8"))
    explainer, now = Explainer(report), {m.split(" ", 1)[1] for m in after}
    components = ("executorch", "xnnpack")
    lost = [
        m for m in before - after if not explainer.reworded(m.split(" ", 1)[1], now, components)
    ]
    assert lost == [], f"no longer received: {lost}"


def _message(line: str) -> str:
    """A record's message, in basicConfig's default format or the program's ``FORMAT``."""
    if re.match(r"^[A-Z]+:[\w.]*:", line):
        return line.split(":", 2)[2]
    return line.split(" ", 1)[1] if re.match(r"^[A-Z]+ ", line) else line


def test_verbose_then_the_application_s_logging_prints_each_line_once(runs) -> None:
    """``XnnpackPartitioner(verbose=True)``, then the application's ``basicConfig``: no line
    prints more often than on the wheel (a handler of the module's own beside the root's
    would print each of its lines twice)."""
    before = Counter(map(_message, runs["wheel", "verbose-late"].stderr))
    after = Counter(map(_message, runs["full", "verbose-late"].stderr))
    assert before[VERBOSE] == 1, runs["wheel", "verbose-late"].stderr
    more = {m: (before[m], after[m]) for m in before if after[m] > before[m]}
    assert more == {}, more


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
