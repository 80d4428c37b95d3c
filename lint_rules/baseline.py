"""The baseline ratchet: known findings, keyed by file, code and the site's own source text.

Entries match count-aware and ignore line numbers (and whitespace inside the site), so edits
that shift lines do not break the baseline. A run only ever judges the entries in its scope
(the files it linted, the folders it walked, the codes it checked): updating lowers their
counts, regenerating rewrites them, and every other entry is kept as it is."""

from __future__ import annotations

import io
import json
import os
import re
import tokenize
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from lint_rules.config import Config, ConfigError
from lint_rules.finding import Finding
from lint_rules.runner import FileError
from lint_rules.verdicts import cannot_write
from lint_rules.wording import count

BASELINE_VERSION = 1
Key = tuple[str, str, str]
_SPACE = re.compile(r"\s+")


class BaselineError(ConfigError):
    """A baseline file that cannot be read or is not ours."""


_SKIPPED_TOKENS = {
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.COMMENT,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}


def normalise_source(source: str) -> str:
    """The site's tokens without layout: whitespace, comments and a trailing comma before a
    closing bracket do not count, so a reformatted site still matches."""
    try:
        tokens = [
            t.string
            for t in tokenize.generate_tokens(io.StringIO(source.strip()).readline)
            if t.type not in _SKIPPED_TOKENS
        ]
    except (tokenize.TokenError, SyntaxError):
        return _SPACE.sub(" ", source).strip()
    kept = [
        tok
        for i, tok in enumerate(tokens)
        if not (tok == "," and i + 1 < len(tokens) and tokens[i + 1] in (")", "]", "}"))
    ]
    out: list[str] = []
    for tok in kept:  # a space only where two words would otherwise merge
        if (
            out
            and (out[-1][-1:].isalnum() or out[-1][-1:] == "_")
            and (tok[:1].isalnum() or tok[:1] in "_'\"")
        ):
            out.append(" ")
        out.append(tok)
    return "".join(out)


def finding_key(finding: Finding, relpath: Callable[[str], str]) -> Key:
    return (relpath(finding.path), finding.code, normalise_source(finding.source))


def load_baseline(path: str) -> tuple[Counter[Key], dict[Key, str]]:
    """Entry counts by key, and each key's source text as written in the file."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read baseline: {exc.strerror or exc}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BaselineError(f"{path}: not a baseline file: {exc}") from exc
    if not isinstance(data, dict) or data.get("version") != BASELINE_VERSION:
        raise BaselineError(f"{path}: not an et-log baseline (version {BASELINE_VERSION})")
    counts: Counter[Key] = Counter()
    texts: dict[Key, str] = {}
    for i, entry in enumerate(data.get("entries", [])):
        try:
            source = str(entry["source"])
            key = (str(entry["path"]), str(entry["code"]), normalise_source(source))
            count = int(entry.get("count", 1))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BaselineError(f"{path}: entry {i} is malformed: {exc!r}") from exc
        counts[key] += max(count, 0)
        texts.setdefault(key, source)
    return counts, texts


def save_baseline(path: str, counts: Counter[Key], texts: dict[Key, str]) -> None:
    """Write `counts` (sorted, stable: small diffs in review) atomically; `texts` gives each
    key's source as a human wrote it."""
    entries = [
        {"path": key[0], "code": key[1], "source": texts.get(key, key[2]), "count": n}
        for key, n in sorted(counts.items())
        if n > 0
    ]
    text = json.dumps({"version": BASELINE_VERSION, "entries": entries}, indent=2) + "\n"
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError as exc:  # named by the baseline's path, never the temp file's
        if os.path.exists(tmp):
            os.remove(tmp)
        raise BaselineError(cannot_write(path, exc)) from exc


def count_findings(
    findings: Iterable[Finding], relpath: Callable[[str], str]
) -> tuple[Counter[Key], dict[Key, str]]:
    """Counts by key, and the first finding's source text for each key."""
    counts: Counter[Key] = Counter()
    texts: dict[Key, str] = {}
    for finding in findings:
        key = finding_key(finding, relpath)
        counts[key] += 1
        texts.setdefault(key, finding.source)
    return counts, texts


