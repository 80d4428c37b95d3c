"""Where ExecuTorch's records go: the application's handlers by default, torch's handler once
TORCH_LOGS or set_logs names one of ours."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from runtime_support import DRIVER, messages, torch_lines

DOC = Path(__file__).resolve().parents[2] / "docs" / "runtime.md"
EVERY = ["exir-warning", "exir-error", "xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]


def docs_example() -> str:
    """The Python block after ``<!-- example: dictconfig -->`` in docs/runtime.md."""
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- example: dictconfig -->\s*```python\n(.*?)```", text, re.S)
    assert found, "docs/runtime.md lost its dictConfig example"
    return found.group(1)


def _json_lines(stdout: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]


def test_docs_dictconfig_example(run) -> None:
    proc = run(docs_example() + DRIVER)
    assert proc.returncode == 0, proc.stderr
    records = _json_lines(proc.stdout)
    xnn = ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]
    assert [r["message"] for r in records] == ["exir-info", "exir-warning", "exir-error", *xnn]
    assert records[0]["logger"] == "executorch.exir.passes.p"
    assert messages(proc.stderr) == []  # nothing on stderr: no duplicates


TORCH_SET_LOGS = """
import logging, torch
torch._logging.set_logs(dynamo=logging.INFO)            # torch's own call, naming none of ours
p.run()
q.run()
internal = torch._logging._internal
from et_log_runtime.torch_trace import QNAMES
print("torch handlers", sum(internal._is_torch_handler(h) for q in QNAMES
                             for h in logging.getLogger(q).handlers))
"""


def test_torch_s_set_logs_naming_only_dynamo_leaves_them_to_the_application(run) -> None:
    """Nothing asked for ExecuTorch's names, so torch does not know them: its set_logs, which
    re-initialises every registered logger, leaves ExecuTorch's alone, and the application's
    handler keeps every record, before and after the call."""
    proc = run(docs_example() + "import et_log_runtime\n" + DRIVER + TORCH_SET_LOGS)
    assert proc.returncode == 0, proc.stderr
    assert "torch handlers 0" in proc.stdout
    xnn = ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]
    once = ["exir-info", "exir-warning", "exir-error", *xnn]
    assert [r["message"] for r in _json_lines(proc.stdout)] == once + once  # both runs
    assert torch_lines(proc.stderr) == []


ASKED_THEN_TORCH_SET_LOGS = """
import logging, torch
from et_log_runtime import set_logs
set_logs(xnnpack=logging.WARNING)                       # ExecuTorch's names asked for
torch._logging.set_logs(modules={"xnnpack": logging.DEBUG})  # now torch takes them by name
q.run()
"""


def test_once_asked_for_torch_s_set_logs_takes_their_names(run) -> None:
    """After ExecuTorch's set_logs (or TORCH_LOGS naming one of ours) the names are torch's:
    its own set_logs takes `xnnpack` as it takes `dynamo`, and torch's handler prints them."""
    proc = run(docs_example() + "import et_log_runtime\n" + DRIVER + ASKED_THEN_TORCH_SET_LOGS)
    assert proc.returncode == 0, proc.stderr
    xnn = ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]
    assert torch_lines(proc.stderr) == xnn


# ExecuTorch's own example scripts configure logging themselves, e.g. export_llama.py's
# `logging.basicConfig(level=logging.INFO, format=FORMAT)`, Qualcomm's and Cadence's scripts.
APPLICATION = (
    """
import logging, sys
FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
logging.basicConfig(level=logging.INFO, format=FORMAT, stream=sys.stdout)
"""
    + DRIVER
)


@pytest.mark.parametrize("torch_logs", [None, "+dynamo"])
def test_an_application_that_configures_logging_sees_every_record(run, torch_logs) -> None:
    env = {} if torch_logs is None else {"TORCH_LOGS": torch_logs}  # +dynamo: not one of ours
    proc = run(APPLICATION, **env)
    assert proc.returncode == 0, proc.stderr
    shown = [line.rsplit("] ", 1)[1] for line in proc.stdout.splitlines() if line.startswith("[")]
    assert shown == [
        "exir-info",
        "exir-warning",
        "exir-error",
        "xnn-info",
        "xnn-warning",
        "xnn-error",
    ]
    assert all(
        line.startswith(("[INFO", "[WARNING", "[ERROR")) for line in proc.stdout.splitlines()
    )
    assert not [m for m in messages(proc.stderr) if m.startswith(("exir-", "xnn-"))]


# Modules (and their loggers) exist before the application configures logging, so dictConfig's
# default disable_existing_loggers=True disables them unless a configured logger is their parent:
# exactly as before the migration, when they were plain loggers.
CONFIGURED = """
import logging, logging.config, sys
import torch
import executorch.exir.passes.p as p
import executorch.backends.xnnpack.partition.q as q
app = {"handlers": ["app"]}
logging.config.dictConfig({
    "version": 1,
    "formatters": {"plain": {"format": "APP %(levelname)s %(name)s %(message)s"}},
    "handlers": {"app": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                         "formatter": "plain"}},
    "loggers": {"executorch": {**app, "propagate": False}} if sys.argv[-1] == "named" else {},
    "root": {"level": "INFO", **(app if sys.argv[-1] == "root" else {})},
})
p.run()
q.run()
"""


@pytest.mark.parametrize("where", ["root", "named"])
def test_dict_config_root_or_named_logger(run, where: str) -> None:
    proc = run(None, args=["-c", CONFIGURED, where])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    if where == "named":
        expected = [
            "exir-info",
            "exir-warning",
            "exir-error",
            "xnn-info",
            "xnn-warning",
            "xnn-error",
        ]
        assert [line.rsplit(" ", 1)[1] for line in lines] == expected
    else:  # disabled by dictConfig, as plain loggers always were
        assert lines == []
    assert messages(proc.stderr) == []


# MLX's backends/mlx/_logging.py sets its logger up once: `if not logger.handlers:` it adds a
# handler with its own format and stops propagation. A migrated module imported first must not
# have put a handler of ours there, or MLX's format is lost.
OWN_SETUP_AFTER_OURS = """
import logging, sys
import torch
import executorch.exir.passes.p  # a migrated module, imported first
import et_log_runtime
et_log_runtime.get_logger("executorch.backends.mlx.passes")
logger = logging.getLogger("executorch.backends.mlx")
logger.setLevel(logging.INFO)
logger.propagate = False
if not logger.handlers:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("[MLX %(levelname)s] %(message)s"))
    logger.addHandler(handler)
logging.getLogger("executorch.backends.mlx.passes").info("mlx-info")
"""


def test_an_owner_s_own_setup_still_sees_no_handler(run) -> None:
    proc = run(OWN_SETUP_AFTER_OURS)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[MLX INFO] mlx-info"]
    assert messages(proc.stderr) == []


def test_in_torch_mode_torch_s_handler_shows_it_once(run) -> None:
    proc = run(OWN_SETUP_AFTER_OURS, TORCH_LOGS="+executorch,mlx")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""  # torch's handler was there first: one format for all
    assert torch_lines(proc.stderr) == ["mlx-info"]


def test_naming_another_component_leaves_an_owner_s_own_setup_alone(run) -> None:
    proc = run(OWN_SETUP_AFTER_OURS, TORCH_LOGS="+executorch")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[MLX INFO] mlx-info"]  # as with nothing named
    assert torch_lines(proc.stderr) == []
