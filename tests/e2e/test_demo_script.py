"""`bash scripts/demo.sh` as the README runs it: every step shows what its title claims, each line
checked in that step's own output (the demo prints `== <number>. <title>` before each step); a
sample tree broken on purpose makes the demo stop non-zero at the step that no longer shows it;
and no temporary folder is left behind. Slow (about a minute: torch starts a dozen times), so
marked e2e."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_tree" / "executorch"
STEP = re.compile(r"^\x1b\[1m== (\d+(?:\.\d+)?)\.? .*\x1b\[0m$", re.M)
REASON = "only support power == 2, got 3"
# A log line below ERROR in torch's format (V/I/W prefix) or the stdlib's (LEVEL:name:message).
BELOW_ERROR = re.compile(r"^\s*([VIWD]\d{4} |(DEBUG|INFO|WARNING):)", re.M)


def _demo(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    scratch = tmp_path / "tmp"
    scratch.mkdir(exist_ok=True)
    full_env = {**os.environ, "TMPDIR": str(scratch), **env}
    full_env.pop("DEMO_DIR", None)
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / "demo.sh")],
        env=full_env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def steps(stdout: str) -> dict[str, str]:
    """Each step's output by its number ("1", "7.3"), split on the demo's step lines."""
    marks = list(STEP.finditer(stdout))
    ends = [m.start() for m in marks[1:]] + [len(stdout)]
    return {m.group(1): stdout[m.end() : end] for m, end in zip(marks, ends, strict=True)}


def lines_with(text: str, needle: str) -> list[str]:
    return [line for line in text.splitlines() if needle in line]


def test_each_step_shows_what_it_claims(tmp_path: Path) -> None:
    done = _demo(tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = steps(done.stdout)
    numbers = ["1", "2", "3", "4", "5", "6", *(f"7.{n}" for n in range(1, 10))]
    assert list(out) == numbers, list(out)
    assert re.search(r"^total +\d+ +[1-9]\d*$", out["1"], re.M), out["1"]  # fixable sites
    assert "recipe partition-report: applied" in out["2"]
    assert re.search(r"^total +[1-9]\d* +0$", out["5"], re.M), out["5"]  # none fixable left
    assert "nothing to do" in out["6"]
    # Before the migration: +xnnpack rejected inside import torch; +executorch prints twice.
    assert re.search(r"ValueError inside import torch: .*xnnpack", out["7.1"]), out["7.1"]
    assert len(lines_with(out["7.2"], "partitioned 1 of 2 nodes")) == 2, out["7.2"]
    # After: the reason under xnnpack, once; nothing below ERROR; quiet by default; the table.
    (reason,) = lines_with(out["7.3"], REASON)
    assert "pow_tensor_scalar_1" in reason, out["7.3"]
    assert len(lines_with(out["7.4"], "accepted")) == 1, out["7.4"]
    assert "planned 2 buffers" in out["7.5"] and REASON not in out["7.5"], out["7.5"]
    assert not BELOW_ERROR.search(out["7.6"]) and REASON not in out["7.6"], out["7.6"]
    assert [line.strip() for line in out["7.7"].strip().splitlines()][1:] == [
        "(nothing printed)"
    ], out["7.7"]
    (row,) = lines_with(out["7.8"], REASON)
    assert "pow_tensor_scalar_1" in row and "XnnpackPartitioner" in out["7.8"], out["7.8"]
    assert '[__xnnpack_graph] {"nodes": ["pow_tensor_scalar"]' in out["7.9"], out["7.9"]
    assert list((tmp_path / "tmp").iterdir()) == []  # mktemp's folder is gone


# A break in a copy of the sample tree -> the step where the demo must stop.
BREAKS = {
    # The bug the demo once hid behind `|| true`: the configs lose the attribute the core reads.
    "config-attribute": (
        "backends/xnnpack/partition/config/generic_node_configs.py",
        'target_name = "pow.Tensor_Scalar"',
        'target = "pow.Tensor_Scalar"',
        "7.2",
    ),
    # XNNPACK no longer says why: the run's explanation has no reason to print.
    "reason-dropped": (
        "backends/xnnpack/partition/config/generic_node_configs.py",
        'why(node, reason=f"only support power == 2, got {power}")',
        "pass",
        "7.3",
    ),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_broken_sample_tree_stops_the_demo(tmp_path: Path, name: str) -> None:
    rel, old, new, stops_at = BREAKS[name]
    tree = tmp_path / "executorch"
    shutil.copytree(SAMPLE, tree)
    text = (tree / rel).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{rel} no longer has {old!r}: update this test"
    (tree / rel).write_text(text.replace(old, new), encoding="utf-8")
    done = _demo(tmp_path, DEMO_SAMPLE=str(tree))
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    assert f'FAILED at step "{stops_at} ' in done.stderr, done.stderr
    assert list(steps(done.stdout))[-1] == stops_at
    assert "The demo showed every step above." not in done.stdout
