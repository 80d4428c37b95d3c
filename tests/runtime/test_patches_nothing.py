"""The runtime ExecuTorch carries patches nothing: read from its source (no assignment to an
attribute of a module it imports, no ``setattr``, no test framework's private class) and seen in
a process that uses all of it (no attribute of the standard library's or torch's logging modules
changed, no logger outside ExecuTorch's names touched)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import et_log_runtime
from codemods.vendor.runtime import runtime_modules

RUNTIME = Path(et_log_runtime.__file__).resolve().parent
HOOK = RUNTIME.parent / "et_log_runtime_hook.py"
PRIVATE_CAPTURE = ("_pytest", "unittest._log", "_CapturingHandler", "LogCaptureHandler")


def _vendored_sources() -> dict[str, str]:
    files = [RUNTIME / f"{name}.py" for name in runtime_modules(RUNTIME)] + [HOOK]
    return {path.name: path.read_text(encoding="utf-8") for path in files}


def _patches(source: str) -> list[str]:
    """Each assignment to an attribute of something imported from outside the runtime (its own
    objects, imported relatively, are its to change), and each ``setattr`` call."""
    tree = ast.parse(source)
    imported = {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import) or (isinstance(node, ast.ImportFrom) and not node.level)
        for alias in node.names
    }
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            base = target
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(target, ast.Attribute) and isinstance(base, ast.Name):
                if base.id in imported:
                    found.append(f"line {node.lineno}: {ast.unparse(target)} = ...")
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "setattr":
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_finds_a_patch() -> None:
    """The negative control: the shapes the earlier runtime had are found."""
    earlier = (
        "import sys, warnings\nwarnings._showwarnmsg_impl = f\nsys.stdout = r\n"
        "from torch._logging import _internal as internal\ninternal._init_logs = g\n"
        "setattr(warnings, 'x', 1)\n"
    )
    assert len(_patches(earlier)) == 4
    assert _patches("import logging\nlog = logging.getLogger('x')\nlog.propagate = False\n") == []
    assert _patches("from .state import STATE\nSTATE.record = 'ours'\n") == []
    assert len(_patches("from logging import root\nroot.level = 0\n")) == 1


@pytest.mark.parametrize("name", sorted(_vendored_sources()))
def test_no_module_attribute_assigned_and_no_private_capture_class(name: str) -> None:
    source = _vendored_sources()[name]
    assert _patches(source) == []
    assert [word for word in PRIVATE_CAPTURE if word in source] == []


# Uses every part of the runtime with torch, then reports what changed outside ExecuTorch's
# loggers: the attributes of the modules a patch would touch, and every other logger's state.
USE_IT_ALL = """
import json, logging, sys, warnings
import torch
import torch._logging._internal as internal

WATCHED = {"sys": sys, "warnings": warnings, "logging": logging, "internal": internal,
           "torch._logging": torch._logging}

def attributes():
    return {f"{m}.{k}": id(v) for m, mod in WATCHED.items() for k, v in vars(mod).items()
            if callable(v) or k in ("stdout", "stderr", "filters", "root")}

def loggers():
    every = {"": logging.getLogger(), **logging.Logger.manager.loggerDict}
    return {name: [log.level, log.propagate, [id(h) for h in log.handlers]]
            for name, log in every.items()
            if isinstance(log, logging.Logger) and not name.startswith("executorch")}

before_attributes, before_loggers = attributes(), loggers()
from et_log_runtime import get_artifact_logger, get_logger, set_logs
from et_log_runtime.partition_report import delegation_records
log = get_logger("executorch.backends.xnnpack.partition.q")
get_artifact_logger("executorch.backends.xnnpack.q", "xnnpack_graph").debug("graph")
with delegation_records():
    pass
set_logs("+xnnpack")
log.info("named")
changed = sorted(k for k, v in attributes().items() if before_attributes.get(k) != v)
after = loggers()
touched = sorted(n for n in before_loggers if after.get(n) != before_loggers[n])
print(json.dumps({"changed": changed, "touched": touched}))
"""


def test_a_process_using_all_of_it_sees_nothing_patched(run) -> None:
    proc = run(USE_IT_ALL)
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout.splitlines()[-1])
    # torch's own set_logs rebinds nothing either; it re-initialises torch's own loggers
    torch_own = [n for n in seen["touched"] if n == "torch" or n.startswith("torch.")]
    assert seen == {"changed": [], "touched": torch_own}, seen
