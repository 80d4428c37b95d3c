"""The series' lint pull requests: ExecuTorch's own `grep_linter` entries in `.lintrunner.toml`
(`shared.grep_rules`), so that code stays on module loggers. They read every package the wheel
ships (`src/executorch/`'s links, not examples/), so that new code in a folder the series did
not migrate is held to it too. The first lands right after the runtime, as TORCH_AO_IMPORT
did, its exclusions the files that match before the series (`FileOutcome.grep_before`, or from
disk for files the run did not read); the second, after the areas' pull requests, drops those
that no longer match (`FileOutcome.grep_left`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from codemods.report.commits import wrap
from codemods.report.patches import Prepared
from codemods.report.tally import Tally
from codemods.shared.grep_rules import GET_LOGGER, GREP_RULES, GrepRule, matching
from codemods.vendor import buck as buck_files
from codemods.vendor.buck_deps import runtime_label
from codemods.vendor.config import lintrunner_glob_takes
from codemods.vendor.files import VendorPlan
from codemods.write.worker import byte_diff

LINT = "lint-module-loggers"
PRUNE = "lint-migrated-files"
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


def _linter(rule: GrepRule, folders: Sequence[str], left: Left, runtime: str, buck: str) -> str:
    lines = ["[[linter]]", f"code = '{rule.code}'", "include_patterns = ["]
    lines += [f"    '{folder}/**/*.py'," for folder in folders]
    lines += ["]", "exclude_patterns = [", *(f"    '{p}'," for p in EXCLUDED)]
    if left.runtime:
        lines.append("    # the logging package's get_logger: the one logging.getLogger call")
        lines += [f"    '{path}'," for path in left.runtime]
    if left.own_setup:
        lines.append("    # TODO: in folders that set up their own logging (not migrated); listed")
        lines.append("    # file by file so that a new file there is linted")
        lines += [f"    '{path}'," for path in left.own_setup]
    if left.to_migrate:
        lines.append("    # TODO: still to migrate (a script's own set-up in its main() may stay);")
        lines.append("    # the lint commit after the areas' migration drops the files that no")
        lines.append("    # longer match, in one change, so that the areas' pull requests do not")
        lines.append("    # conflict here")
        lines += [f"    '{path}'," for path in left.to_migrate]
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
        f"    '''--error-description={rule.description.format(runtime=runtime, buck=buck)}''',",
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


@dataclass
class Left:
    """One linter's exclusions past the fixed ones: files under a folder that sets up its own
    logging (not migrated), and files still to migrate."""

    own_setup: list[str] = field(default_factory=list)
    to_migrate: list[str] = field(default_factory=list)
    runtime: list[str] = field(default_factory=list)  # the logging package's own module

    @property
    def paths(self) -> list[str]:
        return [*self.own_setup, *self.to_migrate]


def lint_folders(root: Path, given: Iterable[str], runtime: str) -> list[str]:
    """The folders the linters read: the packages the wheel ships (`src/executorch/`'s entries
    but examples/, which are applications), else the folders given, and the runtime's own
    (which the series' first pull request adds)."""
    shipped = root / "src" / "executorch"
    names = {f.strip("/") for f in given if f.strip("/")}
    if shipped.is_dir():
        names |= {p.name for p in shipped.iterdir() if (root / p.name).is_dir()}
    own = runtime.split(".", 1)[-1].replace(".", "/")
    return sorted({own, *(n for n in names - {"examples"} if (root / n).is_dir())})


def still_matching(
    root: Path, folders: Sequence[str], tally: Tally, own_setup: Sequence[str], before: bool = False
) -> dict[str, Left]:
    """Per rule code, the files the linters read that match after the series (`before`: on
    the tree before it)."""
    after = {
        o.path: o.grep_before if before else o.grep_left for o in tally.outcomes if o.error is None
    }
    left = {rule.code: Left() for rule in GREP_RULES}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if any(lintrunner_glob_takes(glob, rel) for glob in EXCLUDED):
                continue
            codes = after[rel] if rel in after else matching(_read(path))
            own = any(rel.startswith(f"{f}/") for f in own_setup)
            for code in codes:
                (left[code].own_setup if own else left[code].to_migrate).append(rel)
    return left


def _runtime_label(vendored: VendorPlan, runtime: str) -> str:
    """The runtime's Buck library (`//executorch/logs:lib`), or "" where it has none."""
    folder = vendored.root.joinpath(*runtime.split(".")[1:])
    planned = vendored.files.get(folder / buck_files.BUILD_FILE)
    if planned is None and not (folder / buck_files.BUILD_FILE).is_file():
        return ""
    try:
        text = planned.text if planned is not None else None
        return runtime_label(vendored.root, folder, runtime.split(".")[0], text)
    except buck_files.BuckError:
        return ""


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


@dataclass(frozen=True)
class LintPatches:
    """The lint's two pull requests: its linters, right after the runtime's, excluding every
    file that matches before the series; and, after the series, the exclusions of the files
    it migrated dropped."""

    first: Prepared
    prune: Prepared | None  # None when the series leaves every excluded file matching


def lint_patch(
    vendored: VendorPlan, tally: Tally, folders: Sequence[str], runtime: str
) -> LintPatches | None:
    """The lint's pull requests on top of the runtime's `.lintrunner.toml`, or None where the
    checkout has none."""
    config = vendored.root / CONFIG
    if not config.is_file():
        return None
    folders = lint_folders(vendored.root, folders, runtime)
    label = _runtime_label(vendored, runtime)
    buck = f" (in a Buck target, with {label} in its deps)" if label else ""
    own_setup = [folder.strip("/") for folder, _ in tally.not_migrated]
    first = still_matching(vendored.root, folders, tally, own_setup, before=True)
    left = still_matching(vendored.root, folders, tally, own_setup)
    package = f"{runtime.split('.', 1)[-1].replace('.', '/')}/__init__.py"
    for lists in (first, left):  # named once, whether the package is on disk yet or not
        for each in lists.values():
            each.to_migrate = [path for path in each.to_migrate if path != package]
        lists[GET_LOGGER.code].runtime = [package]
    planned = vendored.files.get(config)
    base = vendored.without_hook.get(config, planned.text if planned else None)
    text = base if base is not None else config.read_text(encoding="utf-8")

    def configured(lists: dict[str, Left]) -> str:
        blocks = (_linter(r, folders, lists[r.code], runtime, buck) for r in GREP_RULES)
        return _insert(text, "\n".join(blocks))

    def counts(lists: dict[str, Left]) -> str:
        return ", ".join(f"{r.code} {len(lists[r.code].paths)}" for r in GREP_RULES)

    named = [f"{f}/" for f in folders]
    said = ", ".join(named[:-1]) + f" and {named[-1]}" if len(named) > 1 else "".join(named)
    linted = configured(first)
    words = {"runtime": runtime, "folders": said, "counts": counts(first)}
    lint = Prepared(
        LINT,
        "\n".join([SUBJECT, "", *wrap(BODY.format(**words))]),
        byte_diff(text.encode("utf-8"), linted.encode("utf-8"), CONFIG),
        DESCRIPTION.format(**words),
    )
    pruned = configured(left)
    if pruned == linted:
        return LintPatches(lint, None)
    words = {"counts": counts(left), "lint": SUBJECT}
    prune = Prepared(
        PRUNE,
        "\n".join([PRUNE_SUBJECT, "", *wrap(PRUNE_BODY.format(**words))]),
        byte_diff(linted.encode("utf-8"), pruned.encode("utf-8"), CONFIG),
        PRUNE_BODY.format(**words) + "\n",
    )
    return LintPatches(lint, prune)


SUBJECT = "lint: keep ExecuTorch's Python on module loggers"
BODY = (
    "Two grep linters, as TORCH_AO_IMPORT is one: ROOTLOGGING flags the root logger, a call "
    "on it (`logging.info(...)`), its set-up (`logging.basicConfig(...)`) or `logging.root`, "
    "and GETLOGGER a `logging.getLogger(...)`, on any line but in a comment, in {folders} "
    "(the packages the wheel ships but examples/; tests and third-party code left out). "
    "Library code logs on its module's logger ({runtime}.get_logger(__name__)) and leaves the "
    "root logger to the application, so that an application's logging and set_logs decide "
    "what shows; from this commit on these keep new code from undoing it. The files that do "
    "either today are listed in exclude_patterns under TODO comments, file by file "
    "({counts}), until they are migrated. Nothing a program prints changes."
)

DESCRIPTION = (
    "Two `grep_linter` entries in `.lintrunner.toml`, ExecuTorch's own pattern (as "
    "TORCH_AO_IMPORT): ROOTLOGGING (the root logger: `logging.info(...)` and the other "
    "calls, `logging.basicConfig(...)`, `logging.root`) and GETLOGGER (`logging.getLogger(...)` "
    "where `{runtime}.get_logger(__name__)` is the module's way), on any line but in a "
    "comment. They read {folders}: every package the wheel ships (`src/executorch/`) but "
    "examples/, so new code anywhere is held to module loggers from the day this lands, before "
    "any area is migrated. Tests and third-party code are left out. The files that match today "
    "are listed file by file in `exclude_patterns` under TODO comments ({counts}); the "
    "areas' pull requests migrate them, and the series' last lint pull request drops the "
    "lines of those that no longer match. Nothing a program prints changes.\n"
)

PRUNE_SUBJECT = "lint: hold the migrated files to module loggers"
PRUNE_BODY = (
    'Drops from the exclude_patterns of ROOTLOGGING and GETLOGGER ("{lint}") the files the '
    "areas' logging changes migrated: they no longer log on the root logger or call "
    "logging.getLogger, and from now on the linters keep them so. The files still listed "
    "({counts}) are those the areas left for their owners, and the folders that set up their "
    "own logging. Nothing a program prints changes."
)
