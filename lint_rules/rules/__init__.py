"""The site kinds: one module each (docs, examples, needles, recogniser), `ALL_RULES` in code order.

Adding a kind: write `etlNNN_<name>.py` exporting `RULE`, list it here; everything that shows or
counts kinds (CLI, formats, docs, the codemod's report) iterates over `ALL_RULES`.
"""

from __future__ import annotations

from lint_rules.rules.base import Example, Rule, Site
from lint_rules.rules.etl001_direct_get_logger import RULE as ETL001
from lint_rules.rules.etl002_root_logger_call import RULE as ETL002
from lint_rules.rules.etl003_print_to_stderr import RULE as ETL003
from lint_rules.rules.etl004_diagnostic_warning import RULE as ETL004
from lint_rules.rules.etl005_logging_config_in_library import RULE as ETL005
from lint_rules.rules.etl006_adhoc_level_override import RULE as ETL006
from lint_rules.rules.etl007_raised_warning import RULE as ETL007
from lint_rules.rules.etl008_print_to_stdout import RULE as ETL008
from lint_rules.rules.etl009_level_gate import RULE as ETL009

ALL_RULES: tuple[Rule, ...] = (
    ETL001,
    ETL002,
    ETL003,
    ETL004,
    ETL005,
    ETL006,
    ETL007,
    ETL008,
    ETL009,
)
RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in ALL_RULES}
CODES: tuple[str, ...] = tuple(RULES_BY_CODE)


def code_range() -> str:
    """`ETL001-ETL009`: the registered codes, for help texts and titles."""
    return f"{CODES[0]}-{CODES[-1]}"


__all__ = ["ALL_RULES", "CODES", "RULES_BY_CODE", "Example", "Rule", "Site", "code_range"]
