"""What a stdout print is, as far as its shape tells (ETL008): a diagnostic, a failure caught in
an `except` block, an import-time status, progress of a pipeline step, a print behind a debug flag
that is off, or unknown; and the level the rewrite uses and the lint advises."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from lint_rules.facts import ModuleFacts
from lint_rules.rules._output import in_except_block, leading_text, literal_text, message_text
from lint_rules.rules._per_node import only_a_skip, per_node
from lint_rules.rules._print_text import DIAGNOSTIC, PROGRESS, prefix_level, text_level
from lint_rules.rules._requested import flag_off
from lint_rules.statements import FUNCTIONS

# What the message says depends on what is known about the print; `{}` is the level.
ADVICE = {
    "diagnostic": "diagnostic printed to stdout in library code; use logger.{}",
    "caught": "failure printed to stdout in an except block; use logger.{}",
    "import-time": "status printed to stdout at import time; use logger.{}",
    "progress": "progress printed to stdout in library code; use logger.{}",
}
PRINT_MESSAGE = "print to stdout in library code; use a call on the module logger"
# The level of each kind of print when its text has no level word and says nothing severe, and
# it is not in an `except` block (a failure it caught: WARNING whatever its kind).
DEFAULT_LEVEL = {"diagnostic": "info", "caught": "warning", "import-time": "info"}
DEFAULT_LEVEL["progress"] = "info"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a stdout print is, as far as its shape tells: `kind` ("diagnostic", "caught",
    "import-time", "progress", "flag-off", "per-node" or "unknown"), the `level` the rewrite uses and the
    lint advises (None for the kinds left for review), and the flag that is off."""

    kind: str
    level: str | None = None
    flag: str = ""  # "flag-off": the flag; "per-node": what runs it once per node

    @property
    def message(self) -> str:
        if self.kind == "flag-off":
            return f"print to stdout when `{self.flag}` is off; use a logger call"
        if self.kind == "per-node":
            return "per-node line printed to stdout in library code; use a logger call"
        if self.level is None:
            return PRINT_MESSAGE
        return ADVICE[self.kind].format(self.level)


def classify(call: ast.Call, facts: ModuleFacts, chain: list[ast.stmt] | None = None) -> Verdict:
    """Decide a stdout print by its shape: diagnostic text -> a diagnostic; a progress or status
    line of a pipeline step -> progress, also in an `except` block (it says what the fallback
    path does: "Loading library <path>"); else in an `except` block -> the failure it caught; at
    module level -> an import-time status; in the `else` of a debug flag -> review. The level:
    the text's level word, else WARNING when it says something did not happen as asked, else
    the kind's default. `chain`: the statements around the print, when the caller has them."""
    if chain is None:
        chain = facts.statements.chain_of(call)
    off = flag_off(chain)
    if off is not None:
        return Verdict("flag-off", flag=off)
    text = message_text(call)
    in_function = any(isinstance(s, (*FUNCTIONS, ast.ClassDef)) for s in chain)
    if DIAGNOSTIC.search(text):
        kind = "diagnostic"
    elif in_function and PROGRESS.search(" ".join(literal_text(a) for a in call.args[:1])):
        kind = "progress"
    elif in_except_block(call, chain):
        kind = "caught"
    elif not in_function:
        kind = "import-time"
    else:
        return Verdict("unknown")
    leading = leading_text(call.args[0]) if call.args else ""
    # A failure it caught: WARNING (a diagnostic's text or a caught print); progress is INFO.
    caught = kind == "caught" or (kind == "diagnostic" and in_except_block(call, chain))
    if not caught and prefix_level(leading) is None and (kind == "progress" or only_a_skip(text)):
        each = per_node(chain)  # bookkeeping once per node: no level from its words
        if each is not None:
            return Verdict("per-node", flag=each)
    return Verdict(kind, text_level(leading, text, "warning" if caught else DEFAULT_LEVEL[kind]))
