"""The two grep linters ExecuTorch's lintrunner can run on its own (`lintrunner_adapters`'
`grep_linter`, as its TORCH_AO_IMPORT does) to keep migrated code migrated: a call on the root
logger (or its set-up), and `logging.getLogger(...)` where the runtime's `get_logger` is the
module's way. Each is a coarse, line-based stand-in for site kinds (ETL002 and ETL005, ETL001);
the series lists the files that still match as the linter's exclusions. The pattern is read by `grep -E` and by Python's `re`
alike (tests/codemods/test_grep_rules.py runs both)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class GrepRule:
    code: str  # the linter's code in `.lintrunner.toml`
    kinds: tuple[str, ...]  # the site kinds it stands in for
    pattern: str  # `grep -E` and Python `re` read it the same
    error: str  # lintrunner's error name
    description: str  # what to do instead, one sentence

    def matches(self, text: str) -> bool:
        return re.search(self.pattern, text, re.M) is not None


# `logging.` anywhere on a line but after a `#`, a name character or a dot (`self.logging.info`
# is not the module)
_MODULE = r"^([^#]*[^#.A-Za-z0-9_])?logging\."
ROOT_LOGGING = GrepRule(
    "ROOTLOGGING",
    ("ETL002", "ETL005"),
    _MODULE
    + r"((debug|info|warning|warn|error|exception|critical|fatal|log|basicConfig|disable"
    + r"|captureWarnings)\(|root\b)",
    "Logging on the root logger",
    "Library code logs on its module's logger and leaves the root logger and process-wide "
    "logging (basicConfig, disable, captureWarnings) to the application, so that its logging "
    "and set_logs decide what shows: logger = get_logger(__name__) from {runtime} (in a Buck "
    "target, with {buck} in its deps), then logger.info(...). A script's own set-up in its "
    "main() is the application's: list the file in exclude_patterns.",
)
GET_LOGGER = GrepRule(
    "GETLOGGER",
    ("ETL001",),
    _MODULE + r"getLogger\(",
    "logging.getLogger instead of get_logger",
    "Style: ExecuTorch's modules make their logger in one spelling, "
    "{runtime}.get_logger(__name__){buck}. It returns "
    "logging.getLogger(__name__), the same logger; this rule checks the spelling, not the "
    "name given.",
)
GREP_RULES = (ROOT_LOGGING, GET_LOGGER)


def matching(text: str) -> tuple[str, ...]:
    """The codes of the rules whose pattern a line of `text` matches."""
    return tuple(rule.code for rule in GREP_RULES if rule.matches(text))
