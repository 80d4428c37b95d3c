"""One wording for a file that cannot be decoded, shared by the lint and the codemod, with the
line of the offending byte (or of the encoding cookie) so the message points somewhere real."""

from __future__ import annotations

import codecs

from lint_rules.finding import SourceError


def decode_error(path: str, data: bytes, exc: Exception, encoding: str = "utf-8") -> SourceError:
    """The SourceError for `exc`, raised while decoding `data` (the file at `path`) as
    `encoding` or while reading its PEP 263 cookie."""
    if isinstance(exc, UnicodeDecodeError):
        line = data[: exc.start].count(b"\n") + 1
        byte = exc.object[exc.start : exc.start + 1].hex()
        return SourceError(
            path, f"cannot decode as {_name(encoding)}: byte 0x{byte}: {exc.reason}", line
        )
    message = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    return SourceError(path, f"cannot decode: {message}", _cookie_line(data))


def _name(encoding: str) -> str:
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return encoding


def _cookie_line(data: bytes) -> int:
    """The line of the encoding declaration (PEP 263: line 1 or 2), 0 when there is none."""
    for number, line in enumerate(data.splitlines()[:2], start=1):
        if b"coding" in line:
            return number
    return 0
