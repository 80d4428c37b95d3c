"""One verdict per kind of bad input, worded once for et-log-lint and et-log-migrate (the
detector, the codemod's file reader and both command lines import it): the message names the
file and says what it is not (`not UTF-8 text`, `not Python`), with a real line when there is
one, and both tools exit `EXIT_BAD_INPUT`. et-log-report (which imports none of our tools)
says `not UTF-8 text` and `not a delegation record` in the same shape; docs/robustness.md's
table of each tool's answer is run and compared by tests/robustness/test_verdicts.py."""

from __future__ import annotations

import codecs
import os

from lint_rules.finding import SourceError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from collections.abc import Sequence

    from lint_rules.config import Config

# A file or an argument that is not what the tool reads: the exit status of all three tools.
EXIT_BAD_INPUT = 2

NOT_PYTHON = "not Python"
NOT_A_PYTHON_FILE = (
    f"{NOT_PYTHON}: not .py or .pyi, no python #! line, not in [tool.et-log] include"
)


def not_text(path: str, data: bytes, exc: Exception, encoding: str = "utf-8") -> SourceError:
    """The SourceError for `exc`, raised while decoding `data` (the file at `path`) as
    `encoding` or while reading its PEP 263 cookie: `not UTF-8 text: byte 0x89 at offset 0`,
    on the line of the offending byte (or of the cookie)."""
    cookie = _cookie_line(data)
    if not isinstance(exc, UnicodeDecodeError) and not cookie:
        try:  # tokenize's "invalid or missing encoding declaration": say which byte
            data.decode("utf-8")
        except UnicodeDecodeError as utf8:
            exc, encoding = utf8, "utf-8"
    if isinstance(exc, UnicodeDecodeError):
        line = data[: exc.start].count(b"\n") + 1
        byte = exc.object[exc.start : exc.start + 1].hex()
        reason = f"not {text_name(encoding)} text: byte 0x{byte} at offset {exc.start}"
        return SourceError(path, reason, line)
    message = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    return SourceError(path, f"not text: {message}", cookie)


def not_python(path: str, detail: str, line: int = 0) -> SourceError:
    """A text that does not parse as Python: `not Python: invalid syntax` (at `line`)."""
    return SourceError(path, f"{NOT_PYTHON}: {detail}", line)


def is_python_file(path: str, config: Config) -> bool:
    """An explicitly named file is Python to both tools when its extension says so, the
    config's include globs name it (`include = ["*.py", "BUILD.tmpl"]`) or its first line is
    a python `#!` (a script without an extension: pre-commit's `types: [python]` passes it)."""
    if path.endswith((".py", ".pyi")) or config.is_included_rel(config.relpath(path)):
        return True
    try:
        with open(path, "rb") as handle:
            first = handle.readline(256)
    except OSError:
        return True  # not for us to judge: reading it reports why it cannot be read
    return first.startswith(b"#!") and b"python" in first


def named_not_python(paths: Sequence[str], config: Config) -> list[str]:
    """The regular files among `paths` (a command line's) that are not Python (excluded ones
    are skipped anyway, as discovery skips them)."""
    return [
        path
        for path in paths
        if not path.endswith((".py", ".pyi"))  # the common case first: no stat, no glob
        and os.path.isfile(path)
        and not config.is_excluded(path)
        and not is_python_file(path, config)
    ]


def text_name(encoding: str) -> str:
    """`utf-8` -> `UTF-8`; any other codec by its canonical name (`iso8859-1`)."""
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        name = encoding
    return "UTF-8" if name == "utf-8" else name


def _cookie_line(data: bytes) -> int:
    """The line of the encoding declaration (PEP 263: line 1 or 2), 0 when there is none."""
    for number, line in enumerate(data.splitlines()[:2], start=1):
        if b"coding" in line:
            return number
    return 0


def a_folder(path: str) -> str:
    """What an option that takes a file says of a folder (argparse puts the option first:
    `argument --report: exir: a folder, not a file`)."""
    return f"{path}: a folder, not a file"


def a_file(value: str) -> str:
    """An argparse `type=` for an option naming a file: an existing folder (the positional
    argument, most likely, after an option whose value was left out) is refused while the
    command line is read, naming the option and the folder."""
    if os.path.isdir(value):
        import argparse  # start-up time: only for a command line with such an option

        raise argparse.ArgumentTypeError(a_folder(value))
    return value


def an_output(value: str) -> str:
    """An argparse `type=` for an option naming a file to write: `a_file`, and in a folder
    that exists, so a run is not done in vain for an output it cannot write."""
    a_file(value)
    folder = os.path.dirname(value)
    if folder and not os.path.isdir(folder):
        import argparse

        raise argparse.ArgumentTypeError(f"{value}: cannot write: no folder {folder}")
    return value


def cannot_write(path: str, exc: OSError) -> str:
    """An output that could not be written, by its path (never a temp file's)."""
    return f"{path}: cannot write: {exc.strerror or exc}"
