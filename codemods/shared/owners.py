"""Who owns a file, from the project's CODEOWNERS: the series gives each owner its own commits.

GitHub's rules, for the patterns ExecuTorch's file uses: the last matching line wins; a pattern
with a slash before its end is anchored at the root (`/exir/backend`, `docs/`), one without
matches a file or folder name anywhere (`CMakeLists.txt`, `*.bzl`); a folder pattern covers
everything below it; `*` and `?` stay within one path segment, `**` spans segments. A file no
line covers has no owner (""). The owner of a file is the pattern that covers it, without its
slashes at either end (`exir/backend`): the unit its commits are cut along.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

PLACES = (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS")  # where GitHub looks, in order


def _regex(pattern: str) -> re.Pattern[str]:
    """The paths `pattern` covers: the ones it names and everything below them."""
    anchored = "/" in pattern.rstrip("/")
    body = pattern.strip("/")
    parts = re.split(r"(\*\*/|/\*\*|\*\*|\*|\?)", body)
    glob = {"**/": "(?:.*/)?", "/**": "(?:/.*)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    text = "".join(glob.get(part, re.escape(part)) for part in parts)
    start = "" if anchored else "(?:.*/)?"
    return re.compile(f"{start}{text}(?:/.*)?")


@dataclass(frozen=True)
class Owners:
    """The CODEOWNERS lines in order: (owner label, the paths it covers)."""

    lines: tuple[tuple[str, re.Pattern[str]], ...] = ()

    def of(self, relpath: str) -> str:
        """The owner of `relpath` (root-relative, '/'-separated): the last line covering it."""
        for label, regex in reversed(self.lines):
            if regex.fullmatch(relpath):
                return label
        return ""


def parse_owners(text: str) -> Owners:
    """The owners a CODEOWNERS file's text declares (comments and blank lines skipped; a line
    without handles still counts: GitHub reads it as "no owner" for its paths)."""
    lines = []
    for raw in text.splitlines():
        fields = raw.split("#", 1)[0].split()
        if fields:  # a catch-all (`*`) owns the files no later line covers: label ""
            label = "" if fields[0] in ("*", "/*", "**") else fields[0].strip("/")
            lines.append((label, _regex(fields[0])))
    return Owners(tuple(lines))


def read_owners(root: Path | None) -> Owners:
    """The owners of the project at `root`, from the first CODEOWNERS where GitHub looks; none
    (every file's owner "") when there is no such file or it cannot be read."""
    if root is None:
        return Owners()
    for place in PLACES:
        try:
            return parse_owners((root / place).read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
    return Owners()
