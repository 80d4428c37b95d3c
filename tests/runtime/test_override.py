"""override_logs: a scoped level plus an extra destination (the DebugPass log file), restored exactly."""

from __future__ import annotations

import logging

import pytest
from runtime_support import messages

from et_log_runtime import override_logs

EXIR = ["exir-debug", "exir-info", "exir-warning", "exir-error"]
XNN = ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]

# What a codemod recipe makes of upstream exir/common.py's override_logger, and DebugPass's use of
# it after its root logging.debug calls moved onto its module logger.
DEBUG_PASS = """
import logging, sys
from contextlib import contextmanager
from et_log_runtime import get_logger, override_logs

if sys.argv[-1] == "torch-first":
    import torch  # noqa: F401
import executorch.exir.passes.p as p
import executorch.backends.xnnpack.partition.q as q
import torch  # noqa: F401

@contextmanager
def override_logger(newLevel=logging.DEBUG, fmtstr="%(message)s", filename=None):
    with override_logs(newLevel, fmt=fmtstr, filename=filename):
        yield

log = get_logger("executorch.exir.passes.debug_pass")

def state():
    names = ["executorch.exir", "executorch.backends.xnnpack", "executorch", "root"]
    return [(logging.getLogger(n).level, list(logging.getLogger(n).handlers), logging.getLogger(n).propagate)
            for n in names]

before = state()
with override_logger(filename=sys.argv[-2]):
    log.debug("debug pass: %d nodes", 3)
    p.run()
    q.run()
print("restored", state() == before)
p.run()
"""


