"""Read and write target files byte-faithfully: encoding (PEP 263, BOM), line endings, mode."""

from __future__ import annotations

import io
import os
import stat
import tempfile
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass

from lint_rules.paths import is_within
from lint_rules.verdicts import not_text

_BOM = b"\xef\xbb\xbf"
_TEMP_PREFIX = ".et-log-"


class SourceFileError(Exception):
    """A file that cannot be read, decoded or written; the message names the reason and `line`
    the line it concerns (0: the whole file); `bad_input`: the file is not what the migration
    reads (not a regular file, not readable, not text), as the lint says of it too."""

    def __init__(self, reason: str, line: int = 0, *, bad_input: bool = False) -> None:
        super().__init__(reason)
        self.line = line
        self.bad_input = bad_input


@dataclass(frozen=True)
class SourceFile:
    """A decoded file and what is needed to write it back the same way."""

    path: str
    data: bytes
    text: str
    encoding: str
    bom: bool

    def encode(self, text: str) -> bytes:
        try:
            body = text.encode(self.encoding)
        except UnicodeEncodeError as exc:
            raise SourceFileError(f"new text cannot be encoded as {self.encoding}: {exc}") from exc
        return _BOM + body if self.bom else body


def decode(path: str, data: bytes) -> SourceFile:
    """Decode like Python: BOM, else a PEP 263 cookie, else UTF-8. Line endings stay as they are."""
    encoding = "utf-8"
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        bom = data.startswith(_BOM)
        if encoding == "utf-8-sig":
            encoding = "utf-8"
        text = data[len(_BOM) :].decode(encoding) if bom else data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        error = not_text(path, data, exc, encoding)  # the lint's wording and line
        raise SourceFileError(error.reason, error.line, bad_input=True) from exc
    return SourceFile(path, data, text, encoding, bom)


def read(path: str) -> SourceFile:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device: reading would block
            raise SourceFileError("cannot read: not a regular file", bad_input=True)
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise SourceFileError(f"cannot read: {exc.strerror or exc}", bad_input=True) from exc
    return decode(path, data)


def refuse_read_only(path: str) -> None:
    """SourceFileError when the file's mode bits give nobody write access (`chmod 444`): judged by
    the bits, not by a write test, so the refusal holds for root too."""
    mode = os.stat(path).st_mode
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise SourceFileError(
            f"read-only file (mode {stat.S_IMODE(mode):04o}): left as it is; "
            "make it writable to migrate it"
        )


def write_atomic(path: str, data: bytes) -> None:
    """Replace `path` with `data`: temp file in the same folder, fsync, os.replace, same mode
    and owner. An OSError names `path`'s folder or `path`, never the temp file."""
    try:
        _write_atomic(path, data)
    except OSError as exc:
        raise SourceFileError(f"cannot write: {exc.strerror or exc}") from exc


def _write_atomic(path: str, data: bytes) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    old = os.stat(path)
    mode = old.st_mode & 0o7777
    prefix = f"{_TEMP_PREFIX}{os.getpid()}-"  # the pid tells a killed run's leftovers apart
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if os.getuid() == 0 and (old.st_uid, old.st_gid) != (0, os.getgid()):
            os.chown(tmp, old.st_uid, old.st_gid)  # run as root over a user's tree: keep owner
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def remove_stale_temps(folders: Iterable[str]) -> list[str]:
    """Delete temp files a killed run left in `folders` (their process is gone); return them."""
    removed = []
    for folder in sorted(set(folders)):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            pid = name[len(_TEMP_PREFIX) :].split("-", 1)[0]
            if not (name.startswith(_TEMP_PREFIX) and name.endswith(".tmp") and pid.isdigit()):
                continue
            if _alive(int(pid)):
                continue  # another run at work in the same tree
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                continue
            removed.append(os.path.join(folder, name))
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a killed process nobody has reaped yet (containers) is a zombie: dead for us
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True


def within_roots(path: str, roots: list[str]) -> str | None:
    """The real path of `path` when it (after symlinks) lies inside one of `roots`, else None."""
    real = os.path.realpath(path)
    for root in roots:
        base = os.path.realpath(root)
        if os.path.isfile(base):
            if real == base:
                return real
        elif is_within(real, base):
            return real
    return None
