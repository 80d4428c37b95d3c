"""Issue 21, class 8: all or nothing per file. A module that sets up a logger of its own (MLX's
`backends/mlx/_logging.py`: an explicit name, a level from ET_MLX_DEBUG, `propagate = False`, a
handler and formatter of its own, documented as "info always visible") is left as it is, every
site in it for review with the reason, instead of becoming `get_logger(...)` followed by its own
`setLevel` and `propagate = False`."""

from __future__ import annotations

from codemods.pipeline import migrate_source
from lint_rules import Config, detect_source

CONFIG = Config()
PATH = "executorch/backends/mlx/_logging.py"
MLX_LOGGING = '''"""Centralized logging for the MLX backend: logger.info() always prints."""

import logging
import os

_MLX_DEBUG = os.environ.get("ET_MLX_DEBUG", "") not in ("", "0")

logger = logging.getLogger("executorch.backends.mlx")
logger.setLevel(logging.DEBUG if _MLX_DEBUG else logging.INFO)
logger.propagate = False

if not logger.handlers:
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("[%(levelname)s] %(message)s"))
    logger.addHandler(_handler)


def warn_unsupported(op):
    logging.warning("unsupported op %s", op)
'''


def test_a_module_with_its_own_logger_setup_is_left_as_it_is() -> None:
    result = migrate_source(MLX_LOGGING, PATH, CONFIG)
    assert result.error is None
    assert result.new_text == MLX_LOGGING and not result.rewritten
    reasons = {r.finding.code: r.review.reason for r in result.review}
    assert set(reasons) == {"ETL001", "ETL002", "ETL006"}
    for code in ("ETL001", "ETL002"):
        assert "sets up its own logger `logger`" in reasons[code]
        assert (
            "`logger.propagate = False`" in reasons[code] and "addHandler() on it" in reasons[code]
        )
    assert "ET_MLX_DEBUG" in reasons["ETL006"]  # its own, more precise reason stays
    assert "set_logs" not in reasons["ETL006"]  # library code never calls it


def test_the_lint_agrees_and_says_why() -> None:
    findings = detect_source(MLX_LOGGING, PATH, CONFIG)
    assert findings and not any(f.fixable for f in findings)


def test_a_handler_added_inside_a_function_is_not_a_module_setup() -> None:
    """Arm's partitioner adds a file handler while it writes a report: a call, not the module's
    setup; the module migrates."""
    src = (
        "import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
        "def partition(path):\n    logger.addHandler(logging.FileHandler(path))\n"
        '    logging.info("report written")\n'
    )
    result = migrate_source(src, "executorch/backends/arm/tosa/partitioner.py", CONFIG)
    assert {r.finding.code for r in result.rewritten} == {"ETL001", "ETL002"}
    assert not result.review
