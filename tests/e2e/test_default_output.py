"""The default-output contract on the released wheel: what a program prints, before the migration,
after class A (``--mechanical``) and after the full migration (class B applied), flow by flow.

The flows (``harness/default_output_flows.py``): the lowering of each backend the harness lowers;
``extension/llm/export``'s quantize paths on a tiny model (``quantize_model_``, and
``LLMEdgeManager``'s ``pt2e_quantize`` with the XNNPACK dynamic quantizer); ``DebugPass`` on an
edge program; the emitter's warning on a mutated buffer, in a program that configured nothing and
in one whose own ``logging.basicConfig(level=logging.ERROR)`` comes first; ``import
executorch.runtime``. A flow that cannot run here is skipped with its reason, never passed.

1. With nothing configured, after class A each flow's stdout and stderr equal the wheel's, line
   for line once ``default_output.normal_lines`` took out what differs between two runs (copies'
   paths, clock, pids, addresses, progress bars; a warning's location in a rewritten file read
   back in the pristine one).
2. After the full migration they differ only by what its JSON report lists: every line that
   disappeared or appeared is explained by a site's note, a library configuration the report says
   was removed, or a behaviour-changing recipe of the flow's component (``output_changes.py``);
   every unexplained line is printed; and the listed notes explain some line (not vacuous).
3. After the full migration under ``TORCH_LOGS=-executorch,-<each backend>`` no flow prints an
   ExecuTorch log line below ERROR, nor anything on stdout. Python warnings are not log lines:
   no logging switch silences them (test_application_modes.py checks the emitter's).
4. An application that calls ``logging.basicConfig(level=logging.DEBUG)`` first sees, after the
   full migration, every line it saw before (messages compared, each record's ``LEVEL:name:``
   aside); a backend's reason that a listed recipe rewords into the partition run's why-not line
   counts as seen when that line names the same node and reason.

Cost: the lowerings with nothing configured and under ``MINUS`` are the session's processes
(conftest.py: ``before_lowerings``, ``migrated_lowerings``, shared with test_backends.py), the
copies too (``pristine_overlay``, ``mechanical_overlay`` shared with test_class_a.py,
``migrated_overlay``). Beside them, two at a time: class A's lowerings, the other flows once per
side and setting, the DEBUG application's every flow before and after, the ERROR application's
emitter warning on each side.
"""

from __future__ import annotations

import difflib
import json
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from harness.backend_lowering import (
    MINUS,
    NAMED,
    PARALLEL_RUNS,
    MigratedLowerings,
    Side,
    lower_batch,
)
from harness.default_output import (
    APPLICATION_FLOWS,
    OTHER_FLOWS,
    STREAMS,
    FlowRun,
    LineMap,
    application_lines,
    executorch_below_error,
    flow_components,
    normal_lines,
    run_flows,
)
from harness.default_output_flows import LOWER_PREFIX
from harness.lower_with_backend import BACKENDS
from harness.output_changes import Change, Explainer
from harness.wheel_env import WheelEnv

pytestmark = pytest.mark.e2e

LOWERINGS = tuple(LOWER_PREFIX + b for b in BACKENDS)
# (setting, flow): what a program that configured nothing runs, and the ERROR application's flow
UNSET = [("unset", f) for f in (*LOWERINGS, *OTHER_FLOWS, "(lowerings)", "(flows)")]
CASES = [*UNSET, ("ERROR", "emitter-warning")]
MINUS_FLOWS = (*(LOWER_PREFIX + n for n in NAMED), LOWER_PREFIX + "none", *OTHER_FLOWS)
MUTATION = "Mutation on a buffer in the model is detected"


@dataclass(frozen=True)
class Outputs:
    """Every run by side and setting (``"before"``/``"class A"``/``"full"`` × ``"unset"``/
    ``"ERROR"``/``"DEBUG"``, and ``("full", "MINUS")``), each a flow -> FlowRun map."""

    runs: dict[tuple[str, str], dict[str, FlowRun]]
    copies: dict[str, Path]
    line_maps: dict[str, LineMap | None]
    explainer: Explainer

    def lines(self, side: str, setting: str, flow: str, stream: str) -> list[str]:
        run = self.runs[(side, setting)][flow]
        return normal_lines(run.text(stream), self.copies[side], self.line_maps[side])


def _lowerings(side: Side, label: str) -> dict[str, FlowRun]:
    runs = {LOWER_PREFIX + name: FlowRun.of_lowering(run, label) for name, run in side.runs.items()}
    whole = side.whole
    runs["(lowerings)"] = FlowRun("(lowerings)", whole.stdout, whole.stderr, {}, label)
    return runs


