"""The definition of every site kind (`lint_rules.rules`) and the fast, stdlib-only detector."""

from __future__ import annotations

from lint_rules.config import Config, ConfigError, load_config
from lint_rules.detector import detect_file, detect_source
from lint_rules.finding import Finding, SourceError

__all__ = [
    "Config",
    "ConfigError",
    "Finding",
    "SourceError",
    "detect_file",
    "detect_source",
    "load_config",
]
