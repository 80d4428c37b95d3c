"""A print or root-logger call behind a module's own verbosity gate is not rewritten, and the file
is left as it is (all or nothing). The shape: NXP's `backends/nxp/backend/ir/logger.py`, whose
`d/i/w(msg)` return early when the module's `MIN_OUTPUT_IMPORTANCE` is above the message's
importance, then print; `e()` prints the error to stderr and raises. Rewritten below the gate,
`logger.debug(msg)` would stay hidden by the gate's default (WARNING): dead under TORCH_LOGS."""

from __future__ import annotations

import pytest

from codemods.pipeline import migrate_source
from lint_rules import Config, detect_source

CONFIG = Config()
NXP_PATH = "executorch/backends/nxp/backend/ir/logger.py"
NXP_LOGGER = '''"""
    logger

Module implements functions for logging, error messages and custom assertions.
"""

import sys
from enum import Enum
from typing import NoReturn, Optional


class MessageImportance(Enum):
    """Importance levels of messages to print."""

    DEBUG = 0
    INFO = 1
    WARNING = 2
    ERROR = 3


MIN_OUTPUT_IMPORTANCE = MessageImportance.WARNING


def d(msg: str):
    """Log internal debug message with given parameters."""

    if MIN_OUTPUT_IMPORTANCE.value > MessageImportance.DEBUG.value:
        return

    print("DEBUG: ", msg)


def i(msg: str):
    """Log info message with given parameters."""

    if MIN_OUTPUT_IMPORTANCE.value > MessageImportance.INFO.value:
        return

    print("INFO: ", msg)


def w(msg: str):
    """Log warning message with given parameters."""

    if MIN_OUTPUT_IMPORTANCE.value > MessageImportance.WARNING.value:
        return

    print("WARNING: ", msg)


def e(err_code: int, msg: str, exception: Optional[Exception] = None) -> NoReturn:
    error = RuntimeError(err_code, msg, exception)
    print("ERROR: ", str(error), file=sys.stderr)

    raise error
'''


def test_nxp_s_gated_prints_leave_the_whole_file_for_review() -> None:
    result = migrate_source(NXP_LOGGER, NXP_PATH, CONFIG)
    assert result.error is None
    assert result.new_text == NXP_LOGGER and not result.rewritten
    assert [(r.finding.line, r.finding.code) for r in result.review] == [
        (30, "ETL008"),
        (39, "ETL008"),
        (48, "ETL008"),
        (53, "ETL003"),
    ]
    for item in result.review:
        reason = item.review.reason
        assert "`MIN_OUTPUT_IMPORTANCE.value > MessageImportance.DEBUG.value`" in reason
        assert "line 30 (in `d()`)" in reason and "returns early" in reason
        assert "`MIN_OUTPUT_IMPORTANCE = MessageImportance.WARNING` at line 21" in reason
        assert "logger.isEnabledFor" in reason  # what the owner can do


def test_the_lint_agrees() -> None:
    findings = detect_source(NXP_LOGGER, NXP_PATH, CONFIG)
    assert findings and not any(f.fixable for f in findings)


def test_a_root_call_inside_a_module_verbosity_if_is_the_same_class() -> None:
    src = (
        "import logging\n\nVERBOSITY = 0\n\n\ndef tag(node):\n    if VERBOSITY >= 2:\n"
        '        logging.info("tagged %s", node)\n\n\ndef fail(node):\n'
        '    logging.warning("cannot lower %s", node)\n'
    )
    result = migrate_source(src, "executorch/backends/nxp/tagging.py", CONFIG)
    assert result.new_text == src and not result.rewritten
    assert {r.finding.code for r in result.review} == {"ETL002"}
    assert all("`VERBOSITY >= 2` (line 7: it runs only" in r.review.reason for r in result.review)


@pytest.mark.parametrize(
    ("gate", "why"),
    [
        ("if len(nodes) > MAX_NODES:\n        return\n", "a limit on data, not a verbosity"),
        ("if len(nodes) > MAX_LEVEL:\n        return\n", "a limit named `level`: still data"),
        ("if logging.root.level > logging.INFO:\n        return\n", "a logger's level: ETL009"),
        ("if verbose:\n        return\n", "the caller's flag, not a module setting"),
    ],
)
def test_other_early_returns_are_not_a_module_gate(gate: str, why: str) -> None:
    src = (
        "import logging\n\nMAX_NODES = 10\nMAX_LEVEL = 3\n\n\ndef partition(nodes, verbose=False):\n    "
        + gate
        + '    logging.info("partitioning %d nodes", len(nodes))\n'
    )
    result = migrate_source(src, "executorch/exir/passes/example.py", CONFIG)
    assert not any("verbosity gate" in r.review.reason for r in result.review), why
    assert "logger.info(" in result.new_text, why
