"""Read a process's stderr the way a user does: which lines came from ExecuTorch, at which level.

Recognised line shapes:
- torch's handler: ``V1129 16:22:11.370000 5051 executorch/exir/pass_manager.py:259] message``
  (level letter V=DEBUG, I=INFO, W=WARNING, E=ERROR, C=CRITICAL; the path is relative to torch's
  parent directory, so a copy elsewhere shows up as ``../../tmp/x/executorch/...``);
- the stdlib default of ``logging.basicConfig``: ``DEBUG:executorch.exir.pass_manager:message``;
- the format ExecuTorch's example scripts pass to ``basicConfig``:
  ``[DEBUG 2026-11-29 16:22:11,370 pass_manager.py:259] message`` (file name only);
- the ``warnings`` module: ``/path/executorch/exir/x.py:12: UserWarning: message``.
Other lines (continuations, plain prints) have no level and no origin.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

LEVEL_LETTERS = {"V": "DEBUG", "I": "INFO", "W": "WARNING", "E": "ERROR", "C": "CRITICAL"}
LEVEL_ORDER = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_LEVELS = "DEBUG|INFO|WARNING|ERROR|CRITICAL"

TORCH_LINE = re.compile(r"^(?P<letter>[VIWEC])\d{4} [\d:.]+ \d+ (?P<path>\S+?):\d+\] (?P<msg>.*)$")
STDLIB_LINE = re.compile(rf"^(?P<level>{_LEVELS}):(?P<name>[\w.]+):(?P<msg>.*)$")
EXAMPLE_LINE = re.compile(
    rf"^\[(?P<level>{_LEVELS}) [\d-]+ [\d:,]+ (?P<file>\S+):\d+\] (?P<msg>.*)$"
)
WARNING_LINE = re.compile(r"^(?P<path>\S+\.py):\d+: (?P<category>\w+): (?P<msg>.*)$")
EXECUTORCH_PATH = re.compile(r"(?:^|/)executorch/(?P<inner>\S+)$")

# WhyNoPartition is defined in exir but logs on the logger the backend hands it, so a line printed
# from exir/backend/utils.py with this prefix belongs to the backend, not to the exir core.
WHY_NO_PARTITION = "WhyNoPartition:"


@dataclass(frozen=True)
class LogLine:
    """One stderr line; ``module`` is the ExecuTorch-relative origin, e.g. ``exir/pass_manager``."""

    text: str
    level: str | None
    module: str | None
    message: str
    root_format: bool

    @property
    def is_executorch(self) -> bool:
        return self.module is not None

    @property
    def is_exir_debug(self) -> bool:
        """A core (exir) debug line; WhyNoPartition lines belong to the backend that logged them."""
        return (
            self.level == "DEBUG"
            and self.module is not None
            and self.module.startswith("exir/")
            and not self.message.startswith(WHY_NO_PARTITION)
        )


def _module_from_path(path: str) -> str | None:
    match = EXECUTORCH_PATH.search(path)
    return match.group("inner").removesuffix(".py") if match else None


def parse_line(text: str) -> LogLine:
    if match := TORCH_LINE.match(text):
        level = LEVEL_LETTERS[match.group("letter")]
        return LogLine(
            text, level, _module_from_path(match.group("path")), match.group("msg"), False
        )
    if match := STDLIB_LINE.match(text):
        name = match.group("name")
        module = (
            name.removeprefix("executorch.").replace(".", "/")
            if name.startswith("executorch.")
            else None
        )
        return LogLine(text, match.group("level"), module, match.group("msg"), True)
    if match := EXAMPLE_LINE.match(text):
        # only ExecuTorch's own example scripts install this format; the file name alone is kept
        return LogLine(text, match.group("level"), match.group("file"), match.group("msg"), True)
    if match := WARNING_LINE.match(text):
        module = _module_from_path(match.group("path"))
        return LogLine(text, "WARNING", module, match.group("msg"), False)
    return LogLine(text, None, None, text, False)


def parse(stderr: str) -> list[LogLine]:
    return [parse_line(line) for line in stderr.splitlines()]


def executorch_lines(lines: list[LogLine]) -> list[LogLine]:
    return [line for line in lines if line.is_executorch]


def below(level: str, lines: list[LogLine]) -> list[LogLine]:
    """Lines whose level is lower than ``level``."""
    limit = LEVEL_ORDER.index(level)
    return [line for line in lines if line.level and LEVEL_ORDER.index(line.level) < limit]


def repeated(lines: list[LogLine]) -> dict[str, int]:
    """Line texts printed more than once (torch's prefix carries a timestamp, so compare messages)."""
    counts = Counter((line.level, line.module, line.message) for line in lines)
    return {f"{lvl} {mod}: {msg}": n for (lvl, mod, msg), n in counts.items() if n > 1}


def count_containing(stderr: str, needle: str) -> int:
    return sum(needle in line for line in stderr.splitlines())
