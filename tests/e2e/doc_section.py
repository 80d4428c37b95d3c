"""Replace a generated section of a doc: the text between two marker comments (the figures the
scripts beside this module measure). A doc without the markers gets the section appended."""

from __future__ import annotations

from pathlib import Path


def replace_section(doc: Path, begin: str, end: str, body: str) -> None:
    """Write ``body`` between ``begin`` and ``end`` in ``doc`` (appended with both when absent)."""
    text = doc.read_text(encoding="utf-8")
    if begin in text and end in text:
        start, stop = text.index(begin) + len(begin), text.index(end)
        text = text[:start] + "\n" + body + "\n" + text[stop:]
    else:
        text = text.rstrip("\n") + f"\n\n{begin}\n{body}\n{end}\n"
    doc.write_text(text, encoding="utf-8")
