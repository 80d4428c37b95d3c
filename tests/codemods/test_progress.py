"""Progress output: a bar redrawn in place on a terminal, plain lines otherwise."""

from __future__ import annotations

import io

from codemods.report.progress import Progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_bar_on_a_terminal():
    stream = _Terminal()
    progress = Progress(4, stream)
    for _ in range(4):
        progress.advance()
    progress.close()
    text = stream.getvalue()
    assert text.startswith("\r[") and text.endswith("] 4/4 files\n")
    assert "#" * 30 in text


def test_plain_lines_elsewhere():
    stream = io.StringIO()
    progress = Progress(100, stream)
    for _ in range(100):
        progress.advance()
    progress.close()
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue()
    assert lines[0] == "migrate: 1/100 files" and lines[-1] == "migrate: 100/100 files"
    assert len(lines) <= 6


def test_disabled_prints_nothing():
    stream = _Terminal()
    progress = Progress(3, stream, enabled=False)
    progress.advance()
    progress.close()
    assert stream.getvalue() == ""