@pytest.mark.parametrize("when", ["torch-first", "modules-first"])
@pytest.mark.parametrize("torch_logs", [None, "-executorch"])
def test_debug_pass_file_gets_component_records(run, tmp_path, when, torch_logs) -> None:
    path = tmp_path / "debug_pass.log"
    env = {} if torch_logs is None else {"TORCH_LOGS": torch_logs}
    proc = run(None, args=["-c", DEBUG_PASS, str(path), when], **env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["restored", "True"]
    # every ExecuTorch component at DEBUG in the file, bare messages (fmt), artifacts stay off;
    # a component TORCH_LOGS switched (-executorch) keeps its level: only its errors
    shown = ["exir-error", *XNN] if torch_logs else ["debug pass: 3 nodes", *EXIR, *XNN]
    assert path.read_text(encoding="utf-8").splitlines() == shown
    after = ["exir-error"] if torch_logs else ["exir-warning", "exir-error"]
    # stderr: under TORCH_LOGS each line once (torch's handler, at the raised level while
    # active); without it, as before the migration: nothing while the file takes the records,
    # then Python's last resort (WARNING and up)
    during = shown if torch_logs else []
    assert messages(proc.stderr) == [*during, *after]


NO_FILE = """
import logging, sys
import torch  # noqa: F401
import executorch.exir.passes.p as p
from et_log_runtime import get_logger, override_logs

if sys.argv[-1] == "configured":
    logging.basicConfig(stream=sys.stdout, format="APP %(message)s")
with override_logs():  # DebugPass without a log file
    get_logger("executorch.exir.passes.debug_pass").debug("debug pass: 3 nodes")
    p.run()
p.run()
"""


def test_an_override_without_a_file_shows_its_lines_on_stderr(run) -> None:
    """Before the migration DebugPass set the root's level and logged on the root, whose first
    call gave it a stderr handler: its DEBUG dump printed on stderr in a program that configured
    nothing. The override shows the lines it asked for there while active, and only then."""
    proc = run(None, ["-c", NO_FILE, "unconfigured"])
    assert proc.returncode == 0, proc.stderr
    during = ["debug pass: 3 nodes", *EXIR]
    assert messages(proc.stderr) == [*during, "exir-warning", "exir-error"]


def test_an_override_adds_no_stderr_line_where_the_application_shows_them(run) -> None:
    """An application with its own handler gets the lines there, once; nothing on stderr."""
    proc = run(None, ["-c", NO_FILE, "configured"])
    assert proc.returncode == 0, proc.stderr
    assert messages(proc.stderr) == []
    shown = [line.removeprefix("APP ") for line in proc.stdout.splitlines()]
    assert shown == ["debug pass: 3 nodes", *EXIR, "exir-warning", "exir-error"]


NESTED = """
import logging, sys
import torch
import executorch.exir.passes.p as p
import executorch.backends.xnnpack.partition.q as q
from et_log_runtime import override_logs, set_logs

def levels():
    return [logging.getLogger(n).getEffectiveLevel()
            for n in ["executorch.exir", "executorch.backends.xnnpack", "executorch.backends.arm"]]

outer, inner = sys.argv[-2:]
print(levels())
with override_logs(logging.INFO, filename=outer):
    print(levels())
    try:
        with override_logs("DEBUG", filename=inner, fmt="IN %(levelname)s %(message)s"):
            print(levels())
            q.run()
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    print(levels())
    set_logs(arm=logging.ERROR)          # settings change while an override is active
    print(levels())
    q.run()
print(levels())
"""


def test_nested_exception_and_settings_inside(run, tmp_path) -> None:
    outer, inner = tmp_path / "outer.log", tmp_path / "inner.log"
    proc = run(None, ["-c", NESTED, str(outer), str(inner)])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "[30, 30, 30]",
        "[20, 20, 20]",
        "[10, 10, 10]",  # inner wins
        "[20, 20, 20]",  # inner gone (raised inside): outer's levels back exactly
        "[30, 30, 40]",  # set_logs: torch resets every level it owns, the override's too
        "[30, 30, 40]",  # after: the settings as they are now, arm=ERROR included
    ]
    assert inner.read_text(encoding="utf-8").splitlines() == [
        f"IN {m.split('-')[1].upper()} {m}" for m in XNN
    ]
    # a destination gets every record its loggers emit while it is active (as a root handler did)
    assert outer.read_text(encoding="utf-8").splitlines() == [*XNN, *XNN[2:]]
    # stderr: nothing while records have the override's handlers (as a root handler did);
    # after set_logs (torch's handler), the second run's lines at WARNING, once
    assert messages(proc.stderr) == ["xnn-warning", "xnn-error"]


def test_without_torch_and_validation(tmp_path) -> None:
    # before torch is imported, the loggers are plain ones: the same contract
    log = logging.getLogger("executorch.exir.passes.override_no_torch")
    path = tmp_path / "plain.log"
    before = logging.getLogger("executorch.exir").level
    with override_logs(logging.DEBUG, filename=str(path), fmt="%(levelname)s %(message)s"):
        log.debug("no torch yet")
    log.debug("not in the file")
    assert path.read_text(encoding="utf-8").splitlines() == ["DEBUG no torch yet"]
    assert logging.getLogger("executorch.exir").level == before
    with pytest.raises(ValueError, match="'LOUD' is not a logging level"):
        with override_logs("LOUD"):
            pass


def test_any_number_is_a_level_as_set_level_takes_it(tmp_path) -> None:
    """Review 7 (M5): exir.common.override_logger passed any int to setLevel; override_logs
    takes it too (torch's set_logs, which names levels, still refuses an unnamed one)."""
    log = logging.getLogger("executorch.exir.passes.override_numeric")
    path = tmp_path / "fifteen.log"
    with override_logs(15, filename=str(path), fmt="%(levelno)s %(message)s"):
        log.log(15, "between DEBUG and INFO")
        log.debug("below it")
    assert path.read_text(encoding="utf-8").splitlines() == ["15 between DEBUG and INFO"]
    with pytest.raises(ValueError, match="^override_logs: level: 'LOUD' is not"):
        with override_logs("LOUD"):
            pass
