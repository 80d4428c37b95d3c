"""What both command lines (`et-log-lint`, `et-log-migrate`) share: `--select`/`--ignore`
parsing and validation, and the one rule that finds the project's `[tool.et-log]`."""

from __future__ import annotations

import os
from collections.abc import Sequence

from lint_rules import load_config
from lint_rules.config import Config
from lint_rules.paths import is_within
from lint_rules.rules import CODES, code_range


def parse_codes(text: str) -> list[str]:
    """`"etl001, ETL00"` -> `["ETL001", "ETL00"]`: each item a registered code or a prefix of
    one. For argparse's `type=`: an unknown code raises ArgumentTypeError, so both CLIs exit 2
    with the same message and before touching any file."""
    import argparse  # start-up time: a call without --select/--ignore does not need it

    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    if not codes:
        raise argparse.ArgumentTypeError(f"no code given ({code_range()})")
    for code in codes:
        if not any(known.startswith(code) for known in CODES):
            raise argparse.ArgumentTypeError(f"unknown code {code!r} ({code_range()})")
    return codes


def config_anchor(paths: Sequence[str]) -> str:
    """Where the project root is looked for: the current directory, unless a path given lies
    outside it (then the first such path). So `cd repo && tool exir/` and
    `tool /elsewhere/repo/exir` both find the repository's own `[tool.et-log]`."""
    cwd = os.getcwd()
    for path in paths:
        absolute = os.path.abspath(path)
        if not is_within(absolute, cwd):
            return absolute
    return cwd


CONFIG_HELP = (
    "a pyproject.toml (or other TOML file) holding [tool.et-log], or a folder to look from "
    "(default: the nearest [tool.et-log] from the current directory, else the git top)"
)


def cli_config(
    paths: Sequence[str], overrides: dict[str, object], config: str | None = None
) -> Config:
    """The configuration a command line runs under. `config` (`--config`) names a TOML file
    holding `[tool.et-log]` (its folder is then the root) or a folder to look from; without it
    the root is found from `config_anchor(paths)` (DESIGN "One project root"). Raises
    ConfigError."""
    if config is not None and not os.path.isdir(config):
        return load_config(".", overrides or None, pyproject=config)
    return load_config(config or config_anchor(paths), overrides or None)
