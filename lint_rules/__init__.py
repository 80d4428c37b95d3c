"""The definition of every site kind (`lint_rules.rules`) and the fast, stdlib-only detector."""

from __future__ import annotations

import os

from lint_rules.config import Config, ConfigError, read_config
from lint_rules.detector import detect_file, detect_source
from lint_rules.finding import Finding, SourceError
from lint_rules.rules import check_options


def load_config(
    start_dir: str | os.PathLike[str] = ".",
    overrides: dict[str, object] | None = None,
    *,
    pyproject: str | os.PathLike[str] | None = None,
) -> Config:
    """The configuration a run uses (`config.read_config`), each key a site kind declares for
    itself checked against that kind (`rules.check_options`). Raises ConfigError."""
    return check_options(read_config(start_dir, overrides, pyproject=pyproject))


__all__ = [
    "Config",
    "ConfigError",
    "Finding",
    "SourceError",
    "detect_file",
    "detect_source",
    "load_config",
]
