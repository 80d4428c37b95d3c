"""Class A on the released wheel: after `migrate --mechanical` of the whole library, a program that
configured nothing prints the same stdout and stderr as before, byte for byte once the copies'
paths and the clock are taken out: the export, and the partitioner's verbose flag (whose DEBUG
line a backend's basicConfig shows; the full migration removes that basicConfig, class B)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness.child_runs import Run, run_python

pytestmark = pytest.mark.e2e

EXPORT_SCRIPT = Path(__file__).resolve().parent / "harness" / "export_model.py"
SCENARIOS = {"unset": [], "XnnpackPartitioner(verbose=True)": ["--verbose"]}
# what differs between two runs of the same program: where its copy lives, the time, and the
# process id in torch's line prefix (`W1203 14:54:32.967000 28402 file.py:630] ...`)
_TORCH_PREFIX = re.compile(r"^([VDIWEC])\d{4} \d{2}:\d{2}:\d{2}\.\d+ \d+ ")
_CLOCK = re.compile(r"\b\d{2}:\d{2}:\d{2}[.,]\d+\b|\b\d{4}-\d{2}-\d{2}\b")


def _exports(wheel, overlay: Path, with_et_log: bool) -> dict[str, Run]:
    runs = {}
    for label, extra in SCENARIOS.items():
        args = [str(EXPORT_SCRIPT), *extra]
        runs[label] = run_python(wheel, overlay, args, label, with_et_log=with_et_log).check_ok()
    return runs


def _normal(text: str, overlay: Path) -> list[str]:
    lines = [_TORCH_PREFIX.sub(r"\1<when> <pid> ", line) for line in text.splitlines()]
    return [_CLOCK.sub("<time>", line.replace(str(overlay), "<copy>")) for line in lines]


@pytest.fixture(scope="module")
def sides(
    wheel, pristine_overlay: Path, mechanical_overlay: Path, e2e_timings
) -> tuple[dict[str, Run], dict[str, Run], dict]:
    """The session's pristine copy and its class A copy (conftest.py, shared with
    test_default_output.py)."""
    before_copy, after_copy = pristine_overlay, mechanical_overlay
    with e2e_timings.step(f"class A: {2 * len(SCENARIOS)} exports before and after"):
        before = _exports(wheel, before_copy, with_et_log=False)
        after = _exports(wheel, after_copy, with_et_log=True)
    return before, after, {"before": before_copy, "after": after_copy}


@pytest.mark.parametrize("label", list(SCENARIOS))
def test_class_a_keeps_every_line_a_program_that_configured_nothing_saw(sides, label) -> None:
    before, after, copies = sides
    for stream in ("stdout", "stderr"):
        old = _normal(getattr(before[label], stream), copies["before"])
        new = _normal(getattr(after[label], stream), copies["after"])
        assert new == old, f"{label}: {stream} changed\n{after[label].describe()}"


def test_the_mechanical_run_changed_files(sides) -> None:
    """The comparison is of a migrated copy: class A rewrote some of it."""
    _, _, copies = sides
    migrated = [
        p
        for p in (copies["after"] / "executorch" / "exir").rglob("*.py")
        if "get_logger(__name__)" in p.read_text(encoding="utf-8", errors="replace")
    ]
    assert migrated, "the mechanical run rewrote nothing in exir/"
