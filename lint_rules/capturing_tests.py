"""Tests that assert on a message the migration would move (read before any site is rewritten).

ExecuTorch's tests check logs (`assertLogs`, `caplog`) and captured output (`capsys`,
`redirect_stdout`). A site whose message such a test looks for may change channel when
rewritten: a print becomes a log line. (Tests of warnings, `pytest.warns`, `assertWarns`, are not
concerned: ETL004's `warn(logger, ...)` calls `warnings.warn`, the warning stays a warning.) The
index below finds those tests (stdlib `ast`, test files only) and `asserting_test` says, per site,
which test asserts on it and through which channel. The lint and the migration both call
`index_run_tests` on the files of their run and `kept_for_test` per site, so they agree on which
sites stay for review (`Finding.fixable`): the lint through `mark_asserted`, after detecting.

What a test "looks for": the message-like strings of its file that appear in assertions, in
`in` comparisons, in `re.search`-style calls or as `match=` patterns (the literal runs of a
regex), following names bound to such strings. A site matches when it shares a run of at least
`MIN_SHARED` characters with one of them (an f-string's rendered value never appears in a site's
source, so exact containment would miss most messages).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from lint_rules.config import TEST_PATTERNS, Config
from lint_rules.finding import Finding
from lint_rules.globs import matches_any
from lint_rules.rules import ALL_RULES
from lint_rules.walk import walk_all

# The channel each fixable kind's site writes to before migration (after it: logs), for the
# kinds whose rewrite moves a message to the logs (`Rule.channel`). A test capturing that
# channel and looking for the message would break if the site were rewritten.
CHANNELS: dict[str, str] = {rule.code: rule.channel for rule in ALL_RULES if rule.channel}
# What a test uses to capture each channel a site can write to.
CAPTURES: dict[str, frozenset[str]] = {
    "logs": frozenset({"assertLogs", "caplog"}),
    "stdout": frozenset({"capsys", "capfd", "redirect_stdout"}),
    "stderr": frozenset({"capsys", "capfd", "redirect_stderr"}),
}
_MARKS = tuple(sorted({mark.encode() for marks in CAPTURES.values() for mark in marks}))
NEEDLES: tuple[bytes, ...] = (b"assertLogs", b"caplog", b"capsys", b"capfd", b"redirect_std")
# What a test file capturing the output a lint finding may be kept for holds (a rewrite that
# keeps its channel, the logs, is never kept for a test: see `needs_tests`).
OUTPUT_MARKS: tuple[bytes, ...] = tuple(
    sorted({m.encode() for c in set(CHANNELS.values()) - {"logs"} for m in CAPTURES[c]})
)
MIN_TEXT = 12  # shorter strings ("WARNING", "aot") say too little to tie a test to a site
MIN_SHARED = 24  # characters a test's text and a site's message must share
_REGEX_CALLS = frozenset({"search", "match", "fullmatch", "compile", "findall", "assertRegex"})
_REGEX_SYNTAX = re.compile(r"\\.|[.^$*+?{}\[\]|()]")
_RULES = re.compile(r"([^\w\s])\1{2,}")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class TestRef:
    """One test function that captures some channels, the texts it looks for itself (`own`) and
    those its whole file looks for (helpers, module-level patterns)."""

    path: str
    line: int
    name: str
    channels: frozenset[str]
    own: tuple[str, ...]
    texts: tuple[str, ...]

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line} {self.name}"


def _message_like(text: str) -> bool:
    """Long enough and made of words: identifiers ("call_function") tie nothing to a site."""
    return len(text) >= MIN_TEXT and " " in text


def index_tests(path: str, data: bytes) -> list[TestRef]:
    """The capturing test functions of one test file; [] when it cannot be read."""
    if not any(needle in data for needle in NEEDLES):
        return []
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError):
        return []
    nodes = walk_all(tree)
    bound = _bound_strings(nodes)
    texts = _looked_for(nodes, bound)
    if not texts:
        return []
    refs = []
    lines = data.splitlines()
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
            "test"
        ):
            text = b"\n".join(lines[node.lineno - 1 : node.end_lineno])
            if not any(mark in text for mark in _MARKS):
                continue  # the cheap test first: most tests capture nothing
            channels = _channels(node)
            if channels:
                own = _looked_for(walk_all(node), bound)
                refs.append(TestRef(path, node.lineno, node.name, channels, own, texts))
    return sorted(refs, key=lambda ref: ref.line)


def _channels(function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    words = {a.arg for a in function.args.args}
    for node in walk_all(function):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
    return frozenset(c for c, marks in CAPTURES.items() if words & marks)


def _bound_strings(nodes: list[ast.AST]) -> dict[str, list[str]]:
    """Name -> the strings bound to it anywhere in the file (`warn_log = "..."`)."""
    bound: dict[str, list[str]] = {}
    for node in nodes:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            if isinstance(node.value.value, str):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        bound.setdefault(target.id, []).append(node.value.value)
    return bound


def _looked_for(nodes: list[ast.AST], bound: dict[str, list[str]]) -> tuple[str, ...]:
    """The message-like strings these nodes check messages against."""
    checked: list[ast.AST] = []
    patterns: list[ast.AST] = []
    for node in nodes:
        if isinstance(node, ast.Assert):
            checked.append(node.test)
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            checked.append(node.left)
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else None
            if name in _REGEX_CALLS and node.args:
                patterns.append(node.args[0 if name != "assertRegex" else -1])
            elif name and name.startswith("assert"):
                checked += node.args
            patterns += [k.value for k in node.keywords if k.arg == "match"]
    texts = [t for expr in checked for t in _strings(expr, bound)]
    texts += [run for expr in patterns for t in _strings(expr, bound) for run in _literal_runs(t)]
    return tuple(t for t in dict.fromkeys(_normalise(s) for s in texts) if _message_like(t))


def _normalise(text: str) -> str:
    """Whitespace collapsed, rules of repeated punctuation (`-----`, `====`) dropped: table
    borders and padding are shared by many texts and mean nothing."""
    return _SPACES.sub(" ", _RULES.sub(" ", text)).strip()


def _strings(expr: ast.AST, bound: dict[str, list[str]]) -> list[str]:
    out: list[str] = []
    for node in walk_all(expr):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append(node.value)
        elif isinstance(node, ast.Name):
            out += bound.get(node.id, [])
    return out


def _literal_runs(pattern: str) -> list[str]:
    """The plain-text stretches of a regex (`Map created: (\\{.*\\})` -> `Map created: `)."""
    return [run for run in _REGEX_SYNTAX.split(pattern) if run]


def _site_text(call: ast.Call) -> str:
    """The literal text of a site's message arguments (f-string placeholders dropped)."""
    parts = []
    for arg in call.args:
        for node in walk_all(arg):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                parts.append(node.value)
    return _normalise(" ".join(parts))


