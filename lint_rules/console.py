"""Lines for the user of the command-line tools (et-log-lint, et-log-migrate): their output,
not logging. One helper for both, so both end lines and pick streams alike."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import TextIO


def write_line(text: str, stream: TextIO | None = None) -> None:
    """Write `text` and a line ending to `stream` (stderr by default)."""
    (sys.stderr if stream is None else stream).write(text + "\n")
