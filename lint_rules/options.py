"""The `[tool.et-log]` keys that belong to one site kind, all on one screen.

`Config` validates keys and gives defaults from `OPTIONS`; a kind lists the options it reads in
its `Rule.options` (docs/rules.md shows them there). Config and the rules both import this module,
and it imports neither: that keeps `config -> rules -> config` from forming.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Option:
    """A `[tool.et-log]` key a kind declares for itself (a list of strings), read with
    `Config.option(key)`."""

    key: str
    default: tuple[str, ...]
    help: str


# Output the caller asked for (ETL003, ETL008: rules/_requested.py)
PRINT_FUNCTIONS = Option(
    "print-functions",
    ("print_*", "pretty_*", "dump*", "show*", "__str__", "__repr__", "__format__"),
    "function-name globs whose prints are their output (not diagnostics)",
)
# ETL008 (diagnostics printed to stdout)
TOOL_PATTERNS = Option(
    "tool-patterns", (), "file globs whose stdout prints are their output (command-line tools)"
)

OPTIONS: dict[str, Option] = {option.key: option for option in (PRINT_FUNCTIONS, TOOL_PATTERNS)}