@lru_cache(maxsize=4096)
def _chunks(text: str) -> tuple[str, ...]:
    """`text` cut into pieces of MIN_SHARED // 2 characters: a shared run of MIN_SHARED or more
    characters contains one of them whole, so a site holding none shares no such run."""
    size = MIN_SHARED // 2
    return tuple(text[i : i + size] for i in range(0, len(text) - size + 1, size))


def _shares_a_run(text: str, site: str) -> bool:
    if text in site:
        return True
    if len(text) < MIN_SHARED or not any(chunk in site for chunk in _chunks(text)):
        return False  # the cheap test first: most pairs share nothing
    from difflib import SequenceMatcher  # start-up time: rarely needed

    matcher = SequenceMatcher(None, text, site, autojunk=False)
    return matcher.find_longest_match(0, len(text), 0, len(site)).size >= MIN_SHARED


def asserting_test(call: ast.Call, channel: str, tests: list[TestRef]) -> TestRef | None:
    """The first test capturing `channel` whose file looks for this site's message, if any."""
    site = _site_text(call)
    if len(site.strip()) < MIN_TEXT:
        return None
    # in (path, line) order whoever built the list: the lint's workers and the migration's
    # single index name the same test
    capturing = sorted((t for t in tests if channel in t.channels), key=lambda t: (t.path, t.line))
    for test in capturing:  # a test that looks for it itself, else one whose file does
        if any(_shares_a_run(t, site) for t in test.own):
            return test
    for test in capturing:
        if any(_shares_a_run(t, site) for t in test.texts):
            return test
    return None


