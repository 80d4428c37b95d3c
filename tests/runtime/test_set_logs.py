"""set_logs: merging, TORCH_LOGS-style strings, validation, precedence against TORCH_LOGS."""

from __future__ import annotations

import logging

import pytest
from runtime_support import DRIVER, messages

from et_log_runtime.settings import parse_settings

LEVELS = """
def levels():
    import logging
    names = ["torch._dynamo", "executorch.exir", "executorch.backends.xnnpack"]
    return [logging.getLogger(n).getEffectiveLevel() for n in names]
"""


def test_parse_settings_like_torch_logs() -> None:
    assert parse_settings("+executorch, xnnpack_graph,-arm,all") == {
        "executorch": logging.DEBUG,
        "xnnpack_graph": logging.INFO,
        "arm": logging.ERROR,
        "torch": logging.INFO,
    }
    with pytest.raises(ValueError, match="invalid log setting '\\+\\+x'"):
        parse_settings("++x")


def test_merge_string_clear_and_validation(run) -> None:
    code = (
        LEVELS
        + DRIVER
        + """
import logging
from et_log_runtime import set_logs
set_logs(dynamo=logging.DEBUG)
set_logs(xnnpack=logging.DEBUG)          # merges: dynamo keeps DEBUG (torch's set_logs would reset)
print(levels())
set_logs("+executorch,xnnpack_graph")   # a TORCH_LOGS-style string: ours and an artifact
print(levels())
q.run()
set_logs(xnnpack=None, xnnpack_graph=False)  # None forgets a name's setting
print(levels())
q.run()
for bad in ({"xnnpak": 10}, {"xnnpack": 12}, {"xnnpack": True}):
    try:
        set_logs(**bad)
    except ValueError as exc:
        print("ValueError", " ".join(str(exc).split()[:5]))
        if "xnnpak" in str(exc):
            print("lists valid names:", "xnnpack" in str(exc) and "dynamo" in str(exc))
print(levels())
"""
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "[10, 30, 10]",
        "[10, 10, 10]",
        "[10, 10, 30]",
        "ValueError unknown log or artifact name",
        "lists valid names: True",
        "ValueError set_logs: xnnpack=12 is not a",
        "ValueError set_logs: xnnpack is a component;",
        "[10, 10, 30]",
    ]
    shown = messages(proc.stderr)
    assert shown[:4] == ["exir-warning", "exir-error", "xnn-warning", "xnn-error"]
    assert shown[4:9] == ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error", "xnn-graph"]
    assert shown[9:] == ["xnn-warning", "xnn-error"]


def test_torch_logs_wins_for_the_names_it_mentions(run) -> None:
    code = (
        LEVELS
        + DRIVER
        + """
import logging, torch
from et_log_runtime import set_logs
set_logs(xnnpack=logging.ERROR, executorch=logging.DEBUG, dynamo=logging.INFO)
print(levels())
torch._logging._internal._init_logs()   # torch re-reads TORCH_LOGS: our settings survive
print(levels())
"""
    )
    proc = run(code, TORCH_LOGS="+xnnpack")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[20, 10, 10]", "[20, 10, 10]"]
    assert "set_logs: TORCH_LOGS takes precedence for xnnpack" in proc.stderr


def test_set_logs_before_import_torch(run) -> None:
    code = "from et_log_runtime import set_logs\nset_logs('+xnnpack', dynamo=10, bogus=10)\n"
    code += LEVELS + DRIVER + "print(levels())\n"
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[10, 30, 10]"]
    assert messages(proc.stderr)[2:] == ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]
    # a name that is not ours can only be checked once torch loads: reported, ignored, no crash
    assert "et-log: set_logs: unknown log or artifact name 'bogus' ignored" in proc.stderr


def test_torch_set_logs_resets_ours_until_our_next_call(run) -> None:
    code = (
        LEVELS
        + DRIVER
        + """
import logging, torch
from et_log_runtime import set_logs
set_logs(xnnpack=logging.DEBUG)
torch._logging.set_logs(dynamo=logging.INFO)   # torch's API: resets everything
print(levels())
set_logs(executorch=logging.INFO)              # ours: re-applies the merged settings
print(levels())
"""
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[20, 30, 30]", "[30, 20, 10]"]