def _flows(runs: dict[str, FlowRun]) -> dict[str, FlowRun]:
    whole = runs.pop("(process)")
    assert whole.summary["returncode"] == 0, whole.describe()
    return {**runs, "(flows)": whole}


@pytest.fixture(scope="module")
def outputs(
    request: pytest.FixtureRequest,
    wheel: WheelEnv,
    pristine_overlay: Path,
    mechanical_overlay: Path,
    migrated_overlay: Path,
    migrated_lowerings: MigratedLowerings,
    e2e_timings: Any,
) -> Outputs:
    copies = {"before": pristine_overlay, "class A": mechanical_overlay, "full": migrated_overlay}
    et_log = {"before": False, "class A": True, "full": True}

    def flows(side: str, setting: str, names: tuple[str, ...], **how: Any) -> dict[str, FlowRun]:
        label = f"{side}, {setting}"
        return _flows(run_flows(wheel, copies[side], names, label, with_et_log=et_log[side], **how))

    def class_a_lowerings() -> dict[str, FlowRun]:
        side = Side(*lower_batch(wheel, mechanical_overlay, BACKENDS, None))
        assert side.whole.returncode == 0, side.whole.describe()
        return _lowerings(side, "class A, unset")

    shared = {("full", "unset", "lowerings"), ("full", "MINUS", "lowerings")}  # the session's
    jobs: dict[tuple[str, str, str], Any] = {  # longest first
        ("before", "DEBUG", ""): lambda: flows(
            "before", "DEBUG", APPLICATION_FLOWS, basic_config="DEBUG"
        ),
        ("full", "DEBUG", ""): lambda: flows(
            "full", "DEBUG", APPLICATION_FLOWS, basic_config="DEBUG"
        ),
        ("class A", "unset", "lowerings"): class_a_lowerings,
        ("full", "unset", "lowerings"): lambda: _lowerings(
            migrated_lowerings.side(None, BACKENDS), "full, unset"
        ),
        ("full", "MINUS", "lowerings"): lambda: _lowerings(
            migrated_lowerings.side(MINUS, NAMED), "full, MINUS"
        ),
        ("full", "MINUS", "flows"): lambda: flows(
            "full", "MINUS", (LOWER_PREFIX + "none", *OTHER_FLOWS), torch_logs=MINUS
        ),
        **{(s, "unset", "flows"): (lambda s=s: flows(s, "unset", OTHER_FLOWS)) for s in copies},
        **{
            (s, "ERROR", ""): (
                lambda s=s: flows(s, "ERROR", ("emitter-warning",), basic_config="ERROR")
            )
            for s in copies
        },
    }
    runs: dict[tuple[str, str], dict[str, FlowRun]] = {}
    own = len(jobs.keys() - shared)
    with e2e_timings.step(f"default output: {own} processes, and the session's not run yet"):
        with ThreadPoolExecutor(PARALLEL_RUNS) as pool:
            futures: dict[tuple[str, str, str], Future[dict[str, FlowRun]]] = {
                key: pool.submit(job) for key, job in jobs.items()
            }
            before = request.getfixturevalue("before_lowerings")  # meanwhile, if not run yet
            runs[("before", "unset")] = _lowerings(before, "before, unset")
            for (side, setting, _part), future in futures.items():
                runs.setdefault((side, setting), {}).update(future.result())
    report = json.loads((migrated_overlay / "migration-report.json").read_text())
    line_maps = {
        "before": None,
        "class A": LineMap(pristine_overlay, mechanical_overlay),
        "full": LineMap(pristine_overlay, migrated_overlay),
    }
    return Outputs(runs, copies, line_maps, Explainer(report))


def _ran_before(outputs: Outputs, setting: str, flow: str) -> FlowRun:
    run = outputs.runs[("before", setting)][flow]
    if run.unavailable_reason is not None:
        pytest.skip(f"{flow} cannot run on the wheel here: {run.unavailable_reason}")
    return run


def _case_id(case: tuple[str, str]) -> str:
    return f"{case[0]}:{case[1]}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_class_a_prints_what_the_wheel_printed(outputs: Outputs, case: tuple[str, str]) -> None:
    setting, flow = case
    _ran_before(outputs, setting, flow)
    for stream in STREAMS:
        old = outputs.lines("before", setting, flow, stream)
        new = outputs.lines("class A", setting, flow, stream)
        diff = "\n".join(difflib.unified_diff(old, new, "before", "class A", lineterm="", n=1))
        assert new == old, f"{setting}, {flow}: {stream} changed with class A\n{diff[:6000]}"