def split_new(
    findings: list[Finding], baseline: Counter[Key], relpath: Callable[[str], str]
) -> tuple[list[Finding], Counter[Key]]:
    """(findings not covered by the baseline, baseline entries no longer seen). Within one key
    the earliest findings are the grandfathered ones."""
    remaining = Counter(baseline)
    new: list[Finding] = []
    for finding in sorted(findings, key=lambda f: (f.path, f.line, f.col)):
        key = finding_key(finding, relpath)
        if remaining[key] > 0:
            remaining[key] -= 1
        else:
            new.append(finding)
    return new, +remaining


def ratchet(
    baseline: Counter[Key], current: Counter[Key], in_scope: Callable[[Key], bool]
) -> Counter[Key]:
    """Lower each entry to what is still found; never add. Entries this run did not look at
    (other files, unselected codes, files that failed to parse) are kept as they are."""
    updated: Counter[Key] = Counter()
    for key, known in baseline.items():
        if not in_scope(key):
            updated[key] = known
        else:
            updated[key] = min(known, current.get(key, 0))
    return +updated


@dataclass(frozen=True)
class Scope:
    """What one run looked at, as root-relative paths: the files it linted, the files it could
    not lint, the folders it walked ("." for the root) and the codes it checked."""

    linted: frozenset[str]
    failed: frozenset[str]
    folders: tuple[str, ...]
    config: Config

    @classmethod
    def of_run(
        cls,
        config: Config,
        args: Sequence[str],
        files: Iterable[str],
        errors: Iterable[FileError],
    ) -> Scope:
        rel = config.relpath
        return cls(
            linted=frozenset(rel(p) for p in files),
            failed=frozenset(rel(e.path) for e in errors),
            folders=tuple(rel(a) for a in args if os.path.isdir(a)),
            config=config,
        )

    def covers(self, key: Key) -> bool:
        """True if this run can tell whether the entry's sites are still there: its code was
        checked and its file was linted, or lies in a walked folder without being linted
        (deleted, renamed or excluded since). A file that failed to parse is never covered."""
        path, code, _ = key
        if path in self.failed or not self.config.code_enabled(code):
            return False
        if path in self.linted:
            return True
        return any(f == "." or path.startswith(f + "/") for f in self.folders)


def apply_baseline(
    path: str,
    mode: str,
    findings: list[Finding],
    relpath: Callable[[str], str],
    scope: Scope,
) -> tuple[list[Finding], str]:
    """(findings to report, a note for the user) for `mode` "check" (read only), "update"
    (drop the covered entries whose sites are gone) or "generate" (rewrite the covered entries
    from `findings`). Entries the run does not cover are never reported, dropped or changed."""
    current, current_texts = count_findings(findings, relpath)
    if mode == "generate":
        try:
            known, texts = load_baseline(path)
        except BaselineError:
            if os.path.exists(path):
                raise
            known, texts = Counter(), {}
        kept = Counter({k: n for k, n in known.items() if not scope.covers(k)})
        save_baseline(path, kept + current, {**texts, **current_texts})
        note = (
            f"baseline {path}: recorded {count(len(findings), 'finding')} of the "
            f"{count(len(scope.linted), 'file')} linted"
        )
        return [], note + _kept(kept)
    known, texts = load_baseline(path)
    new, stale = split_new(findings, known, relpath)
    fixed = sum(n for key, n in stale.items() if scope.covers(key))
    if mode == "check":
        if not fixed:
            return new, ""
        return new, (
            f"{count(fixed, 'baseline entry is', 'baseline entries are')} fixed (their sites "
            "are gone from the files linted); "
            "run with --update-baseline to drop them"
        )
    updated = ratchet(known, current, scope.covers)
    save_baseline(path, updated, texts)
    kept = Counter({k: n for k, n in known.items() if not scope.covers(k)})
    dropped = count(fixed, "fixed entry", "fixed entries")
    return new, f"baseline {path}: dropped {dropped}" + _kept(kept)


def _kept(kept: Counter[Key]) -> str:
    total = sum(kept.values())
    kept_entries = count(total, "entry", "entries")
    return f"; kept {kept_entries} of files this run did not lint" if total else ""
