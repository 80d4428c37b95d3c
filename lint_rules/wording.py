"""Counts in messages, with the noun in the right number ("1 file", "2 files")."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`count(1, "finding")` -> "1 finding"; `count(2, "entry", "entries")` -> "2 entries"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