@pytest.fixture(scope="module")
def changes(outputs: Outputs) -> dict[tuple[str, str], list[Change]]:
    """Every line the full migration took out of or added to each case's output, explained."""
    found = {}
    for setting, flow in CASES:
        listed: list[Change] = []
        for stream in STREAMS:
            old = outputs.lines("before", setting, flow, stream)
            new = outputs.lines("full", setting, flow, stream)
            components = flow_components(flow)
            listed += outputs.explainer.explain(flow, components, stream, old, new)
        found[(setting, flow)] = listed
    return found


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_the_full_migration_changes_only_listed_lines(
    outputs: Outputs, changes: dict[tuple[str, str], list[Change]], case: tuple[str, str]
) -> None:
    _ran_before(outputs, *case)
    unexplained = [str(c) for c in changes[case] if c.by is None]
    assert not unexplained, (
        f"{len(unexplained)} line(s) changed by the full migration that no item of its report "
        f"lists (site notes, removed configurations, behaviour-changing recipes of "
        f"{flow_components(case[1])}):\n" + "\n".join(unexplained)
    )


def test_the_listed_changes_explain_lines_of_the_flows(
    changes: dict[tuple[str, str], list[Change]],
) -> None:
    """Not vacuous: site notes explain lines (extension/llm/export's quantize prints), and the
    recipes and removed configurations explain the rest; the summary says which explain what."""
    explained: dict[str, int] = {}
    for listed in changes.values():
        for change in listed:
            if change.by is not None:
                explained[change.by] = explained.get(change.by, 0) + 1
    by_site = [by for by in explained if not by.startswith(("recipe ", "library logging"))]
    summary = "\n".join(f"{n:5} {by[:150]}" for by, n in sorted(explained.items()))
    assert by_site, f"no site's note explains a changed line; explained:\n{summary}"
    assert any(by.startswith("recipe ") for by in explained), summary


@pytest.mark.parametrize("flow", list(MINUS_FLOWS))
def test_minus_every_component_leaves_only_errors(outputs: Outputs, flow: str) -> None:
    _ran_before(outputs, "unset", flow)
    run = outputs.runs[("full", "MINUS")][flow]
    assert run.unavailable_reason is None, run.describe()
    below = executorch_below_error(run.stderr, outputs.explainer)
    assert not below, f"TORCH_LOGS={MINUS}: ExecuTorch lines below ERROR\n" + "\n".join(below)
    if flow == LOWER_PREFIX + "arm_ethosu85":  # Vela's own report (test_backends.OWN_STDOUT)
        unset = outputs.runs[("full", "unset")][flow].stdout
        assert "Network summary" in run.stdout and run.stdout == unset, run.describe()
    else:
        assert run.stdout == "", f"TORCH_LOGS={MINUS}: stdout\n{run.describe()}"


@pytest.mark.parametrize("flow", APPLICATION_FLOWS)
def test_an_application_at_debug_sees_every_line_it_saw(outputs: Outputs, flow: str) -> None:
    _ran_before(outputs, "DEBUG", flow)
    before = outputs.runs[("before", "DEBUG")][flow]
    after = outputs.runs[("full", "DEBUG")][flow]
    assert after.unavailable_reason is None, after.describe()
    seen = application_lines(before, outputs.copies["before"])
    now = application_lines(after, outputs.copies["full"], outputs.line_maps["full"])
    components = flow_components(flow)
    lost = [m for m in sorted(seen - now) if not outputs.explainer.reworded(m, now, components)]
    assert not lost, f"{flow}: lines the DEBUG application no longer sees:\n" + "\n".join(lost)


def test_the_flows_do_what_they_claim(outputs: Outputs) -> None:
    """Each flow printed what it is there for, on the wheel as users have it."""
    before = outputs.runs[("before", "unset")]
    assert MUTATION in before["emitter-warning"].stderr, before["emitter-warning"].describe()
    error = outputs.runs[("before", "ERROR")]["emitter-warning"]
    assert MUTATION in error.stderr, error.describe()
    assert "Enter debug_pass" in before["debug-pass"].stderr, before["debug-pass"].describe()
    if before["llm-quantize"].unavailable_reason is None:
        assert "Skipping head" in before["llm-quantize"].stdout, before["llm-quantize"].describe()
    for side in ("class A", "full"):
        assert MUTATION in outputs.runs[(side, "ERROR")]["emitter-warning"].stderr, side
