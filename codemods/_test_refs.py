"""Tests that assert on a message the migration would move (read before any site is rewritten).

ExecuTorch's tests check warnings (`pytest.warns(match=)`, `assertWarns`), logs (`assertLogs`,
`caplog`) and captured output (`capsys`, `redirect_stdout`). A site whose message such a test
looks for changes channel when rewritten: a warning becomes a log record, a print a log line. The
index below finds those tests (stdlib `ast`, test files only) and `pair_for` says, per site, which
test asserts on it and through which channel.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from lint_rules.rules._output import literal_text
from lint_rules.walk import walk_all

# What a test uses to capture each channel a site can write to.
CAPTURES: dict[str, frozenset[str]] = {
    "warnings": frozenset(
        {"warns", "assertWarns", "assertWarnsRegex", "recwarn", "catch_warnings", "deprecated_call"}
    ),
    "logs": frozenset({"assertLogs", "caplog"}),
    "stdout": frozenset({"capsys", "capfd", "redirect_stdout"}),
    "stderr": frozenset({"capsys", "capfd", "redirect_stderr"}),
}
NEEDLES = (b"warns", b"assertLogs", b"caplog", b"capsys", b"capfd", b"redirect_std", b"recwarn")
NEEDLES += (b"catch_warnings", b"deprecated_call")
MIN_TEXT = 12  # shorter strings ("WARNING", "aot") say too little to tie a test to a site


def _message_like(text: str) -> bool:
    """Long enough and made of words: identifiers ("call_function") tie nothing to a site."""
    return len(text) >= MIN_TEXT and " " in text


@dataclass(frozen=True)
class TestRef:
    """One test function that captures some channels and looks for some texts."""

    path: str
    line: int
    name: str
    channels: frozenset[str]
    texts: tuple[str, ...]
    patterns: tuple[str, ...]  # `match=` regexes

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line} {self.name}"


def index_tests(path: str, data: bytes) -> list[TestRef]:
    """The capturing test functions of one test file; [] when it cannot be read."""
    if not any(needle in data for needle in NEEDLES):
        return []
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError):
        return []
    refs = []
    for node in walk_all(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
            "test"
        ):
            ref = _test_ref(path, node)
            if ref is not None:
                refs.append(ref)
    return refs


def _test_ref(path: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> TestRef | None:
    words: set[str] = {a.arg for a in function.args.args}
    checked: list[ast.AST] = []  # what the test asserts on: assert statements, self.assert*()
    assigned: dict[str, list[str]] = {}  # name -> strings bound to it (`warn_log = "..."`)
    patterns: list[str] = []
    for node in walk_all(function):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        if isinstance(node, ast.Assert):
            checked.append(node.test)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr.startswith("assert"):
                checked += node.args
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            if isinstance(node.value.value, str):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).append(node.value.value)
        elif isinstance(node, ast.keyword) and node.arg == "match":
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                patterns.append(node.value.value)
    channels = frozenset(c for c, marks in CAPTURES.items() if words & marks)
    if not channels:
        return None
    texts: list[str] = []
    for expr in checked:
        for node in walk_all(expr):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.append(node.value.strip())
            elif isinstance(node, ast.Name):
                texts += [t.strip() for t in assigned.get(node.id, ())]
    texts = [t for t in dict.fromkeys(texts) if _message_like(t)]
    return TestRef(path, function.lineno, function.name, channels, tuple(texts), tuple(patterns))


def fragments(call: ast.Call) -> tuple[str, list[str]]:
    """A site's message as the source shows it: the literal text, and its long literal pieces."""
    pieces: list[str] = []
    for arg in call.args:
        for node in walk_all(arg):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if _message_like(node.value.strip()):
                    pieces.append(node.value.strip())
    return " ".join(literal_text(a) for a in call.args), pieces


def asserting_test(call: ast.Call, channel: str, tests: list[TestRef]) -> TestRef | None:
    """The first test capturing `channel` that looks for this site's message, if any."""
    text, pieces = fragments(call)
    if not text.strip():
        return None
    for test in tests:
        if channel not in test.channels:
            continue
        if any(p in t for t in test.texts for p in pieces) or any(t in text for t in test.texts):
            return test
        for pattern in test.patterns:
            try:
                if re.search(pattern, text):
                    return test
            except re.error:
                continue
    return None


def is_test_file(relpath: str) -> bool:
    """`test_*.py`, `*_test.py`, or anything under a `test/` or `tests/` folder."""
    parts = relpath.split("/")
    name = parts[-1]
    return (
        name.startswith("test_")
        or name.endswith("_test.py")
        or any(p in ("test", "tests") for p in parts[:-1])
    )
