"""Issue 32 on the released wheel, migrated (its `critical-operators-<backend>` recipes taken): a
lowering that leaves the model's linear on the CPU ends with one WARNING on the backend's
component naming it, its code and the user's line, with nothing configured; the same model with
the linear delegated prints nothing new; ``-<backend>`` silences it; the user's
``EXECUTORCH_CRITICAL_OPS`` adds an operator; the unmigrated wheel never printed it.

The rejecting partitioners are the driver's ``REJECTING_LINEAR``: XNNPACK, Vulkan and Arm's
TOSA partitioner given the model in float64, a dtype each refuses (Core ML converts it and
OpenVINO takes it). ``EXCLUDING_LINEAR`` are the user's own choices (XNNPACK without its GEMM
configs, Core ML's skip list, Vulkan's block list): no WARNING (review 7). Cost: three
processes on the session's migrated copy and one on the pristine one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness.backend_lowering import DRIVER, Lowering, lower_batch, lowered_run
from harness.lower_with_backend import CHAIN_TAKING_LINEAR, EXCLUDING_LINEAR, REJECTING_LINEAR
from harness.wheel_env import WheelEnv

pytestmark = pytest.mark.e2e

COMPONENT = {"xnnpack_float64": "xnnpack", "vulkan_float64": "vulkan", "arm_tosa_float64": "arm"}
PARTITIONER = {
    "xnnpack": "XnnpackPartitioner",
    "coreml": "CoreMLPartitioner",
    "vulkan": "VulkanPartitioner",
    "arm": "TOSAPartitioner",
}
CODE = {"xnnpack": "XNN.DTYPE", "vulkan": "VK.DTYPE", "arm": "ARM.UNSUPPORTED"}
# the same model, its linear delegated (OpenVINO's too: its table, nothing new; and a lowering
# whose second partitioner takes the linear its first left: the WARNING waits for the last)
DELEGATING = ("xnnpack", "coreml", "openvino", CHAIN_TAKING_LINEAR)
LINEAR_LINE = next(
    number
    for number, line in enumerate(DRIVER.read_text(encoding="utf-8").splitlines(), 1)
    if "y = torch.relu(self.linear(x))" in line
)
WARNING = re.compile(
    r"^(?P<partitioner>\w+) left (?P<count>\d+) critical operator\(s\) on the CPU: (?P<named>.*) "
    r"\(each node left: (TORCH_LOGS=partition_report|[\w.]+\.set_logs\('partition_report'\))\)$"
)


def _critical_lines(run: Lowering) -> list[str]:
    return [line for line in run.stderr.splitlines() if "critical operator(s)" in line]


@pytest.fixture(scope="module")
def lowered(wheel: WheelEnv, migrated_overlay: Path, pristine_overlay: Path, e2e_timings):
    """(setting, side) -> the lowerings: unset, -<backends>, the user's pattern, and unmigrated."""
    names = [*REJECTING_LINEAR, *EXCLUDING_LINEAR, *DELEGATING]
    minus = ",".join(f"-{c}" for c in sorted(set(COMPONENT.values())))
    out: dict[str, dict[str, Lowering]] = {}
    for label, overlay, logs, env, et_log in [
        ("unset", migrated_overlay, None, {}, True),
        ("minus", migrated_overlay, minus, {}, True),
        ("user", migrated_overlay, None, {"EXECUTORCH_CRITICAL_OPS": "aten.pow.*"}, True),
        ("pristine", pristine_overlay, None, {}, False),
    ]:
        with e2e_timings.step(f"critical operators, {label}"):
            runs, whole = lower_batch(wheel, overlay, names, logs, et_log, env)
        assert whole.returncode == 0, whole.describe()
        out[label] = runs
    return out


@pytest.mark.parametrize("name", REJECTING_LINEAR)
def test_a_linear_left_on_the_cpu_warns_once_by_default(lowered, name: str) -> None:
    run = lowered_run(lowered["unset"], name)
    lines = _critical_lines(run)
    assert len(lines) == 1, run.describe()
    match = WARNING.match(lines[0])
    assert match is not None, lines
    assert match["partitioner"] == PARTITIONER[COMPONENT[name]]
    named = match["named"]
    code = CODE[COMPONENT[name]]  # the backend's own reason: float64 refused
    # the code and the backend's own words, which say what to change (the dtype)
    operator = r"aten\.(linear|addmm|mm)\.default"
    said = rf"\({operator}, {re.escape(code)}: .+\) at lower_with_backend\.py:{LINEAR_LINE}"
    assert re.search(said, named), named
    assert "(linear: Linear, float64" in named, named  # what the user wrote (issue 45)


@pytest.mark.parametrize("name", DELEGATING)
def test_the_same_model_with_its_linear_delegated_prints_nothing_new(lowered, name) -> None:
    run = lowered_run(lowered["unset"], name)
    assert _critical_lines(run) == [], run.describe()


@pytest.mark.parametrize("name", EXCLUDING_LINEAR)
def test_a_linear_the_user_kept_off_the_backend_is_not_named(lowered, name: str) -> None:
    run = lowered_run(lowered["unset"], name)
    assert _critical_lines(run) == [], run.describe()


@pytest.mark.parametrize("name", REJECTING_LINEAR)
def test_minus_backend_silences_it(lowered, name: str) -> None:
    run = lowered_run(lowered["minus"], name)
    assert _critical_lines(run) == [], run.describe()


def test_the_user_s_pattern_adds_an_operator(lowered) -> None:
    """pow(x, 3) is left by XNNPACK for its exponent: named once the user marks pow critical."""
    run = lowered_run(lowered["user"], "xnnpack")
    lines = _critical_lines(run)
    assert len(lines) == 1 and "aten.pow.Tensor_Scalar, XNN.CONSTRAINT" in lines[0], lines


@pytest.mark.parametrize("name", REJECTING_LINEAR)
def test_the_unmigrated_wheel_never_printed_it(lowered, name: str) -> None:
    run = lowered_run(lowered["pristine"], name)
    assert _critical_lines(run) == []
