"""route_to_app: ExecuTorch records reach the application's own handlers (dictConfig), once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from runtime_support import DRIVER, messages

from et_log_runtime import components, logger_names

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


def test_logger_names_are_exported() -> None:
    expected = {q for qnames in components.COMPONENTS.values() for q in qnames}
    assert set(logger_names()) == expected and len(logger_names()) == len(expected)
    assert "executorch.backends.xnnpack" in logger_names()


@pytest.mark.parametrize("torch_logs", [None, "+executorch"])
def test_docs_dictconfig_example(run, torch_logs: str | None) -> None:
    env = {} if torch_logs is None else {"TORCH_LOGS": torch_logs}
    proc = run(docs_example() + DRIVER, **env)
    assert proc.returncode == 0, proc.stderr
    records = _json_lines(proc.stdout)
    exir = ["exir-debug", "exir-info"] if torch_logs else []
    assert [r["message"] for r in records] == exir + EVERY + ["xnn-graph"]
    assert records[0]["logger"] == "executorch.exir.passes.p"
    assert messages(proc.stderr) == []  # nothing on torch's stderr handler: no duplicates


SURVIVES = """
import logging, torch
import et_log_runtime
et_log_runtime.set_logs(xnnpack=logging.INFO)           # a later call of ours
torch._logging.set_logs(dynamo=logging.INFO)            # torch's own call
torch._logging._internal._init_logs()                   # any re-initialisation of torch's loggers
p.run()
q.run()
internal = torch._logging._internal
print("torch handlers", sum(internal._is_torch_handler(h) for q in et_log_runtime.logger_names()
                             for h in logging.getLogger(q).handlers))
et_log_runtime.route_to_app(False)                      # back to torch's handler
q.run()
"""


def test_routing_survives_set_logs_and_reinit(run) -> None:
    proc = run(docs_example() + DRIVER + SURVIVES)
    assert proc.returncode == 0, proc.stderr
    assert "torch handlers 0" in proc.stdout
    second = ["exir-warning", "exir-error", "xnn-info", "xnn-warning", "xnn-error", "xnn-graph"]
    assert [r["message"] for r in _json_lines(proc.stdout)] == [*EVERY, "xnn-graph", *second]
    assert messages(proc.stderr) == ["xnn-info", "xnn-warning", "xnn-error", "xnn-graph"]


# Modules (and their loggers) exist before the application configures logging, so dictConfig's
# default disable_existing_loggers=True disables them unless a configured logger is their parent.
CONFIGURED = """
import logging, logging.config, sys
import torch
import executorch.exir.passes.p as p
import executorch.backends.xnnpack.partition.q as q
import et_log_runtime
where, route = sys.argv[-2], sys.argv[-1]
app = {"handlers": ["app"]}
logging.config.dictConfig({
    "version": 1,
    "formatters": {"plain": {"format": "APP %(levelname)s %(name)s %(message)s"}},
    "handlers": {"app": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                         "formatter": "plain"}},
    "loggers": {"executorch": {**app, "propagate": False}} if where == "named" else {},
    "root": {"level": "DEBUG", **(app if where == "root" else {})},
})
if route == "route":
    et_log_runtime.route_to_app()
et_log_runtime.set_logs(dynamo=logging.INFO)   # any later set_logs re-initialises torch's loggers
p.run()
q.run()
"""
QUIET = ["exir-warning", "exir-error", "xnn-warning", "xnn-error"]  # et-log's default level


@pytest.mark.parametrize("where", ["root", "named"])
@pytest.mark.parametrize("route", ["route", "no-route"])
def test_configured_root_or_named_logger(run, where: str, route: str) -> None:
    proc = run(None, args=["-c", CONFIGURED, where, route])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    if route == "route":
        assert lines == [f"APP {m.split('-')[1].upper()} {_name(m)} {m}" for m in QUIET]
        assert messages(proc.stderr) == []
    elif where == "root":  # the problem: disabled by dictConfig, shown nowhere
        assert lines == [] and messages(proc.stderr) == []
    else:  # the problem: torch's re-initialisation took the records back to stderr
        assert lines == [] and messages(proc.stderr) == QUIET


def _name(message: str) -> str:
    if message.startswith("exir"):
        return "executorch.exir.passes.p"
    return "executorch.backends.xnnpack.partition.q"
