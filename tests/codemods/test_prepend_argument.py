"""The logger argument ETL004 adds keeps the call in black's layout (ExecuTorch's UFMT gate)."""

from __future__ import annotations

import pytest

from codemods.pipeline import migrate_source
from lint_rules import Config

HEADER = "from et_log_runtime import get_logger, warn\n\nlogger = get_logger(__name__)\n\n\n"


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ('warnings.warn("x", stacklevel=2)', 'warn(logger, "x", stacklevel=2)'),
        (
            'warnings.warn(\n        "x",\n        stacklevel=2,\n    )',
            'warn(\n        logger,\n        "x",\n        stacklevel=2,\n    )',
        ),
        (
            'warnings.warn(\n        f"Unsupported kwarg: {name}", stacklevel=1\n    )',
            'warn(\n        logger,\n        f"Unsupported kwarg: {name}",\n'
            "        stacklevel=1,\n    )",
        ),
    ],
    ids=["same-line", "one-per-line", "own-line-shared"],
)
def test_logger_argument_in_blacks_layout(call: str, expected: str) -> None:
    text = f"import warnings\n\n\ndef f(name):\n    {call}\n"
    result = migrate_source(text, "executorch/exir/example.py", Config())
    assert result.error is None
    assert result.new_text == f"{HEADER}def f(name):\n    {expected}\n"
