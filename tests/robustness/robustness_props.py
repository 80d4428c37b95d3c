"""The properties every input must satisfy, shared by the property tests and `bench/fuzz.py`.

`check_source` runs the lint and the migration in-process on one text and raises
`PropertyFailure` (an AssertionError) naming the broken property; any other exception escaping
the lint or the codemod is itself a failure ("never crashes").
"""

from __future__ import annotations

import ast
import difflib
import re
import warnings
from dataclasses import dataclass

from codemods.pipeline import migrate_source
from codemods.shared.units import split_lines
from lint_rules import Config, Finding, SourceError, detect_source
from lint_rules.detector import may_contain_sites

DEFAULT_PATH = "executorch/exir/fuzzed.py"
# Lines a migration may add: the runtime import, the module logger, blank lines.
_ADDED_LINE = re.compile(
    r"(from [\w.]+ import [\w, ]+|[A-Za-z_]\w* = [A-Za-z_]\w*\(__name__\)|)\s*"
)


class PropertyFailure(AssertionError):
    """A broken robustness property; the message says which, and on what."""


@dataclass
class Checked:
    """What one input did: kept for the campaign's statistics."""

    parsed: bool = False
    findings: int = 0
    changed: bool = False
    rewritten: int = 0
    review: int = 0
    refused: str | None = None  # valid input the codemod declined to write (guard or mismatch)


def _parses(text: str) -> ast.Module | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
            compile(tree, "<fuzz>", "exec", dont_inherit=True)
        return tree
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def lint(text: str, path: str, config: Config) -> list[Finding] | None:
    """Findings, or None when the text is reported as unusable (the only allowed exception)."""
    try:
        return detect_source(text, path, config)
    except SourceError as exc:
        if exc.path != path or not exc.reason:
            raise PropertyFailure(f"SourceError does not name the file: {exc!r}") from exc
        return None


def check_source(
    text: str, config: Config | None = None, path: str = DEFAULT_PATH, *, strict: bool = False
) -> Checked:
    """Check every property on `text`. `strict`: valid input must not be refused either."""
    config = config or Config()
    out = Checked()
    tree = _parses(text)
    out.parsed = tree is not None
    findings = lint(text, path, config)
    if findings is None and tree is not None:
        raise PropertyFailure("the lint rejects a module that compiles")
    out.findings = len(findings or ())
    result = migrate_source(text, path, config)
    out.review = len(result.review)
    if result.error is not None:
        if result.new_text != text:
            raise PropertyFailure("a refused module came back with changed text")
        if tree is not None:
            out.refused = result.error
            if strict:
                raise PropertyFailure(f"valid module refused: {result.error}")
        return out
    if tree is None and may_contain_sites(text.encode("utf-8", "surrogatepass")):
        raise PropertyFailure("a module that may hold sites and does not compile was not reported")
    if tree is None:  # no site spelling anywhere: neither tool parses it, nothing to change
        if result.changed or findings:
            raise PropertyFailure("a module without site spellings was changed")
        return out
    fixable = {(f.line, f.col, f.code) for f in findings or () if f.fixable}
    rewritten = {(r.finding.line, r.finding.col, r.finding.code) for r in result.rewritten}
    if rewritten - fixable:
        raise PropertyFailure(
            f"rewrote sites the lint does not call fixable: {rewritten - fixable}"
        )
    out.rewritten = len(result.rewritten)
    if not result.changed:
        if result.new_text != text or result.rewritten:
            raise PropertyFailure("sites reported rewritten but the text is unchanged")
        return out
    out.changed = True
    new = result.new_text
    if _parses(new) is None:
        raise PropertyFailure("the migrated text does not compile")
    _only_sites_changed(text, new, tree, [r.finding for r in result.rewritten])
    again = migrate_source(new, path, config)
    if again.error is not None or again.changed or again.rewritten:
        raise PropertyFailure(
            f"second run not a no-op: error={again.error!r} rewrote {len(again.rewritten)} sites"
        )
    return out


def _only_sites_changed(old: str, new: str, tree: ast.Module, rewritten: list[Finding]) -> None:
    """Independent of the codemod's own guard: every old line that changed or vanished lies in a
    rewritten site, an import statement or is blank/comment; every inserted line is an import,
    the module logger or blank."""
    free: set[int] = set()
    for finding in rewritten:
        free.update(range(finding.line, finding.end_line + 1))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            free.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    old_lines, new_lines = split_lines(old), split_lines(new)
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op in ("replace", "delete"):
            for index in range(i1, i2):
                line = old_lines[index].strip()
                if index + 1 not in free and line and not line.startswith("#"):
                    raise PropertyFailure(
                        f"line {index + 1} changed but holds no rewritten site: {line!r}"
                    )
        if op == "insert":
            for index in range(j1, j2):
                if not _ADDED_LINE.fullmatch(new_lines[index]):
                    raise PropertyFailure(f"unexpected line added: {new_lines[index]!r}")
