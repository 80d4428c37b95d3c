"""An application's view of ExecuTorch, before and after migration (issue 21's "Done when").

The emitter's mutable-buffer warning is recorded, ignored and raised under the application's
filters exactly as before; ``logging.basicConfig(level=logging.DEBUG, force=True)`` sees every
ExecuTorch record it saw before (message for message; prints that became records come on top);
``import executorch.runtime`` prints nothing it did not print before. Both migrated modes:
et-log installed, and the vendored runtime with et-log blocked.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from harness.child_runs import Run, run_python
from harness.wheel_env import copy_executorch
from test_executorch_wheel import migrated

pytestmark = pytest.mark.e2e
__all__ = ["migrated"]  # the fixture: et-log installed, and vendored

APPLICATION = Path(__file__).resolve().parent / "harness" / "application.py"
MUTATION = "Mutation on a buffer in the model is detected"
_RECORD = re.compile(r"^(DEBUG|INFO|WARNING|ERROR|CRITICAL)\|(['\"].*)$")
_ADDRESS = re.compile(r" at 0x[0-9a-f]+")
# XNNPACK's reason, which the why-no-partition recipe turns into the run's why-not line
# (`XnnpackPartitioner: <node> (<target>) stays on the CPU: <reason>`, a DEBUG record here: the
# application configures logging, nothing of ours is named)
_WHY_NOT = re.compile(r"^'WhyNoPartition: Node (\S+) was not partitioned because (.*?)\.?'$")
_GLOG = re.compile(r"^[DIWEF]\d{4} [\d:.]+ \d+ ")  # torch's `W1201 17:08:42.347000 32057 ` prefix


def _steps(text: str) -> dict[str, str]:
    """The output of each ``== step`` of application.py."""
    parts = re.split(r"^== (.+)$", text, flags=re.MULTILINE)
    return {name: body for name, body in zip(parts[1::2], parts[2::2], strict=True)}


def _messages(stderr: str) -> Counter[str]:
    """The records basicConfig printed (``LEVEL|repr(message)``), by message, addresses left out."""
    found = (_RECORD.match(line) for line in _steps(stderr)["basicconfig"].splitlines())
    return Counter(_ADDRESS.sub(" at 0x", m.group(2)) for m in found if m)


def _runs(wheel, overlay: Path, label: str, **blocked) -> tuple[Run, Run]:
    app = run_python(wheel, overlay, [str(APPLICATION)], f"{label}: application", **blocked)
    bare = ["-c", "import executorch.runtime"]
    return app.check_ok(), run_python(wheel, overlay, bare, f"{label}: import", **blocked)


@pytest.fixture(scope="module")
def before(wheel, tmp_path_factory) -> tuple[Run, Run]:
    overlay = copy_executorch(wheel, tmp_path_factory.mktemp("application-before"))
    return _runs(wheel, overlay, "before", with_et_log=False)


@pytest.fixture(scope="module")
def after(wheel, migrated) -> tuple[Run, Run]:
    blocked = {"with_et_log": not migrated.vendored, "blocker": migrated.blocker}
    return _runs(wheel, migrated.overlay, "after", **blocked)


def test_the_application_s_warning_filters_see_the_emitter_s_warning_as_before(before, after):
    steps = _steps(before[0].stdout)
    assert steps["warnings record"].strip() == f"recorded: UserWarning: {MUTATION}\nfinished"
    assert steps["warnings ignore"].strip() == "finished"
    assert steps["warnings error"].strip() == f"raised: {MUTATION}"
    assert _steps(after[0].stdout) == steps, after[0].describe()
    assert MUTATION not in _steps(after[0].stderr)["warnings ignore"], after[0].describe()


def _still_told(message: str, now: Counter[str]) -> bool:
    """``message`` is among the records now, or (a WhyNoPartition reason) the run's why-not
    line names the same node with the same reason."""
    why = _WHY_NOT.match(message)
    if message in now or not why:
        return message in now
    node, reason = why.groups()
    return any(f": {node} (" in m and f"stays on the CPU: {reason}" in m for m in now)


def test_basicconfig_debug_sees_every_record_it_saw_before(before, after):
    seen, now = _messages(before[0].stderr), _messages(after[0].stderr)
    assert sum(bool(_WHY_NOT.match(m)) for m in seen) == 2, before[0].describe()
    lost = [m for m in seen - now if not _still_told(m, now)]
    assert not lost, f"records lost: {lost}\n{after[0].describe()}"


def test_import_executorch_runtime_prints_nothing_new(before, after):
    for stream in ("stdout", "stderr"):
        old, new = (
            [_GLOG.sub("", x) for x in getattr(run, stream).splitlines()]
            for run in (before[1], after[1])
        )
        assert not Counter(new) - Counter(old), after[1].describe()
