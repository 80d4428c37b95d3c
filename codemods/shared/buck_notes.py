"""The Buck note that says a migrated module is in no target, written by the vendoring step
(`vendor.buck_deps`) and read back by the commit messages (`report.commits`), which name such
modules in one sentence."""

from __future__ import annotations

import re

UNLISTED = "no target lists it"
_UNLISTED_NOTE = re.compile(rf"^(\S+): {UNLISTED} \((\S+)\); ")


def unlisted(note: str) -> tuple[str, str] | None:
    """(module, its BUCK file) of a note saying no target lists the module, else None."""
    found = _UNLISTED_NOTE.match(note)
    return (found.group(1), found.group(2)) if found else None
