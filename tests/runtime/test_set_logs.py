"""set_logs: TORCH_LOGS strings, validation, and torch's rules, since it calls torch's set_logs:
each call replaces the last, TORCH_LOGS wins, torch's own set_logs resets ours."""

from __future__ import annotations

import logging

import pytest
from runtime_support import DRIVER, messages

from et_log_runtime.names import parse

LEVELS = """
def levels():
    import logging
    names = ["torch._dynamo", "executorch.exir", "executorch.backends.xnnpack"]
    return [logging.getLogger(n).getEffectiveLevel() for n in names]
"""


def test_parse_like_torch_logs() -> None:
    assert parse("+executorch, xnnpack_graph,-arm,all") == {
        "executorch": logging.DEBUG,
        "xnnpack_graph": logging.INFO,
        "arm": logging.ERROR,
        "all": logging.INFO,  # torch's name: set_logs refuses it, pointing at torch's own
    }
    for bad in ("++x", "a,,b", "a b.", "x-y"):
        with pytest.raises(ValueError, match="invalid log setting"):
            parse(bad)


def test_each_call_replaces_our_last_and_keeps_torch_s(run) -> None:
    code = (
        LEVELS
        + DRIVER
        + """
import logging
from et_log_runtime import set_logs
torch._logging.set_logs(dynamo=logging.DEBUG)
set_logs(xnnpack=logging.DEBUG)          # torch's set_logs underneath: dynamo's DEBUG stays
print(levels())
set_logs("+executorch,xnnpack_graph")   # a TORCH_LOGS string: ours and an artifact
print(levels())
q.run()
set_logs()                              # nothing named: ours back to WARNING, dynamo's kept
print(levels())
q.run()
"""
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[10, 30, 10]", "[10, 10, 30]", "[10, 30, 30]"]
    shown = [m for m in messages(proc.stderr) if m.startswith(("exir-", "xnn-"))]  # not dynamo's
    assert shown[:4] == ["exir-warning", "exir-error", "xnn-warning", "xnn-error"]  # plain
    assert shown[4:] == ["xnn-warning", "xnn-error", "xnn-graph", "xnn-warning", "xnn-error"]


VALIDATION = """
import logging, sys
from et_log_runtime import set_logs
def attempt(*args, **kwargs):
    try:
        set_logs(*args, **kwargs)
        print("ok")
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
attempt(xnnpack_graph=0)                           # 0 is not False
attempt(xnnpack=12)                                # not a level
attempt(42)                                        # not a string
attempt("+xnnpack", xnnpack_graph=10)              # one bad value: nothing of the call applies
attempt(xnnpak=10)                                 # not ours
import torch
attempt(dynamo=10)                                 # torch's: not through ours
attempt(xnnpack="LOUD")
attempt("+executorch.exir.passes")                 # a module path: torch's own set_logs
attempt(xnnpack="DEBUG", executorch="INFO")
for name in ["executorch.backends.xnnpack", "executorch.exir"]:
    print(name, logging.getLogger(name).level)
"""


def test_validation_at_the_call(run) -> None:
    proc = run(VALIDATION)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == "ValueError set_logs: xnnpack_graph is an artifact: give True or False"
    assert out[1] == "ValueError set_logs: xnnpack=12 is not a logging level"
    assert out[2] == "TypeError set_logs: a setting is a string such as '+xnnpack': 42"
    assert out[3] == "ValueError set_logs: xnnpack_graph is an artifact: give True or False"
    assert out[4].startswith("ValueError set_logs: 'xnnpak' is none of ExecuTorch's names (aoti, ")
    assert out[5].endswith("torch's own names and module paths go to torch._logging.set_logs")
    assert out[6] == "ValueError set_logs: xnnpack='LOUD' is not a logging level"
    assert out[7].startswith("ValueError set_logs: 'executorch.exir.passes' is none of")
    assert out[8:] == ["ok", "executorch.backends.xnnpack 10", "executorch.exir 20"]


def test_torch_logs_wins_as_torch_says(run) -> None:
    code = (
        LEVELS
        + """
import logging, torch
from et_log_runtime import set_logs
set_logs(xnnpack=logging.ERROR, executorch=logging.DEBUG)  # torch ignores it, and says so
print(levels())
"""
    )
    proc = run(code, TORCH_LOGS="+xnnpack")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[30, 30, 10]"]
    assert "ignoring call to set_logs" in proc.stderr


def test_torch_s_own_set_logs_resets_ours(run) -> None:
    code = (
        LEVELS
        + DRIVER
        + """
import logging, torch
from et_log_runtime import set_logs
set_logs(xnnpack=logging.DEBUG)
torch._logging.set_logs(dynamo=logging.INFO)   # torch's rule: every earlier setting goes
print(levels())
q.run()
"""
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[20, 30, 30]"]
    assert messages(proc.stderr)[-2:] == ["xnn-warning", "xnn-error"]


def test_torch_s_set_logs_sets_both_once_ours_are_known(run) -> None:
    """What the README gives an application that wants dynamo's and ExecuTorch's settings at
    once (each set_logs replaces the last, review 10 m1): torch's call naming both, after ours
    registered the names."""
    code = (
        LEVELS
        + """
import logging, torch
from et_log_runtime import set_logs
set_logs("+xnnpack")                    # registers ExecuTorch's names with torch
torch._logging.set_logs(dynamo=logging.INFO, modules={"xnnpack": logging.DEBUG})
print(levels())
"""
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[20, 30, 10]"]


# A library's verbose flag sets its own module logger's level (what ETL006 leaves alone): the flag
# shows that module's lines in both modes, once, and disturbs no other setting.
VERBOSE_FLAG = """
import logging, sys
logging.getLogger("executorch.exir.passes.p").setLevel(logging.DEBUG)  # if verbose: ...
""" + DRIVER.replace("import torch\\n", "")


@pytest.mark.parametrize("torch_logs", [None, "+xnnpack", "-executorch"])
def test_library_verbose_flag_shows_one_module_once(run, torch_logs: str | None) -> None:
    env = {} if torch_logs is None else {"TORCH_LOGS": torch_logs}
    proc = run("import torch\n" + VERBOSE_FLAG, **env)
    assert proc.returncode == 0, proc.stderr
    xnn = ["xnn-debug", "xnn-info"] if torch_logs == "+xnnpack" else []
    exir = ["exir-debug", "exir-info", "exir-warning", "exir-error"]
    if torch_logs != "-executorch":  # exir not named: no handler anywhere, Python's last
        # resort prints WARNING and up, as before the migration (a module's own basicConfig is
        # what showed the rest); named, torch's handler shows all the flag asks for
        exir = exir[2:]
    assert messages(proc.stderr) == [*exir, *xnn, "xnn-warning", "xnn-error"]
