"""TORCH_LOGS matrix with real torch 2.13.0: one fresh interpreter per setting, each line once."""

from __future__ import annotations

from collections import Counter

import pytest
from runtime_support import DRIVER, messages

DEFAULT = ["exir-warning", "exir-error", "xnn-warning", "xnn-error"]
EXIR_ALL = ["exir-debug", "exir-info", "exir-warning", "exir-error"]
XNN_ALL = ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]

MATRIX = {
    None: DEFAULT,
    "+executorch": EXIR_ALL + ["xnn-warning", "xnn-error"],
    "+xnnpack": ["exir-warning", "exir-error"] + XNN_ALL,
    "+dynamo,+executorch,+xnnpack": EXIR_ALL + XNN_ALL,
    "-executorch": ["exir-error", "xnn-warning", "xnn-error"],
    "executorch": ["exir-info", "exir-warning", "exir-error", "xnn-warning", "xnn-error"],
    "xnnpack_graph": DEFAULT + ["xnn-graph"],
    "+xnnpack,partition_report": ["exir-warning", "exir-error"] + XNN_ALL + ["exir-report"],
}


@pytest.mark.parametrize("setting", list(MATRIX), ids=lambda s: repr(s))
def test_each_message_exactly_once(run, setting: str | None) -> None:
    env = {} if setting is None else {"TORCH_LOGS": setting}
    proc = run(DRIVER, **env)
    assert proc.returncode == 0, proc.stderr
    assert Counter(messages(proc.stderr)) == Counter(MATRIX[setting])


def test_dynamo_debug_is_torchs_own(run) -> None:
    # +dynamo really reaches torch's logger while our names are registered alongside it
    proc = run(
        DRIVER + "import logging; print(logging.getLogger('torch._dynamo').level)",
        TORCH_LOGS="+dynamo,+executorch,+xnnpack",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["10"]


def test_application_logging_gets_every_record_once(run) -> None:
    # the application's own root handler at DEBUG, no TORCH_LOGS: ExecuTorch's records reach it,
    # each once, in its format, at its level, and nothing goes to stderr; root config untouched
    code = (
        """
        import logging, sys
        logging.basicConfig(level=logging.DEBUG, stream=sys.stdout, format="ROOT %(message)s")
        before = list(logging.root.handlers)
    """
        + DRIVER.replace("\n", "\n        ")
        + """
        assert logging.root.handlers == before and logging.root.level == logging.DEBUG
    """
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert Counter(proc.stdout.splitlines()) == Counter(f"ROOT {m}" for m in EXIR_ALL + XNN_ALL)


@pytest.mark.parametrize(("setting", "named"), [("+xnnpack", "xnn-"), ("-executorch", "exir-")])
def test_torch_logs_takes_the_named_component_s_records_from_the_application(
    run, setting: str, named: str
) -> None:
    # once TORCH_LOGS names one of ours, torch's logging decides for it, as for torch's own
    # loggers; the component not named stays the application's, at the application's level
    code = "import logging, sys\nlogging.basicConfig(level=logging.DEBUG, stream=sys.stdout)\n"
    proc = run(code + DRIVER, TORCH_LOGS=setting)
    assert proc.returncode == 0, proc.stderr
    mine = [m for m in MATRIX[setting] if m.startswith(named)]
    assert Counter(messages(proc.stderr)) == Counter(mine)
    others = EXIR_ALL if named == "xnn-" else XNN_ALL
    assert [line.rsplit(":", 1)[-1] for line in proc.stdout.splitlines()] == others


def test_help_lists_our_names(run) -> None:
    proc = run("import torch", TORCH_LOGS="help")
    assert proc.returncode != 0  # torch answers "help" by raising inside import torch
    listed = proc.stderr.split()
    for name in (
        "executorch",
        "xnnpack",
        "coreml",
        "qualcomm",
        "xnnpack_graph",
        "partition_report",
    ):
        assert name in listed, name


def test_unknown_name_still_fails_clearly(run) -> None:
    proc = run("import torch", TORCH_LOGS="+xnnpak")
    assert proc.returncode != 0
    assert "Invalid log settings: +xnnpak" in proc.stderr  # torch's answer, naming the typo


def test_package_path_then_set_logs_prints_once(run) -> None:
    # a package path marks our xnnpack logger as torch's "child"; torch's next re-init would turn
    # its propagation back on and print every xnnpack line twice
    code = DRIVER + "torch._logging.set_logs(dynamo=20)\nq.run()\n"
    proc = run(code, TORCH_LOGS="+executorch.backends")
    assert proc.returncode == 0, proc.stderr
    ours = [m for m in messages(proc.stderr) if m.startswith(("exir-", "xnn-"))]
    assert ours == ["exir-warning", "exir-error", *XNN_ALL, *XNN_ALL]
