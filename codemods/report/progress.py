"""Progress: a bar redrawn in place on a terminal, a few plain lines otherwise."""

from __future__ import annotations

import time
from typing import TextIO

_WIDTH = 30


class Progress:
    """Counts processed files; draws nothing when disabled or when there is nothing to do."""

    def __init__(self, total: int, stream: TextIO, *, enabled: bool = True) -> None:
        self.total = total
        self.stream = stream
        self.done = 0
        self.enabled = enabled and total > 0
        self.tty = self.enabled and stream.isatty()
        self._last_step = -1
        self._last_draw = 0.0

    def advance(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        if self.tty:
            now = time.monotonic()
            if now - self._last_draw >= 0.05 or self.done == self.total:
                self._last_draw = now
                filled = _WIDTH * self.done // self.total
                bar = "#" * filled + "-" * (_WIDTH - filled)
                self.stream.write(f"\r[{bar}] {self.done}/{self.total} files")
                self.stream.flush()
            return
        step = 4 * self.done // self.total  # a line at each quarter
        if step != self._last_step and (step > 0 or self.done == 1):
            self._last_step = step
            self.stream.write(f"migrate: {self.done}/{self.total} files\n")

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
