"""One name for a migrated module's logger. A module keeps the name of the logger it has (`log =
logging.getLogger(__name__)` stays `log`); one that has none gets `logger` (in a package's
`__init__.py` the private `_logger`: test_package_init_names.py). Where
`logger` cannot be bound without changing what a name means (the module binds it itself, reads
one it does not bind, or a site sits in a function where it is a local), the file is left for
review instead of getting a logger under another name."""

from __future__ import annotations

import pytest

from codemods.pipeline import migrate_source
from lint_rules import Config, detect_source

CONFIG = Config()


def test_a_module_keeps_the_name_of_its_own_logger() -> None:
    src = (
        "import logging\n\nlog = logging.getLogger(__name__)\n\n\ndef f():\n"
        '    logging.info("a")\n    log.debug("b")\n'
    )
    result = migrate_source(src, "executorch/exir/serde/example.py", CONFIG)
    assert result.new_text == (
        "from et_log_runtime import get_logger\n\nlog = get_logger(__name__)\n\n\ndef f():\n"
        '    log.info("a")\n    log.debug("b")\n'
    )


# exir/backend/utils.py: a parameter `logger` of a method, root calls in other functions
WHY_NO_PARTITION = """import logging


class WhyNoPartition:
    def __init__(self, logger: logging.Logger):
        self.logger = logger


def tag(node):
    logging.info("tagging %s", node)
"""


@pytest.mark.parametrize(
    "source",
    [
        WHY_NO_PARTITION,
        # a star import: a `logger` the module never reads is nobody's business
        "import logging\nfrom .ops_registrations import *  # noqa\n\n\ndef f():\n"
        '    logging.debug("created")\n',
    ],
    ids=["a-parameter-elsewhere", "a-star-import"],
)
def test_a_module_without_a_logger_gets_logger(source: str) -> None:
    result = migrate_source(source, "executorch/exir/backend/example.py", CONFIG)
    assert "\nlogger = get_logger(__name__)\n" in result.new_text
    assert "_logger =" not in result.new_text and not result.review
    assert "logging.info" not in result.new_text and "logging.debug" not in result.new_text


# backends/nxp/backend/ir/converter/tensor_utils.py: `logger` is NXP's own logging module
NXP_IMPORT = """from executorch.backends.nxp.backend.ir import logger as logger


def _buffer_has_data(t_buffer):
    try:
        return t_buffer.data is not None
    except Exception as e:
        logger.d("'ModelBuilder.bufferHasData()' failed!")
        print(e)
        return None
"""
# backends/nxp/backend/neutron_converter_manager.py: a local `logger` where the site is
NXP_LOCAL = """import logging
import multiprocessing


def convert(model):
    try:
        logger = multiprocessing.log_to_stderr()
        logger.setLevel(logging.WARNING)
        return run(model)
    except OSError as e:
        logging.warning(f"Multiprocessing not available ({e}), running directly")
        return model
"""


@pytest.mark.parametrize(
    ("source", "why"),
    [
        (NXP_IMPORT, "the module binds `logger` itself (line 1)"),
        (NXP_LOCAL, "`logger` is a local of `convert()` (line 7), where line 11 would use"),
    ],
    ids=["imported", "a-local-where-the-site-is"],
)
def test_logger_taken_leaves_the_file_for_review(source: str, why: str) -> None:
    result = migrate_source(source, "executorch/backends/nxp/backend/example.py", CONFIG)
    assert result.error is None and result.new_text == source and not result.rewritten
    assert result.review and all(why in r.review.reason for r in result.review)
    assert all("`logger`" in r.review.reason for r in result.review)


def test_the_lint_agrees_the_file_waits() -> None:
    findings = detect_source(NXP_IMPORT, "executorch/backends/nxp/backend/example.py", CONFIG)
    assert findings and not any(f.fixable for f in findings)
    assert "the module binds `logger` itself" in findings[0].reason
