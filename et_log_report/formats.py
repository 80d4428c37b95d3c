"""The formats of ``et-log-report diff``, by name: a new one is its module and one entry here."""

from __future__ import annotations

from collections.abc import Callable

from .diff import Diff
from .diff_json import render_diff_json
from .text import render_diff

__all__ = ["DIFF_FORMATS"]


def _text(diff: Diff, failures: list[str]) -> str:
    return "\n".join([render_diff(diff), *failures])


# name -> (the comparison, the failed gates' lines) -> what the command prints
DIFF_FORMATS: dict[str, Callable[[Diff, list[str]], str]] = {
    "text": _text,
    "json": render_diff_json,
}
