"""The fast path: byte prefilter, stdlib `ast`, each kind's recogniser -> Findings (character
columns, noqa). `analyse` also hands the parsed module and the sites' nodes to the codemod, so a
file is parsed once per tool."""

from __future__ import annotations

import ast
import os
import re
import stat
import warnings
from dataclasses import replace
from functools import lru_cache

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts, gather_facts
from lint_rules.finding import Finding, SourceError
from lint_rules.rules import ALL_RULES, CODES, RULES_BY_CODE, Rule, Site
from lint_rules.verdicts import not_python, not_text

_NOQA = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.IGNORECASE
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class Analysis:
    """One module as the detector saw it: its text, tree and facts, and each reported site with
    the node it was found on (the codemod's input)."""

    def __init__(
        self,
        path: str,
        text: str,
        tree: ast.Module,
        facts: ModuleFacts,
        sites: list[tuple[Finding, Site]],
        whole_file: str | None = None,
    ) -> None:
        self.path = path
        self.text = text
        self.tree = tree
        self.facts = facts
        self.whole_file = whole_file  # why every site of the file waits for review, if so
        self.sites = sites

    @property
    def findings(self) -> list[Finding]:
        return [finding for finding, _ in self.sites]


@lru_cache(maxsize=64)
def _prefilter(
    codes: tuple[str, ...],
) -> tuple[tuple[bytes, ...], tuple[bytes | re.Pattern[bytes], ...]]:
    """Stage one: any of the kinds' needles (`in` on bytes is far faster than a regex); stage
    two, on the few files that pass: the spellings a site of those kinds can take, each its own
    check (a plain word as a substring, else a regex starting with a literal: one alternation of
    them all is several times slower)."""
    rules = [RULES_BY_CODE[c] for c in codes]
    needles = tuple(dict.fromkeys(n for rule in rules for n in rule.needles))
    checks = dict.fromkeys(
        s.encode() if re.fullmatch(r"\w+", s) else re.compile(s.encode())
        for rule in rules
        for s in rule.spellings
    )
    return needles, tuple(checks)


@lru_cache(maxsize=64)
def _enabled(select: tuple[str, ...], ignore: tuple[str, ...]) -> tuple[Rule, ...]:
    return tuple(r for r in ALL_RULES if Config(select=select, ignore=ignore).code_enabled(r.code))


def enabled_rules(config: Config | None) -> tuple[Rule, ...]:
    """The kinds `--select`/`--ignore` leave on."""
    return ALL_RULES if config is None else _enabled(config.select, config.ignore)


def may_contain_sites(data: bytes, config: Config | None = None) -> bool:
    """Cheap test on raw bytes: False means no site of an enabled kind can be in the file."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16: the byte test does not apply
        return True
    codes = CODES if config is None else tuple(r.code for r in enabled_rules(config))
    needles, spellings = _prefilter(codes)
    if not any(needle in data for needle in needles):
        return False
    return any(
        (check in data) if isinstance(check, bytes) else check.search(data) is not None
        for check in spellings
    )


def decode_source(data: bytes, path: str) -> str:
    """Decode like Python does (BOM, PEP 263 cookie, else UTF-8); SourceError otherwise."""
    head = data[:400]
    if b"coding" not in head and not head.startswith(b"\xef\xbb\xbf"):
        try:  # the common case, without importing tokenize
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise not_text(path, data, exc) from exc
    import io
    import tokenize

    encoding = "utf-8"
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        raise not_text(path, data, exc, encoding) from exc
    return text[1:] if text.startswith("\ufeff") else text


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_source(path: str) -> bytes:
    """The bytes of `path`. Raises SourceError (not a regular file, cannot be read). Checked
    first, so that a FIFO or a device is never opened; then read through the descriptor (no
    file object: it costs more than reading a small file takes)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):  # a FIFO or a device: reading would block
            raise SourceError(path, "cannot read: not a regular file")
        fd = os.open(path, _READ_FLAGS)
        try:
            chunks = [os.read(fd, info.st_size + 1)]
            while chunks[-1]:  # until the end of the file, which may have grown or shrunk
                chunks.append(os.read(fd, 1 << 16))
        finally:
            os.close(fd)
    except OSError as exc:
        raise SourceError(path, f"cannot read: {exc.strerror or exc}") from exc
    return chunks[0] if len(chunks) == 2 else b"".join(chunks)


