"""et_log_runtime/torch_api.py (its Torch class and load()) is the one module of the runtime
ExecuTorch carries that touches torch's logging names (torch_trace.py, et-log's delegation record,
reads a few more): what it checks for exists in the installed torch, it calls those names with
parameters torch really has, and no other runtime module names a private torch attribute."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from et_log_runtime import torch_api

RUNTIME = Path(torch_api.__file__).resolve().parent


def test_what_load_checks_for_exists_in_torch() -> None:
    pytest.importorskip("torch")
    from torch._logging import _internal

    for name in torch_api.NEEDED:
        assert hasattr(_internal, name), name
    for name in torch_api.IN_REGISTRY:
        assert hasattr(_internal.log_registry, name), name
    assert torch_api.load() is not None


def test_the_keywords_we_pass_exist() -> None:
    pytest.importorskip("torch")
    import torch._logging
    from torch._logging import _internal

    assert {"visible", "off_by_default"} <= set(
        inspect.signature(_internal.register_artifact).parameters
    )
    assert "expect_trace_id" in inspect.signature(torch._logging.trace_structured).parameters
    assert "modules" in inspect.signature(_internal.set_logs).parameters


def test_torch_s_names_only_in_torch_api() -> None:
    private = re.compile(r"\binternal\.\w+|[\"']torch\._logging|LOG_TRACE_HANDLER|\blog_state\.")
    users = {
        path.name
        for path in RUNTIME.rglob("*.py")
        if private.search(path.read_text(encoding="utf-8")) and "test" not in path.parts
    }
    assert users == {"torch_api.py", "torch_trace.py"}


def test_runtime_state_is_one_object() -> None:
    """No module of the runtime rebinds a module-level name at run time (issue 24)."""
    for path in RUNTIME.rglob("*.py"):
        assert "global " not in path.read_text(encoding="utf-8"), path


def test_torch_names_lists_every_torch_name_torch_api_reads() -> None:
    """The migration report's `TORCH_NAMES` holds every attribute torch_api reads
    from torch's logging objects: the checked ones and those read by name with a fallback."""
    text = Path(torch_api.__file__).read_text(encoding="utf-8")
    read = set(re.findall(r"self\.(?:internal|registry)\.(\w+)", text))
    read |= set(re.findall(r"getattr\(\s*[\w.]+\s*,\s*\"(\w+)\"", text))
    read -= {"log_registry"}  # the object itself
    from codemods.report.sections import TORCH_NAMES

    listed = {name.rpartition(".")[2] for name in TORCH_NAMES}
    assert read and read <= listed, read - listed
