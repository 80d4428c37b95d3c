"""The shape every site kind shares: its docs and examples, its byte needles and its recogniser."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from lint_rules.config import Config
    from lint_rules.facts import ModuleFacts


@dataclass(frozen=True, slots=True)
class Option:
    """A `[tool.et-log]` key a site kind declares for itself (a list of strings) in its
    `Rule.options`; `lint_rules.rules.check_options` checks what a project sets against them."""

    key: str
    default: tuple[str, ...]
    help: str

    def read(self, config: Config) -> tuple[str, ...]:
        """Its value under `config`: as set (checked), else the default."""
        value = config.configured(self.key)
        return self.default if value is None else value  # type: ignore[return-value]


def _block(text: str) -> str:
    """The module a triple-quoted block in a rule file stands for: a text that opens with a
    newline is written indented, so that newline, the indentation of its first line on every line
    and the closing quotes' indentation are dropped; any other text is taken as it is (an escaped
    string, for a module a block cannot show: no final newline, tabs, trailing spaces)."""
    if text[:1] != "\n":
        return text
    body = text[1:].rstrip(" ")
    margin = len(body) - len(body.lstrip(" "))
    return body[margin:].replace("\n" + " " * margin, "\n")


# Where an example pretends to live unless it says otherwise: library code.
LIBRARY_PATH = "executorch/exir/example.py"


@dataclass(frozen=True, slots=True)
class Example:
    """A whole module of source. For an invalid example `fixed` is the codemod's exact output
    for the whole module, or None when the codemod leaves the module unchanged (every site in
    it goes to review). `code` and `fixed` are usually written as indented triple-quoted blocks
    (see `_block`)."""

    code: str
    fixed: str | None = None
    path: str = LIBRARY_PATH  # where the snippet pretends to live
    note: str = ""
    # For an invalid example: (line, column), 1-based, of each finding of the example's kind, in
    # order (the lint's tests pin them: a site reported elsewhere, or twice, fails).
    at: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:  # the blocks as written in a rule file: `_block`
        object.__setattr__(self, "code", _block(self.code))
        if self.fixed is not None:
            object.__setattr__(self, "fixed", _block(self.fixed))


@dataclass(frozen=True, slots=True)
class Site:
    """One place a recogniser found: the node (a call or a statement), and, when the codemod
    must leave it for a person, why (`review`). The detector adds the kind's code.

    `Site(call)` is rewritten; `Site(call, review="star-args in getLogger()")` is reported for
    review with that reason. `verdict`: what the recogniser decided about the site that its
    kind's fix needs as well (ETL003's level, ETL008's `Verdict`, ETL009's `Gate`), so the fix
    reads it instead of deciding again (`codemods.fixes.base.verdict_of`)."""

    node: ast.expr | ast.stmt
    review: str = ""
    message: str = ""  # what is known about this site, when it says more than the rule's message
    verdict: object = None

    @property
    def fixable(self) -> bool:
        return not self.review


Recogniser = Callable[["ModuleFacts", "Config"], Iterable[Site]]
# A verdict on a whole file, given the nodes of the sites found in it that would be rewritten:
# a reason to leave every site in it for review, or None.
FileCheck = Callable[["ModuleFacts", "list[ast.expr | ast.stmt]"], "str | None"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One site kind, everything about it but the codemod's rewrite: code, name, message, docs
    (ruff's page layout), examples, options, how it is found, and how its fix is exposed.

    Lives in `lint_rules/rules/<stem>.py` as `RULE` (`stem`: code and name, as in
    `etl008_print_to_stdout`); a fixable kind's rewrite is `FIX` in `codemods/fixes/<stem>.py`,
    found by that stem (`codemods.fixes.FIXES`). `command`: the libcst
    command class that applies only this kind (fixable kinds; `codemods.commands`). `channel`:
    where a fixable site's message went before the rewrite moves it to the module logger
    ("logs", "stdout", "stderr"; None when the rewrite moves no message, as ETL004's warning
    stays a warning): a test capturing that channel and looking for the message is affected
    (`lint_rules.capturing_tests`).

    `needles`: byte strings of which every file holding such a site contains at least one (the
    prefilter's first stage); `spellings`: regexes over bytes, one of which every such file
    matches (second stage; each should start with a literal, which the regex engine searches
    fast, and a plain word is tested as a substring); `detect`: the recogniser, run on the
    module's facts.
    """

    code: str
    name: str
    message: str
    fixable: bool
    what_it_does: str
    why_bad: str
    use_instead: str
    fix_safety: str
    # one line each for the kind tables of codemod.md and MIGRATION.md: the site, and after
    site: str
    after: str
    detect: Recogniser
    needles: tuple[bytes, ...]
    spellings: tuple[str, ...]
    valid: tuple[Example, ...] = ()
    invalid: tuple[Example, ...] = ()
    options: tuple[Option, ...] = ()
    # A file this kind finds must stay untouched as a whole (all or nothing per file): every
    # site of the file, of any kind, is then left for review with the check's reason.
    file_check: FileCheck | None = None
    command: str = ""
    channel: str | None = None

    @property
    def stem(self) -> str:
        """The name of the kind's modules: `etl008_print_to_stdout`."""
        return f"{self.code.lower()}_{self.name.replace('-', '_')}"


class RegistryError(Exception):
    """A site kind's modules do not fit together (the message names the file and what to fix)."""
