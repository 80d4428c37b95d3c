"""What a printed message's literal text says, for ETL003 and ETL008: a diagnostic (why something
was not done, or a level word), how severe it is, or the progress of a pipeline step. Matched on
the literal parts of the message (f-string pieces, `%`/`.format` templates). The lint's advice
and the codemod's rewrite both take the level from here, so they agree."""

from __future__ import annotations

import re

from lint_rules.lazy_pattern import LazyPattern

# A level word opening the message (`Error:`, `WARNING: `, `[warning], `, `[INFO]`): it names the
# level, and the rewrite drops it (the logger prints the level; no level word twice).
LEVEL_PREFIX = LazyPattern(
    r"\s*(?:\[\s*(error|warning|warn|info|debug)\s*\]|(error|warning|warn|info|debug)\s*:)"
    r"(?:\s*[,:-])?\s*",
    re.IGNORECASE,
)
_LEVELS = {"error": "error", "warning": "warning", "warn": "warning", "info": "info"}
_LEVELS["debug"] = "debug"
# What says that something did not happen as asked, whatever the text's prefix: the rewrite logs
# it at WARNING (deprecated, skipped, not supported, incompatible, failed, fell back, not
# available, no config for it...), so a user who sees no INFO still learns that the model was
# only partly quantized. "Skipping (the) following <ids>:" lists what the caller asked to skip
# (Qualcomm's `skip_delegate_node_ids`): it happens as asked, INFO.
SEVERE = LazyPattern(
    r"deprecat|\bskip(?:s|ped|ping)?\b(?!\s+(?:the\s+)?following\b)|not supported|unsupported|incompatible|not implemented"
    r"|\bfail(?:s|ed|ure|ing)?\b|fall(?:s|ing)?\s*back|fell back|fallback|cannot|can't|could not"
    r"|unable to|\bignor(?:e|ed|es|ing)\b|unexpected|not expected|not (?:be )?available"
    r"|\bno\b[\w\s'-]{0,30}\bconfig",
    re.IGNORECASE,
)

# What a diagnostic says: why something was not done, or a level word. Matched in the message's
# literal text (any case); everything else printed to stdout is left for review.
DIAGNOSTIC = LazyPattern(
    r"\b(?:debug|info|warning|error)\s*[:\]]|not supported|unsupported|not partitioned"
    r"|not lowered|not implemented|not (?:be )?available|not expected|unexpected|\bskip(?:s|ped|ping)?\b"
    r"|deprecat|fall(?:s|ing)?\s*back|fallback|\bfail(?:s|ed|ure)?\b|cannot|can't|could not"
    r"|unable to|\bignor(?:e|ed|es|ing)\b|\bno\b[\w\s'-]{0,30}\bconfig",
    re.IGNORECASE,
)
# A progress or status line of a pipeline step, matched on the message's literal text: words
# ending with an ellipsis ("Quantizing the model..."), or, after an optional `TAG:`, a start on
# a capitalised -ing verb with no `label: value` after it ("Applying ...", "Exporting to ..."),
# on a pipeline verb in the imperative followed by an article ("Create the model", "PTQ:
# Quantize the model") or in the past tense ("Re-tied lm_head ..."), or on a counter ("Epoch
# 3"); or a line that says where a result was saved.
_STEP_VERBS = (
    r"(?:apply|build|calibrate|compile|convert|create|export|generate|initiali[sz]e|load|lower"
    r"|partition|prepare|quantize|run|save|serialize|tie|write)"
)
_STEP_PAST = (
    r"(?:applied|built|calibrated|compiled|converted|created|exported|generated|initiali[sz]ed"
    r"|loaded|lowered|partitioned|prepared|quantized|saved|serialized|tied|wrote|written"
    r"|finished|completed)"
)
_NOUNS_IN_ING = r"(?:String|Thing|Nothing|Something|Everything|Embedding|Padding|Mapping|Setting)"
PROGRESS = LazyPattern(
    r"[A-Za-z][^\n]*(?:\.\.\.|\u2026)\s*$"
    r"|^\s*(?:[A-Za-z]+:\s*)?(?:"
    rf"(?!{_NOUNS_IN_ING}s?\b)[A-Z][a-z]{{2,}}ing\b(?=[\s(])(?![^:]*:)"
    rf"|(?i:(?:re-?)?{_STEP_VERBS})\s+(?:the|a|an)\s"
    rf"|(?i:(?:re-?)?{_STEP_PAST})\s"
    r"|(?i:step|epoch|iteration)\b"
    r")",
)


def prefix_level(leading: str) -> str | None:
    """The level a message's opening level word names (`Warning: x` -> warning), else None."""
    match = LEVEL_PREFIX.match(leading)
    return _LEVELS[(match.group(1) or match.group(2)).lower()] if match else None


def text_level(leading: str, text: str, default: str) -> str:
    """The level a printed message is logged at: its level word, else WARNING when it says that
    something did not happen as asked (`SEVERE`), else `default`."""
    return prefix_level(leading) or ("warning" if SEVERE.search(text) else default)
