"""What the detector reports: one site, located in characters, with its own source text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finding:
    """One site. `line`/`col` are 1-based and count characters (not bytes); `end_col` is
    exclusive, so a one-character site spans `col`..`col + 1`. `fixable=False` means the codemod
    leaves it for review and `reason` says why. `source` is the site's own source text."""

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    code: str
    message: str
    fixable: bool
    reason: str
    source: str


class SourceError(Exception):
    """A file that cannot be read, decoded or parsed; `line` is 0 when unknown."""

    def __init__(self, path: str, reason: str, line: int = 0) -> None:
        super().__init__(f"{path}:{line}: {reason}" if line else f"{path}: {reason}")
        self.path = path
        self.reason = reason
        self.line = line