def detect_file(path: str, config: Config) -> list[Finding]:
    """Read `path` and detect its sites. Raises SourceError (unreadable, undecodable,
    unparsable)."""
    return detect_data(path, read_source(path), config)


def detect_data(path: str, data: bytes, config: Config, rel: str | None = None) -> list[Finding]:
    """The sites of `data`, the bytes of `path` (`detect_file` when they are read already;
    `rel`: the path relative to the project root, when the caller has it). Raises SourceError
    (not text, not Python). Bytes that are not text are said so also when they are not parsed:
    the migration, which decodes every file it reads, says so too."""
    if not worth_parsing(path, data, config, rel):
        if not data.isascii():  # ASCII is text in every encoding Python reads source in
            decode_source(data, path)
        return []
    analysis = _analyse(decode_source(data, path), path, config)
    return analysis.findings if analysis is not None else []


def worth_parsing(path: str, data: bytes, config: Config, rel: str | None = None) -> bool:
    """Whether the lint parses `path`, whose bytes are `data`: not a test or a script by its
    path (whatever its bytes hold), and bytes the prefilter does not rule out."""
    script = config.is_script_path(path) if rel is None else config.is_script_rel(rel)
    return not script and may_contain_sites(data, config)


def detect_source(text: str, path: str, config: Config) -> list[Finding]:
    """All enabled, unsuppressed sites in `text` (which pretends to live at `path`), sorted by
    position. Scripts, tests and examples yield nothing unless the config says otherwise.
    Raises SourceError when `text` does not parse."""
    analysis = analyse(text, path, config)
    return analysis.findings if analysis is not None else []


def analyse(text: str, path: str, config: Config) -> Analysis | None:
    """The module's tree, facts and sites; None when no site can be in it (prefilter, a script,
    or no site found). Raises SourceError when `text` does not parse."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if config.is_script_path(path):
        return None
    if not may_contain_sites(text.encode("utf-8", "surrogatepass"), config):
        return None
    return _analyse(text, path, config)


def parse(text: str, path: str) -> ast.Module:
    """`ast.parse`, with every failure as a SourceError naming the file (and line if known)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences in the target code
            return ast.parse(text, filename=path)
    except SyntaxError as exc:
        raise not_python(path, exc.msg, exc.lineno or 0) from exc
    except ValueError as exc:  # null bytes
        raise not_python(path, str(exc)) from exc
    except RecursionError as exc:  # e.g. `1 + 1 + ...` thousands of terms long
        # valid Python, maybe, but beyond the parser: the tool's limit, not the file's kind
        raise SourceError(path, "cannot parse: expression nested too deeply") from exc


def _analyse(text: str, path: str, config: Config) -> Analysis | None:
    tree = parse(text, path)
    # Lines as Python counts them (\r\n, \r or \n); a plain split when there is no \r (the
    # same list, many times faster than the regex)
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
    facts = gather_facts(tree, config.runtime_import, path, lines)
    if config.detect_scripts and facts.is_script:
        return None
    # each site with its kind: the rule's code goes on the site's finding
    found = [(rule, site) for rule in enabled_rules(config) for site in rule.detect(facts, config)]
    if not found:
        return None
    fixable = [site.node for _, site in found if site.fixable]
    whole_file = next(
        (r for rule in ALL_RULES if rule.file_check and (r := rule.file_check(facts, fixable))),
        None,
    )
    if whole_file is not None:  # all or nothing per file: every site waits for review
        found = [(r, replace(s, review=whole_file) if s.fixable else s) for r, s in found]
    sites = []
    for rule, site in found:
        node = site.node
        line, end_line = node.lineno, node.end_lineno or node.lineno
        if _suppressed(rule.code, lines[line - 1], lines[end_line - 1]):
            continue
        col = _char_col(lines[line - 1], node.col_offset)
        end_col = _char_col(lines[end_line - 1], node.end_col_offset or 0)
        finding = Finding(
            path=path,
            line=line,
            col=col + 1,
            end_line=end_line,
            end_col=end_col + 1,
            code=rule.code,
            message=site.message or rule.message,
            fixable=site.fixable,
            reason=site.review,
            source=_segment(lines, line, col, end_line, end_col),
        )
        sites.append((finding, site))
    if not sites:
        return None
    sites.sort(key=lambda pair: (pair[0].line, pair[0].col, pair[0].code))
    return Analysis(path, text, tree, facts, sites, whole_file)


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
