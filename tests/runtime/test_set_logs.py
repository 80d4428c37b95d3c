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
    with pytest.raises(ValueError, match="invalid log settings '\\+\\+x'"):
        parse_settings("++x")
    with pytest.raises(
        ValueError, match="spaces only after a comma: write '\\+xnnpack,\\+executorch'"
    ):
        parse_settings("  +xnnpack , +executorch ")
    with pytest.raises(TypeError, match="got 42"):
        parse_settings(42)  # type: ignore[arg-type]
    assert parse_settings("") == {}


# Our grammar is torch's: the same strings pass and fail as in TORCH_LOGS (torch's own validator).
GRAMMAR_PARITY = """
from torch._logging._internal import _validate_settings
from et_log_runtime.settings import parse_settings
for text in ["+xnnpack, +executorch", "+xnnpack,  executorch", "  +xnnpack , +executorch ",
             "+xnnpack ,executorch", " +xnnpack", "+xnnpack ", "a,,b", "a,", "+-a", "a b", "a.b,+c.d"]:
    try:
        parse_settings(text)
        ours = True
    except ValueError:
        ours = False
    print(repr(text), ours, _validate_settings(text))
"""


def test_settings_grammar_is_torch_logs_grammar(run) -> None:
    proc = run(GRAMMAR_PARITY)
    assert proc.returncode == 0, proc.stderr
    rows = [line.rsplit(" ", 2) for line in proc.stdout.splitlines()]
    assert len(rows) == 11
    assert [text for text, ours, theirs in rows if ours != theirs] == []
    assert sum(ours == "True" for _, ours, _ in rows) == 3  # both sides accept some, reject others


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
for bad in ({"xnnpak": 10}, {"xnnpak": None}, {"xnnpack": 12}, {"xnnpack": True}):
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
        "ValueError unknown log or artifact name",
        "lists valid names: True",
        "ValueError set_logs: xnnpack: 12 is not",
        "ValueError set_logs: xnnpack is a log,",
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


def test_torch_set_logs_changes_torchs_names_and_keeps_ours(run) -> None:
    code = (
        LEVELS
        + DRIVER
        + """
import logging, torch
from et_log_runtime import set_logs
set_logs(xnnpack=logging.DEBUG, aot=logging.DEBUG)
torch._logging.set_logs(dynamo=logging.INFO)   # torch's API: decides torch's names, not ours
print(levels(), logging.getLogger("torch._functorch").getEffectiveLevel())
set_logs(executorch=logging.INFO)              # ours: merges; torch's dynamo setting stays
print(levels(), logging.getLogger("torch._functorch").getEffectiveLevel())
torch._logging.set_logs()                      # torch's reset: torch's names back to default
print(levels())
q.run()
"""
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "[20, 30, 10] 30",  # aot (ours to set, torch's name) reset by torch's call, as torch does
        "[20, 20, 10] 30",
        "[30, 20, 10]",
    ]
    assert messages(proc.stderr)[-4:] == ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]


VALIDATION = """
import logging, sys
from et_log_runtime import set_logs
def attempt(*args, **kwargs):
    try:
        set_logs(*args, **kwargs)
        print("ok")
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
attempt(xnnpack_graph=0)                          # issue 11 bug 3: 0 is not False
attempt(modules={"executorch.exir": True})        # bug 4
attempt(42)                                       # bug 5
attempt("+xnnpack", xnnpack=10, xnnpack_graph=10) # one bad value: nothing of the call applies
if sys.argv[-1] == "torch":
    import torch
attempt(graph_breaks=1 if "torch" in sys.modules else True)
attempt(modules={"executorch.exir.passes": "LOUD"})
attempt(xnnpack="DEBUG", modules={"executorch.exir.passes": "INFO", "executorch.x": None})
for name in ["executorch.backends.xnnpack", "executorch.exir.passes"]:
    print(name, logging.getLogger(name).level)
"""


@pytest.mark.parametrize("when", ["before-torch", "torch"])
def test_validation_at_the_call(run, when: str) -> None:
    proc = run(None, args=["-c", VALIDATION, when])
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == "ValueError set_logs: xnnpack_graph is an artifact; give True or False, not 0"
    assert out[1].startswith("ValueError set_logs: modules={'executorch.exir': True}: modules= ")
    assert "valid levels: CRITICAL (50), ERROR (40), WARNING (30), INFO (20)" in out[1]
    assert out[2].startswith("TypeError set_logs: positional settings are") and "got 42" in out[2]
    assert out[3] == "ValueError set_logs: xnnpack_graph is an artifact; give True or False, not 10"
    if when == "torch":  # torch's artifacts are known once torch is loaded
        assert (
            out[4] == "ValueError set_logs: graph_breaks is an artifact; give True or False, not 1"
        )
    else:
        assert out[4] == "ok"
    assert out[5].startswith("ValueError set_logs: modules['executorch.exir.passes']: 'LOUD' is")
    assert "DEBUG (10)" in out[5]
    assert out[6:] == ["ok", "executorch.backends.xnnpack 10", "executorch.exir.passes 20"]


# issue 9's rewrite of an upstream verbose flag, called from library code
VERBOSE_FLAG = """
import logging, sys
order, level = sys.argv[-2], sys.argv[-1]
from et_log_runtime import set_logs
set_logs(dynamo=logging.INFO)                       # another setting, made earlier
def verbose_flag():                                  # what the codemod writes for `if verbose:`
    logger = logging.getLogger("executorch.exir.passes.p")
    set_logs(modules={logger.name: int(level) if level.isdigit() else level})
if order == "before":
    verbose_flag()
import torch
import executorch.exir.passes.p as p
import executorch.backends.xnnpack.partition.q as q
if order == "after":
    verbose_flag()
    handlers = list(logging.getLogger("executorch.exir").handlers)
    verbose_flag()                                   # called again: changes nothing at all
    print("untouched", logging.getLogger("executorch.exir").handlers == handlers)
p.run()
q.run()
print(logging.getLogger("torch._dynamo").getEffectiveLevel())
"""


@pytest.mark.parametrize(
    ("order", "level", "torch_logs"),
    [
        ("before", "10", None),
        ("after", "DEBUG", None),
        ("before", "DEBUG", "+xnnpack"),
        ("after", "10", "-executorch"),
    ],
)
def test_library_verbose_flag_shows_one_module_once(
    run, order: str, level: str, torch_logs: str | None
) -> None:
    env = {} if torch_logs is None else {"TORCH_LOGS": torch_logs}
    proc = run(None, args=["-c", VERBOSE_FLAG, order, level], **env)
    assert proc.returncode == 0, proc.stderr
    again = ["untouched", "True"] if order == "after" else []  # no re-initialisation of torch
    assert proc.stdout.split() == [*again, "20"]  # the earlier dynamo setting is not disturbed
    xnn = ["xnn-debug", "xnn-info"] if torch_logs == "+xnnpack" else []
    assert messages(proc.stderr) == [
        *["exir-debug", "exir-info", "exir-warning", "exir-error"],  # one module, each line once
        *[*xnn, "xnn-warning", "xnn-error"],  # other components keep their own settings
    ]
