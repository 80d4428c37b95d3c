"""Every backend the same (issue 16): issue 16's model lowered through each partitioner on the wheel.

Before and after migrating ``exir backends extension devtools`` (a copy of the installed package),
per backend: the same partition and the same program bytes (Core ML: the same delegates and CPU
nodes; its bytes differ from run to run); with TORCH_LOGS unset no ExecuTorch line below WARNING,
nothing on stdout (Ethos-U: Vela's own report, the same lines as before), the root logger as it
was; ``-<backend>`` nothing below ERROR from the backend's files (in the session's process that switches off ``executorch`` and every backend at once,
``MINUS``). The why-not and partition_report properties depend on every backend feeding the core report
(issue 16 items 1-2) and have one test function each, so the integrator sees which hold.

Cost: one process per setting lowers every backend in turn (``lower_batch``), four processes in all
beside the session's unmigrated lowerings and migrated copy (conftest.py, shared with
partition_runs.py); the unset and ``MINUS`` ones are the session's (``migrated_lowerings``, shared
with test_default_output.py), and one unmigrated process lowering Ethos-U alone (``OWN_STDOUT``);
timings are printed in pytest's summary. A backend that cannot lower here is
skipped with the driver's reason, never passed.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

import pytest
from harness.backend_lowering import (
    COMPONENT,
    MINUS,
    NAMED,
    Lowering,
    MigratedLowerings,
    Side,
    lower_batch,
    lowered_run,
    pristine_copy,
)
from harness.log_lines import LogLine, below, executorch_lines
from harness.lower_with_backend import BACKENDS  # the driver's table: one list of backends
from harness.wheel_env import WheelEnv

pytestmark = pytest.mark.e2e

# the package folder of each partitioner's backend
FOLDER = {name: f"backends/{c}/" for name, c in COMPONENT.items()}
FOLDER["coreml"] = "backends/apple/coreml/"
BYTES_VARY = {"coreml"}  # Core ML's payload differs from run to run even unmigrated
# WebGPU runs Vulkan's partitioner: its why-not must come under webgpu, so vulkan gets its own run
WHY_ALL_BUT_VULKAN = ",".join(sorted(set(COMPONENT.values()) - {"vulkan"})) + ",partition_report"
WHY_VULKAN = "vulkan,partition_report"
REPORT_TAG = "[__partition_report]"
# Vela, Arm's Ethos-U compiler (a third-party tool ExecuTorch runs in-process), prints its own
# report on stdout on every Ethos-U lowering. That is Vela's output, not ExecuTorch's logging, and
# et-log leaves it alone: for that lowering stdout must be what the unmigrated wheel prints (the
# same lines before and after migration), not empty. Every other lowering prints nothing there.
# The reference is Ethos-U lowered alone on the unmigrated wheel (`alone_before`): in the batch,
# Vulkan's lowering runs first and its own basicConfig(level=INFO) puts the root at INFO, and Arm's
# unmigrated backend passes Vela --verbose-all whenever its logger shows INFO, so there Vela also
# prints its verbose dump (hundreds of lines) that a program lowering only Ethos-U never sees.
OWN_STDOUT = {"arm_ethosu85": "Vela's own report"}


@pytest.fixture(scope="module")
def before(before_lowerings: Side) -> Side:
    return before_lowerings


@pytest.fixture(scope="module")
def alone_before(wheel: WheelEnv, tmp_path_factory: Any, e2e_timings: Any) -> dict[str, Lowering]:
    """Each OWN_STDOUT backend lowered alone on the unmigrated wheel, one process each (no other
    backend's logging set-up before it)."""
    overlay = pristine_copy(wheel, tmp_path_factory.mktemp("own-stdout-pristine"))
    runs: dict[str, Lowering] = {}
    for name in OWN_STDOUT:
        with e2e_timings.step(f"{name} alone before migration"):
            batch, whole = lower_batch(wheel, overlay, [name], None, with_et_log=False)
        assert whole.returncode == 0, whole.describe()
        runs[name] = batch[name]
    return runs


@pytest.fixture(scope="module")
def after(migrated_lowerings: MigratedLowerings) -> dict[str | None, Side]:
    """Per TORCH_LOGS value, the lowerings after migration (vulkan's why-not run on its own);
    unset and MINUS are the session's, shared with test_default_output.py."""
    settings: dict[str | None, tuple[str, ...]] = {
        None: BACKENDS,
        MINUS: NAMED,
        WHY_ALL_BUT_VULKAN: tuple(n for n in NAMED if n != "vulkan"),
        WHY_VULKAN: ("vulkan",),
    }
    return {setting: migrated_lowerings.side(setting, names) for setting, names in settings.items()}


def _lowered_before(before: Side, name: str) -> Lowering:
    return lowered_run(before.runs, name)


def _after(after: dict[str | None, Side], setting: str | None, name: str) -> Lowering:
    run = after[setting].runs[name]
    assert run.lowered, f"lowered before migration, not after:\n{run.describe()}"
    return run


def _why_setting(name: str) -> str:
    return WHY_VULKAN if name == "vulkan" else WHY_ALL_BUT_VULKAN


@pytest.mark.parametrize("name", BACKENDS)
def test_same_partition_and_program_bytes_before_and_after(before, after, name: str) -> None:
    expected = _lowered_before(before, name)
    for setting, side in after.items():
        if name not in side.runs:
            continue
        run = _after(after, setting, name)
        assert run.partition() == expected.partition(), f"partition differs: {run.label}"
        if name not in BYTES_VARY:
            assert run.summary["program_sha256"] == expected.summary["program_sha256"], run.label


def _below_warning(run: Lowering) -> list[LogLine]:
    return below("WARNING", executorch_lines(run.lines))


def _diff(expected: str, run: Lowering) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(), run.stdout.splitlines(), "before", run.label, lineterm=""
    )
    return "\n".join(lines)


