"""The fast path: byte prefilter, stdlib `ast`, sites -> Findings (character columns, noqa)."""

from __future__ import annotations

import ast
import os
import re
import stat
import warnings

from lint_rules.config import Config
from lint_rules.facts import gather_facts
from lint_rules.finding import Finding, SourceError
from lint_rules.rules import RULES_BY_CODE
from lint_rules.sites import find_sites

# Stage one of the prefilter: every site needs one of these in the file (`arn` covers warn,
# Warning; `setLevel` covers loggers from the runtime). `in` on bytes is far faster than a regex.
_NEEDLES = (b"logging", b"stderr", b"arn", b"setLevel")
# Stage two, on the few files that pass: the spellings a site can actually take.
_SPELLINGS = re.compile(
    rb"getLogger|stderr|basicConfig|setLevel|addHandler|\bwarn\b|"
    rb"import\s+logging\s+as|from\s+logging\s+import|"
    rb"\blogging\s*\.\s*(?:debug|info|warning|warn|error|exception|critical|fatal|log|root)\b|"
    rb"raise\s+[\w.]*Warning|class\s+\w+\s*\([^)]*Warning"
)
_NOQA = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.IGNORECASE
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def may_contain_sites(data: bytes) -> bool:
    """Cheap test on raw bytes: False means no site can be in the file."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16: the byte test does not apply
        return True
    if not any(needle in data for needle in _NEEDLES):
        return False
    return _SPELLINGS.search(data) is not None


def decode_source(data: bytes, path: str) -> str:
    """Decode like Python does (BOM, PEP 263 cookie, else UTF-8); SourceError otherwise."""
    head = data[:400]
    if b"coding" not in head and not head.startswith(b"\xef\xbb\xbf"):
        try:  # the common case, without importing tokenize
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SourceError(path, f"cannot decode as UTF-8: {exc}") from exc
    import io
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        raise SourceError(path, f"cannot decode: {exc}") from exc
    return text[1:] if text.startswith("\ufeff") else text


def detect_file(path: str, config: Config) -> list[Finding]:
    """Read `path` and detect its sites. Raises SourceError (unreadable, undecodable,
    unparsable)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device: reading would block
            raise SourceError(path, "cannot read: not a regular file")
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise SourceError(path, f"cannot read: {exc.strerror or exc}") from exc
    if not may_contain_sites(data) or _skipped_by_path(path, config):
        return []
    return _detect(decode_source(data, path), path, config)


def _skipped_by_path(path: str, config: Config) -> bool:
    return config.is_script_path(path)


def detect_source(text: str, path: str, config: Config) -> list[Finding]:
    """All enabled, unsuppressed sites in `text` (which pretends to live at `path`), sorted by
    position. Scripts, tests and examples yield nothing unless the config says otherwise.
    Raises SourceError when `text` does not parse."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not may_contain_sites(text.encode("utf-8", "surrogatepass")) or _skipped_by_path(
        path, config
    ):
        return []
    return _detect(text, path, config)


def _detect(text: str, path: str, config: Config) -> list[Finding]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences in the target code
            tree = ast.parse(text, filename=path)
    except SyntaxError as exc:
        raise SourceError(path, f"cannot parse: {exc.msg}", exc.lineno or 0) from exc
    except ValueError as exc:  # null bytes
        raise SourceError(path, f"cannot parse: {exc}") from exc
    except RecursionError as exc:  # e.g. `1 + 1 + ...` thousands of terms long
        raise SourceError(path, "cannot parse: expression nested too deeply") from exc
    facts = gather_facts(tree, config.runtime_import)
    if config.detect_scripts and facts.is_script:
        return []
    sites = [s for s in find_sites(facts, config.package) if config.code_enabled(s.code)]
    if not sites:
        return []
    lines = _LINE_BREAK.split(text)
    findings = []
    for site in sites:
        node = site.node
        line, end_line = node.lineno, node.end_lineno or node.lineno
        if _suppressed(site.code, lines[line - 1], lines[end_line - 1]):
            continue
        col = _char_col(lines[line - 1], node.col_offset)
        end_col = _char_col(lines[end_line - 1], node.end_col_offset or 0)
        findings.append(
            Finding(
                path=path,
                line=line,
                col=col + 1,
                end_line=end_line,
                end_col=end_col + 1,
                code=site.code,
                message=RULES_BY_CODE[site.code].message,
                fixable=site.fixable,
                reason=site.reason,
                source=_segment(lines, line, col, end_line, end_col),
            )
        )
    findings.sort(key=lambda f: (f.line, f.col, f.code))
    return findings


def _char_col(line: str, byte_offset: int) -> int:
    if line.isascii():
        return byte_offset
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", "replace"))


def _segment(lines: list[str], line: int, col: int, end_line: int, end_col: int) -> str:
    if line == end_line:
        return lines[line - 1][col:end_col]
    parts = [lines[line - 1][col:], *lines[line : end_line - 1], lines[end_line - 1][:end_col]]
    return "\n".join(parts)


def _suppressed(code: str, first: str, last: str) -> bool:
    """`# noqa` (all codes) or `# noqa: ETL00X[, ...]` on the site's first or last line."""
    for text in (first, last) if first is not last else (first,):
        if "noqa" not in text and "NOQA" not in text:
            continue
        for match in _NOQA.finditer(text):
            codes = match.group("codes")
            if codes is None:
                return True
            if code in {c.upper() for c in re.split(r"[,\s]+", codes) if c}:
                return True
    return False
