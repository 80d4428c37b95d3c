"""The series' lint pull request: ExecuTorch's own `grep_linter` entries in `.lintrunner.toml`
(`shared.grep_rules`), so that code the series moved onto module loggers stays there. Its
exclusions are the files that still match once the rest of the series has landed, read from each
file's text after the run (`FileOutcome.grep_left`) or, for files the run did not read, from disk:
a maintainer lands it last, as TORCH_AO_IMPORT lists the imports left to migrate."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from codemods.report.commits import wrap
from codemods.report.patches import Prepared
from codemods.report.tally import Tally
from codemods.shared.grep_rules import GREP_RULES, GrepRule, matching
from codemods.vendor.config import lintrunner_glob_takes
from codemods.vendor.files import VendorPlan
from codemods.write.worker import byte_diff

LINT = "lint-module-loggers"
CONFIG = ".lintrunner.toml"
# left out of every rule: not library code, or not ExecuTorch's
EXCLUDED = (
    "**/test/**/*.py",
    "**/tests/**/*.py",
    "**/test_*.py",
    "**/third-party/**/*.py",
    "**/third_party/**/*.py",
)
_ANCHOR = re.compile(r"^code\s*=\s*['\"]TORCH_AO_IMPORT['\"]\s*$")  # the same kind of linter


def _linter(
    rule: GrepRule,
    folders: Sequence[str],
    skipped: Sequence[str],
    left: Sequence[str],
    runtime: str,
) -> str:
    lines = ["[[linter]]", f"code = '{rule.code}'", "include_patterns = ["]
    lines += [f"    '{folder}/**/*.py'," for folder in folders]
    lines += ["]", "exclude_patterns = [", *(f"    '{p}'," for p in EXCLUDED)]
    if skipped:
        lines.append("    # they set up their logging themselves")
        lines += [f"    '{glob}'," for glob in skipped]
    if left:
        lines.append("    # still to migrate, for their owners")
        lines += [f"    '{path}'," for path in left]
    lines += [
        "]",
        "command = [",
        "    'python',",
        "    '-m',",
        "    'lintrunner_adapters',",
        "    'run',",
        "    'grep_linter',",
        f"    '--pattern={rule.pattern}',",
        f"    '--linter-name={rule.code}',",
        f"    '--error-name={rule.error}',",
        f"    '''--error-description={rule.description.format(runtime=runtime)}''',",
        "    '--',",
        "    '@{{PATHSFILE}}',",
        "]",
    ]
    return "\n".join(lines) + "\n"


def _insert(text: str, blocks: str) -> str:
    """`blocks` after the TORCH_AO_IMPORT linter (far from MYPY, which the hook's commit edits),
    else at the end."""
    lines = text.splitlines(keepends=True)
    code = next((i for i, line in enumerate(lines) if _ANCHOR.match(line.strip())), None)
    end = None
    if code is not None:
        end = next((i for i in range(code, len(lines)) if lines[i].strip() == "[[linter]]"), None)
    if end is None:
        return text.rstrip("\n") + "\n\n" + blocks
    return "".join(lines[:end]) + blocks + "\n" + "".join(lines[end:])


def _taken(path: str, folders: Sequence[str], skipped: Iterable[str]) -> bool:
    """Whether the linters read `path`: under a folder, not excluded."""
    if not any(path.startswith(f"{folder}/") for folder in folders):
        return False
    return not any(lintrunner_glob_takes(glob, path) for glob in (*EXCLUDED, *skipped))


def still_matching(
    root: Path, folders: Sequence[str], tally: Tally, skipped: Sequence[str]
) -> dict[str, list[str]]:
    """Per rule code, the files the linters read that still match after the series."""
    after = {o.path: o.grep_left for o in tally.outcomes if o.error is None}
    left: dict[str, list[str]] = {rule.code: [] for rule in GREP_RULES}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if not _taken(rel, folders, skipped):
                continue
            codes = after[rel] if rel in after else matching(_read(path))
            for code in codes:
                left[code].append(rel)
    return left


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def lint_patch(
    vendored: VendorPlan, tally: Tally, folders: Sequence[str], runtime: str
) -> Prepared | None:
    """The lint pull request's commit on top of the runtime's `.lintrunner.toml`, or None
    where the checkout has none."""
    config = vendored.root / CONFIG
    if not config.is_file():
        return None
    folders = sorted({f.strip("/") for f in folders if f.strip("/")})
    skipped = [f"{folder.strip('/')}/**/*.py" for folder, _ in tally.not_migrated]
    left = still_matching(vendored.root, folders, tally, skipped)
    planned = vendored.files.get(config)
    base = vendored.without_hook.get(config, planned.text if planned else None)
    before = base if base is not None else config.read_text(encoding="utf-8")
    blocks = "\n".join(_linter(r, folders, skipped, left[r.code], runtime) for r in GREP_RULES)
    after = _insert(before, blocks)
    sections = byte_diff(before.encode("utf-8"), after.encode("utf-8"), CONFIG)
    counts = ", ".join(f"{r.code} {len(left[r.code])}" for r in GREP_RULES)
    named = [f"{f}/" for f in folders]
    said = ", ".join(named[:-1]) + f" and {named[-1]}" if len(named) > 1 else "".join(named)
    body = BODY.format(runtime=runtime, folders=said, counts=counts)
    message = "\n".join([SUBJECT, "", *wrap(body)])
    return Prepared(LINT, message, sections, DESCRIPTION.format(runtime=runtime, counts=counts))


SUBJECT = "lint: keep ExecuTorch's Python on module loggers"
BODY = (
    "Two grep linters, as TORCH_AO_IMPORT is one: ROOTLOGGING flags a call on the root logger "
    "(`logging.info(...)` at the start of a line) and GETLOGGER a `logging.getLogger(...)`, in "
    "{folders} (tests and third-party code left out). Library code logs on its module's logger "
    "({runtime}.get_logger(__name__)) so that an application's logging and set_logs decide "
    "what shows; these keep new code from undoing it. The files that still do either once the "
    "series' other commits have landed are listed in exclude_patterns, for their owners "
    "({counts}). Nothing a program prints changes."
)

DESCRIPTION = (
    "Two `grep_linter` entries in `.lintrunner.toml`, ExecuTorch's own pattern (as "
    "TORCH_AO_IMPORT): ROOTLOGGING (a root-logger call such as `logging.info(...)`) and "
    "GETLOGGER (`logging.getLogger(...)` where `{runtime}.get_logger(__name__)` is the module's "
    "way). Tests and third-party code are left out. The files that still match once the "
    "series' other pull requests have landed are listed in `exclude_patterns` ({counts}), for "
    "their owners, so this lands after them (the torch hook does not need it). Nothing a "
    "program prints changes.\n"
)
