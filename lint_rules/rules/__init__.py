"""Site kinds ETL001-ETL007: one module each, `ALL_RULES` in code order."""

from __future__ import annotations

from lint_rules.rules.base import Example, Rule
from lint_rules.rules.etl001_direct_get_logger import RULE as ETL001
from lint_rules.rules.etl002_root_logger_call import RULE as ETL002
from lint_rules.rules.etl003_print_to_stderr import RULE as ETL003
from lint_rules.rules.etl004_diagnostic_warning import RULE as ETL004
from lint_rules.rules.etl005_logging_config_in_library import RULE as ETL005
from lint_rules.rules.etl006_adhoc_level_override import RULE as ETL006
from lint_rules.rules.etl007_raised_warning import RULE as ETL007

ALL_RULES: tuple[Rule, ...] = (ETL001, ETL002, ETL003, ETL004, ETL005, ETL006, ETL007)
RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in ALL_RULES}

__all__ = ["ALL_RULES", "RULES_BY_CODE", "Example", "Rule"]