def _assert_stdout_as_before(alone_before: dict[str, Lowering], run: Lowering) -> None:
    """Nothing on stdout; for a lowering in OWN_STDOUT, exactly the unmigrated wheel's stdout."""
    if run.backend in OWN_STDOUT:
        expected = lowered_run(alone_before, run.backend).stdout
        assert expected, f"the unmigrated wheel printed no {OWN_STDOUT[run.backend]}"
        assert run.stdout == expected, f"{OWN_STDOUT[run.backend]} changed\n{_diff(expected, run)}"
    else:
        assert run.stdout == "", run.describe()


@pytest.mark.parametrize("name", BACKENDS)
def test_unset_is_quiet_prints_nothing_on_stdout_and_leaves_the_root_logger(
    before, alone_before, after, name: str
) -> None:
    _lowered_before(before, name)
    run = _after(after, None, name)
    assert _below_warning(run) == [], run.describe()
    _assert_stdout_as_before(alone_before, run)
    assert run.summary["root_after"] == run.summary["root_before"], run.describe()
    whole = after[None].whole
    assert whole.stdout == "" and _below_warning(whole) == [], whole.describe()


def _from_folder(run: Lowering, name: str) -> list[LogLine]:
    return [line for line in run.lines if (line.module or "").startswith(FOLDER[name])]


@pytest.mark.parametrize("name", NAMED)
def test_minus_backend_leaves_only_errors_from_its_files(
    before, alone_before, after, name: str
) -> None:
    _lowered_before(before, name)
    run = _after(after, MINUS, name)
    assert below("ERROR", _from_folder(run, name)) == [], run.describe()
    _assert_stdout_as_before(alone_before, run)


def _mentions(message: str, node: dict[str, str]) -> bool:
    """The line names the node: its name, its target, or its op (``sort`` of ``aten.sort.default``)."""
    target = node["target"]
    op = target.split(".")[1] if target.count(".") >= 2 else target
    return (
        node["name"] in message
        or target in message
        or re.search(rf"\b{re.escape(op)}\b", message) is not None
    )


def _cpu_nodes(run: Lowering) -> list[dict[str, str]]:
    return list(run.summary.get("cpu_nodes") or [])


@pytest.mark.parametrize("name", NAMED)
def test_backend_name_explains_every_op_left_on_the_cpu(before, after, name: str) -> None:
    """TORCH_LOGS=<backend>: an INFO line per CPU-left op with a reason (issue 16 item 2)."""
    _lowered_before(before, name)
    run = _after(after, _why_setting(name), name)
    info = [
        line.message
        for line in executorch_lines(run.lines)
        if line.level == "INFO" and REPORT_TAG not in line.text
    ]
    unexplained = [n for n in _cpu_nodes(run) if not any(_mentions(m, n) for m in info)]
    assert unexplained == [], f"no why-not line for {unexplained}\n{run.describe()}"


@pytest.mark.parametrize("name", NAMED)
def test_partition_report_lists_every_op_left_on_the_cpu(before, after, name: str) -> None:
    """TORCH_LOGS=partition_report: the core's table lists every CPU-left op (issue 16 item 1)."""
    _lowered_before(before, name)
    run = _after(after, _why_setting(name), name)
    report = [line.message for line in run.lines if REPORT_TAG in line.text]
    assert report, f"no partition report\n{run.describe()}"
    missing = [n for n in _cpu_nodes(run) if not any(_mentions(m, n) for m in report)]
    assert missing == [], f"not in the partition report: {missing}\n{run.describe()}"


def test_vela_report_stays_on_stdout_and_its_verbose_dump_is_off_at_info(
    before, alone_before, after
) -> None:
    """Ethos-U: Vela's report is Vela's own output on stdout, before and after alike; under
    TORCH_LOGS=arm (INFO) Vela is not run verbose (vela-verbose-at-debug), so stdout is the same
    report as before and nothing of Vela's becomes an ExecuTorch line."""
    _lowered_before(before, "arm_ethosu85")
    pristine = lowered_run(alone_before, "arm_ethosu85")
    assert "Network summary" in pristine.stdout, "the unmigrated wheel prints Vela's report"
    assert "NPU_OP_" not in pristine.stdout, "the reference has Vela's verbose dump"
    run = _after(after, WHY_ALL_BUT_VULKAN, "arm_ethosu85")
    assert run.stdout == pristine.stdout, f"Vela's report changed\n{_diff(pristine.stdout, run)}"
    vela = [line for line in run.lines if line.module == "backends/arm/arm_vela"]
    assert vela == [], run.describe()
