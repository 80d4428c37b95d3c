"""ETL006: an ad-hoc level override on a library logger (`logger.setLevel(...)`)."""

from __future__ import annotations

from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.rules.base import Example, Rule, Site


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    for call in facts.calls_of("setLevel"):
        if facts.is_library_logger(call.func.value):  # type: ignore[attr-defined]
            yield Site(call, "ETL006", False, "level overrides need a human decision")


RULE = Rule(
    code="ETL006",
    name="adhoc-level-override",
    message="ad-hoc setLevel on a library logger; levels belong to TORCH_LOGS / set_logs",
    fixable=False,
    what_it_does=(
        "Flags `setLevel(...)` on a logger the module built itself (a variable or attribute "
        "assigned from `logging.getLogger(...)` or `get_logger(...)`, or such a call directly), "
        "for any logger other than the root (the root is ETL005)."
    ),
    why_bad=(
        "A level forced in library code overrides what the user asked for with `TORCH_LOGS`: "
        "a module pinned to INFO cannot be silenced, one pinned to WARNING cannot be debugged."
    ),
    use_instead=(
        'Let the component level apply; for a verbose flag call `set_logs(executorch="DEBUG")` '
        "(or the backend's component) from the application."
    ),
    fix_safety="Never fixed automatically: whether the override is wanted needs a human.",
    detect=detect,
    needles=(b"setLevel",),
    spellings="setLevel",
    valid=(
        Example(
            code=(
                "import logging\n\nhandler = logging.StreamHandler()\n"
                "handler.setLevel(logging.INFO)\n"
            ),
            note="handlers are not loggers",
        ),
        Example(
            code=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                "def debug_enabled():\n    return logger.isEnabledFor(10)\n"
            ),
        ),
        Example(
            code=(
                "import logging\n\nlogger = logging.getLogger(__name__)\n"
                "logger.setLevel(logging.DEBUG)\n"
            ),
            path="executorch/backends/vulkan/test/utils.py",
            note="tests are not library code",
        ),
    ),
    invalid=(
        Example(
            code=(
                "import logging\n\nlogger = logging.getLogger(__name__)\n"
                "logger.setLevel(logging.WARNING)\n"
            ),
            fixed=(
                "import logging\n\nfrom et_log_runtime import get_logger\n\n"
                "logger = get_logger(__name__)\nlogger.setLevel(logging.WARNING)\n"
            ),
            note="the getLogger call is fixed (ETL001); the override stays for review",
        ),
        Example(
            code=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def enable_verbose(verbose):\n    if verbose:\n        logger.setLevel("DEBUG")\n'
            ),
            note="behind a verbose flag",
        ),
        Example(
            code=(
                "from et_log_runtime import get_logger\n\n"
                'get_logger("executorch.backends.vulkan").setLevel("INFO")\n'
            ),
            path="executorch/backends/vulkan/example.py",
            note="directly on a named logger",
        ),
        Example(
            code=(
                "from et_log_runtime import get_logger\n\n\nclass Partitioner:\n"
                "    def __init__(self, verbose):\n"
                "        self.logger = get_logger(__name__)\n"
                '        if verbose:\n            self.logger.setLevel("DEBUG")\n'
            ),
            note="a logger kept on an attribute",
        ),
    ),
)