def is_test_file(relpath: str) -> bool:
    """`test_*.py`, `*_test.py`, or anything under a `test/` or `tests/` folder."""
    return matches_any(relpath, TEST_PATTERNS)


def may_capture_output(data: bytes) -> bool:
    """False when no test in a file of these bytes can capture output a site writes to."""
    return any(mark in data for mark in OUTPUT_MARKS)


def index_run_tests(
    files: Iterable[str], relpath: Callable[[str], str], output_only: bool = False
) -> list[TestRef]:
    """Every capturing test function among a run's `files` (test files only; a file that cannot
    be read is skipped: the run reports it elsewhere). `output_only`: only the files that may
    capture output (`may_capture_output`), all the lint asks about."""
    refs: list[TestRef] = []
    for path in files:
        rel = relpath(path)
        if is_test_file(rel):
            try:
                with open(path, "rb") as handle:
                    data = handle.read()
            except OSError:
                continue
            if not output_only or may_capture_output(data):
                refs += index_tests(rel, data)
    return refs


def kept_for_test(call: ast.Call, code: str, tests: list[TestRef]) -> tuple[TestRef, str] | None:
    """(the test, its channel) when a test asserts on this site's message through the channel
    the site writes to; None otherwise, or when the rewrite keeps the channel the test sees."""
    channel = CHANNELS.get(code)
    test = asserting_test(call, channel, tests) if channel else None
    return (test, channel) if test is not None and channel is not None else None


def kept_reason(test: TestRef, channel: str) -> str:
    return (
        f"asserted by {test.where} through {channel}; the rewrite would log it instead: "
        "update the test (assertLogs/caplog) or keep the site: review"
    )


def needs_tests(findings: list[Finding]) -> bool:
    """True when a test could turn one of `findings` into a review item: a fixable site whose
    rewrite changes the channel (output) a test may capture."""
    return any(f.fixable and CHANNELS.get(f.code, "logs") != "logs" for f in findings)


def review_asserted(
    findings: list[Finding],
    files: list[str],
    config: Config,
    cache_dir: str | None = None,
    indexed: tuple[list[TestRef], list[str]] | None = None,
) -> list[Finding]:
    """The lint's findings as the migration of the same `files` judges them (`mark_asserted`
    with the run's tests); the tests are read only when a site could be concerned, and only
    the test files that may capture output. `indexed`: what the lint did as it read every file,
    the tests its workers indexed already and the test files left to index; None: the test
    files are looked for among `files`, and read through `cache_dir` with `--cache`."""
    if not needs_tests(findings):
        return findings
    relpath = config.relpath
    if indexed is not None:
        refs = indexed[0] + index_run_tests(indexed[1], relpath, output_only=True)
        return mark_asserted(findings, refs)
    tests = [p for p in files if is_test_file(relpath(p))]
    if cache_dir is not None:
        from lint_rules.cache import cached_test_refs

        refs = cached_test_refs(
            cache_dir, config, tests, lambda p: index_run_tests([p], relpath, output_only=True)
        )
    else:
        from lint_rules.forks import forked_map

        refs = forked_map(lambda part: index_run_tests(part, relpath, output_only=True), tests)
    return mark_asserted(findings, refs)


def mark_asserted(findings: list[Finding], tests: list[TestRef]) -> list[Finding]:
    """`findings` with each fixable site a test asserts on through captured output turned
    into a review item (the migration keeps those sites, see `kept_for_test`)."""
    if not tests:
        return findings
    marked = []
    for finding in findings:
        kept = None
        if finding.fixable and CHANNELS.get(finding.code, "logs") != "logs":
            call = _call_of(finding.source)
            kept = kept_for_test(call, finding.code, tests) if call is not None else None
        if kept is not None:
            finding = replace(finding, fixable=False, reason=kept_reason(*kept))
        marked.append(finding)
    return marked


def _call_of(source: str) -> ast.Call | None:
    """The call a site's own source text spells (the detector's segment of the file)."""
    try:
        node = ast.parse(f"(\n{source}\n)", mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None
    return node if isinstance(node, ast.Call) else None
