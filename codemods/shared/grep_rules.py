"""The two grep linters ExecuTorch's lintrunner can run on its own (`lintrunner_adapters`'
`grep_linter`, as its TORCH_AO_IMPORT does) to keep migrated code migrated: a call on the root
logger, and `logging.getLogger(...)` where the runtime's `get_logger` is the module's way. Each is
a coarse, line-based stand-in for a site kind (ETL002, ETL001); the series lists the files that
still match as the linter's exclusions. The pattern is read by `grep -E` and by Python's `re`
alike (tests/codemods/test_grep_rules.py runs both)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class GrepRule:
    code: str  # the linter's code in `.lintrunner.toml`
    kind: str  # the site kind it stands in for
    pattern: str  # `grep -E` and Python `re` read it the same
    error: str  # lintrunner's error name
    description: str  # what to do instead, one sentence

    def matches(self, text: str) -> bool:
        return re.search(self.pattern, text, re.M) is not None


ROOT_LOGGING = GrepRule(
    "ROOTLOGGING",
    "ETL002",
    r"^\s*logging\.(debug|info|warning|warn|error|exception|critical|log)\(",
    "Logging on the root logger",
    "Library code logs on its module's logger, so that applications and set_logs decide what "
    "shows: logger = get_logger(__name__) from {runtime}, then logger.info(...).",
)
GET_LOGGER = GrepRule(
    "GETLOGGER",
    "ETL001",
    r"\blogging\.getLogger\(",
    "logging.getLogger instead of get_logger",
    "Modules get their logger from {runtime}.get_logger(__name__), which returns the same "
    "logger and ties it to its component.",
)
GREP_RULES = (ROOT_LOGGING, GET_LOGGER)


def matching(text: str) -> tuple[str, ...]:
    """The codes of the rules whose pattern a line of `text` matches."""
    return tuple(rule.code for rule in GREP_RULES if rule.matches(text))
