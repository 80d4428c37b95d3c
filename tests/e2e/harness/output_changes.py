"""Which lines of a flow's default output changed with the full migration, and which item of its
JSON report explains each (test_default_output.py's second assertion).

A line that disappeared or appeared is explained by:

- a **site's note** (``before: <stream> `<template>`; after: <stream> `<template>```): the line
  matches the note's before template (gone, on that stream) or its after template (new). In a
  template, literal text is literal, ``{...}``, ``%s`` and ``<time>`` stand for anything, a
  trailing ``…`` cuts it (the rest may be anything), and ``\\n`` starts the message's next line:
  the lines printed right after such a line go with it. A note shows a line as codemods'
  ``fixes/_shown.py`` does (runs of whitespace as one space, backticks as quotes): the line is
  compared in that form. A template with fewer than
  ``MIN_LITERAL`` letters or digits of its own (``{e}``, ``WARNING:root:{warning_str}``) is too
  general to explain a line and is left out (``Explainer.too_general``);
- a **library configuration the report says was removed** (ETL005: a ``basicConfig``, a level
  set on the root logger; ETL006: a level forced on a module's own logger): a record line in a
  format a root handler prints (``LEVEL:name:message``, ``[LEVEL time file:line] message``) that
  is gone is explained when it was below WARNING (the level those lines now stay under) or when
  its message now prints alone (Python's last resort, which prints WARNING and up); the message's
  continuation lines go with it. And the other way round: a message that printed alone (a handler
  a removed configuration made, given ``%(message)s`` by ``exir.common.override_logger``) and now
  prints as ``LEVEL:root:message`` (the handler a root-logger call makes once nothing else did);
- a **behaviour-changing recipe of the flow's component**, for what its effect says it takes out
  of the default output (``RECIPE_EFFECTS``).

Blank lines are not lines here (progress bars and records interleave them differently), and a
line gone from one place and printed at another of the same stream is not a change.
"""

from __future__ import annotations

import ast
import difflib
import re
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from et_log_runtime.torch_trace import QNAMES, covering
from harness.log_lines import LEVEL_ORDER, parse_line

MIN_LITERAL = 4
WILD = None  # a computed part of a message, in a list of segments
_LEVELS = "|".join(LEVEL_ORDER)
_NOTE = re.compile(
    r"^before: (?P<bs>stdout|stderr) `(?P<bt>.*?)`(?=; after:| \(through)"
    r".*?; after: (?:(?P<as>stdout|stderr) `(?P<at>.*?)`(?=$|; |\s\()|nothing)"
)
_STDLIB = re.compile(rf"^(?P<level>{_LEVELS}):(?P<name>[\w.]*):(?P<message>.*)$")
_EXAMPLE = re.compile(rf"^\[(?P<level>{_LEVELS}) [^\]]*? \S+:\d+\] (?P<message>.*)$")
_PREFIXES = re.compile(rf"^(?:(?:{_LEVELS}):[\w.]*:|\[\w+ <time> \S+:\d+\] |(?:{_LEVELS}): )")
_PLACEHOLDER = re.compile(r"<time>|%[-\d.]*[sdrfi]")
_CALL_LEVEL = re.compile(r"\.(debug|info|warning|warn|error|exception|critical|fatal)\(")
# What each behaviour-changing recipe takes out of the default output, from the effect the report
# lists for it: "stdout" its lines on stdout; "messages" the lines of its component's messages and
# what prints with them (override-logger: the root logger's level and format are no longer
# changed while DebugPass's block runs); "records" its component's records below WARNING that a
# forced level showed. Recipes not named here explain nothing.
RECIPE_EFFECTS = {
    "vela-verbose-at-debug": "stdout",  # Vela's --verbose-all dump, printed with the report
    "openvino-rejections": "stdout",  # "the two lines OpenVINO printed on stdout"
    "coreai-rejections": "stdout",  # "one that was printed ... no longer shows by default"
    "mediatek-rejections": "stdout",
    "mlx-rejections": "stdout",
    "qualcomm-rejections": "stdout",
    "override-logger": "messages",
    "coreml-log-level-default-partitioner": "records",  # "no longer forces INFO on its logger"
    "coreml-log-level-default-preprocess": "records",
    "vulkan-log-skip": "records",  # "the INFO line `log_skip` printed ... is gone"
}

# Recipes that put a backend's reason for leaving a node on the CPU into the partition run's
# why-not line (`XnnpackPartitioner: <node> (<target>) stays on the CPU: <reason>`, DEBUG while
# nothing is named): the reason's line reads differently, naming the same node and reason
REWORDING = (
    "why-no-partition-info",
    "vulkan-log-skip",
    "openvino-rejections",
    "coreai-rejections",
    "mediatek-rejections",
    "mlx-rejections",
    "qualcomm-rejections",
)
_WHY_NOT = re.compile(r"^\w+: \S+ \(\S+\) stays on the CPU: ")
_FRAMING = {"WhyNoPartition", "Node", "was", "not", "partitioned", "because", "Vulkan"}
_FRAMING |= {"Partitioner", "Due", "to", "skipping"}


@dataclass(frozen=True)
class Pattern:
    label: str  # the report item: "exir/pass_base.py:374 ETL008"
    stream: str
    regex: re.Pattern[str]
    continues: bool  # the message goes on over the lines printed after it
    level: str = "WARNING"  # the site's logging call's level (a print: WARNING)


def _level_of(source: str) -> str:
    """The level of the logging call in ``source`` (WARNING when it is not one)."""
    match = _CALL_LEVEL.search(source)
    if match is None:
        return "WARNING"
    return {"warn": "WARNING", "exception": "ERROR", "fatal": "CRITICAL"}.get(
        match[1], match[1].upper()
    )


@dataclass(frozen=True)
class Change:
    flow: str
    stream: str
    direction: str  # "gone" or "new"
    text: str
    by: str | None  # the item that explains it; None: unexplained

    def __str__(self) -> str:
        return f"{self.flow} {self.stream} {self.direction}: {self.text}"


def _segments_of_template(template: str) -> tuple[list[list[str | None]], bool]:
    """A note's template as lines of segments (literal text or WILD); True when it was cut."""
    cut = template.endswith("…")
    template = template.removesuffix("…")
    lines: list[list[str | None]] = [[]]
    index = 0
    while index < len(template):
        char = template[index]
        placeholder = _PLACEHOLDER.match(template, index)
        if template.startswith("\\n", index):
            lines.append([])
            index += 2
        elif char == "{":
            depth, end = 0, index
            for end in range(index, len(template)):
                depth += {"{": 1, "}": -1}.get(template[end], 0)
                if depth == 0:
                    break
            lines[-1].append(WILD)
            index = end + 1
        elif placeholder:
            lines[-1].append(WILD)
            index = placeholder.end()
        else:
            lines[-1].append(char)
            index += 1
    if cut:
        lines[-1].append(WILD)
    return lines, cut


def _segments_of_source(source: str) -> list[list[str | None]] | None:
    """The message of a logging or print call (its first argument) as lines of segments."""
    try:
        call = ast.parse(textwrap.dedent(source).strip(), mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(call, ast.Call) or not call.args:
        return None
    first = call.args[0]
    parts: list[str | None] = []
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        parts = list(first.value)
    elif isinstance(first, ast.JoinedStr):
        for value in first.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts += list(value.value)
            else:
                parts.append(WILD)
    else:
        return None
    lines: list[list[str | None]] = [[]]
    for part in parts:
        if part == "\n":
            lines.append([])
        else:
            lines[-1].append(part)
    return lines


def _regex(segments: list[str | None]) -> tuple[re.Pattern[str], int]:
    """The regex of one line's segments, and how many letters or digits of its own it has
    (outside a level or logger prefix)."""
    text = "".join("\0" if s is WILD else s for s in segments)
    own = _PREFIXES.sub("", text)
    literal = sum(c.isalnum() for c in own)
    pattern = "".join(".*" if s is WILD else re.escape(s) for s in segments)
    return re.compile(pattern, re.DOTALL), literal


@dataclass(frozen=True)
class Record:
    level: str
    name: str | None
    message: str


def shown(line: str) -> str:
    """``line`` as a note shows it (codemods/fixes/_shown.py's ``_cut``, uncut)."""
    return line.replace("`", "'")


def record_of(line: str) -> Record | None:
    """A line in a root handler's format: ``LEVEL:name:message`` or ExecuTorch's examples'."""
    if match := _STDLIB.match(line):
        return Record(match["level"], match["name"], match["message"])
    if match := _EXAMPLE.match(line):
        return Record(match["level"], None, match["message"])
    return None


def component_of(logger_name: str) -> str | None:
    component: str | None = QNAMES.get(covering(logger_name))
    return component


def changed_lines(
    old: list[str], new: list[str]
) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The lines gone from ``old`` and new in ``new`` (with their places); a text gone at one
    place and new at another is a move, not a change."""
    gone: list[tuple[int, str]] = []
    added: list[tuple[int, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, False).get_opcodes():
        if tag != "equal":
            gone += [(i, old[i]) for i in range(i1, i2)]
            added += [(j, new[j]) for j in range(j1, j2)]
    moved = Counter(t for _, t in gone) & Counter(t for _, t in added)
    kept_gone: list[tuple[int, str]] = []
    kept_added: list[tuple[int, str]] = []
    for lines, kept in ((gone, kept_gone), (added, kept_added)):
        left = Counter(moved)
        for place, text in lines:
            if left[text] > 0:
                left[text] -= 1
            else:
                kept.append((place, text))
    return kept_gone, kept_added


@dataclass
class Explainer:
    """The full run's report, read for what it says changed in the default output."""

    report: dict[str, Any]
    gone: list[Pattern] = field(default_factory=list)
    new: list[Pattern] = field(default_factory=list)
    too_general: list[str] = field(default_factory=list)
    configurations: list[str] = field(default_factory=list)  # ETL005 sites
    module_levels: dict[str, str] = field(default_factory=dict)  # logger name -> ETL006 site
    messages: dict[str, list[Pattern]] = field(default_factory=dict)  # component -> patterns
    recipes: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # component -> ...

    def __post_init__(self) -> None:
        for site in self.report["rewritten"]:
            label = f"{site['path']}:{site['line']} {site['code']}"
            reason, component = site.get("reason") or "", site.get("component") or ""
            if note := _NOTE.match(reason):
                self._add_note(label, note, _level_of(site.get("source") or ""))
            if site["code"] == "ETL005" and reason.startswith("removed"):
                self.configurations.append(label)
            if site["code"] == "ETL006" and reason.startswith("removed") and "by default" in reason:
                module = "executorch." + site["path"].removesuffix(".py").replace("/", ".")
                self.module_levels[module] = label
            lines = _segments_of_source(site.get("source") or "")
            if lines and site["code"] in ("ETL002", "ETL003", "ETL008"):
                regex, literal = _regex(lines[0])
                if literal >= MIN_LITERAL:
                    pattern = Pattern(label, "stderr", regex, True)
                    self.messages.setdefault(component, []).append(pattern)
        for recipe in self.report["recipes"]:
            if recipe["behaviour_change"] and recipe["status"] == "applied":
                item = (recipe["recipe"], f"recipe {recipe['recipe']} ({recipe['component']})")
                self.recipes.setdefault(recipe["component"], []).append(item)

    def _add_note(self, label: str, note: re.Match[str], level: str) -> None:
        for stream, template, into in (
            (note["bs"], note["bt"], self.gone),
            (note["as"], note["at"], self.new),
        ):
            if stream is None:
                continue
            lines, cut = _segments_of_template(template)
            regex, literal = _regex(lines[0])
            if literal < MIN_LITERAL:
                self.too_general.append(f"{label}: {stream} `{template}`")
                continue
            into.append(Pattern(label, stream, regex, len(lines) > 1 or cut, level))

    def new_line_of(self, text: str) -> Pattern | None:
        """The site whose note says it now prints ``text`` on stderr, if one does."""
        return next(
            (p for p in self.new if p.stream == "stderr" and p.regex.fullmatch(shown(text))), None
        )

    def reworded(self, line: str, now: set[str], components: tuple[str, ...]) -> str | None:
        """The rewording recipe of ``components`` (``REWORDING``) whose why-not line in ``now``
        names every word of ``line`` (its framing words aside), if one does."""
        labels = [
            label
            for c in components
            for name, label in self.recipes.get(c, [])
            if name in REWORDING
        ]
        words = set(re.findall(r"\w+", line)) - _FRAMING
        if not labels or not words:
            return None
        for told in now:
            if _WHY_NOT.match(told) and words <= set(re.findall(r"\w+", told)):
                return ", ".join(labels)
        return None

    @property
    def configuration_label(self) -> str:
        return f"library logging configuration removed (ETL005: {', '.join(self.configurations)})"

    def _gone_by(
        self,
        text: str,
        stream: str,
        components: tuple[str, ...],
        new_pool: Counter[str],
        formatted: dict[str, str],
    ) -> tuple[str | None, bool, str | None]:
        """(the item explaining gone ``text``, whether the next lines go with it, the new line
        it pairs with); ``formatted``: the new lines in a root handler's format, by message."""
        for pattern in self.gone:
            if pattern.stream == stream and pattern.regex.fullmatch(shown(text)):
                return pattern.label, pattern.continues, None
        record = record_of(text)
        if record is None and stream == "stderr" and self.configurations:
            pair = formatted.get(text)
            if pair is not None and new_pool[pair] > 0:
                return self.configuration_label, False, pair
        if record is not None and stream == "stderr":
            below = LEVEL_ORDER.index(record.level) < LEVEL_ORDER.index("WARNING")
            if below and record.name in self.module_levels:
                return self.module_levels[record.name], True, None
            if below and self.configurations:
                return self.configuration_label, True, None
            if self.configurations and (not record.message or new_pool[record.message] > 0):
                return self.configuration_label, True, record.message or None
        for component in components:
            for name, label in self.recipes.get(component, []):
                effect = RECIPE_EFFECTS.get(name)
                if effect == "stdout" and stream == "stdout":
                    return label, False, None
                if effect == "messages" and stream == "stderr":
                    if any(p.regex.fullmatch(text) for p in self.messages.get(component, [])):
                        return label, True, None
                if effect == "records" and record is not None and record.name is not None:
                    below = LEVEL_ORDER.index(record.level) < LEVEL_ORDER.index("WARNING")
                    if below and component_of(record.name) == component:
                        return label, True, None
        return None, False, None

    def explain(
        self,
        flow: str,
        components: tuple[str, ...],
        stream: str,
        old: list[str],
        new: list[str],
    ) -> list[Change]:
        """Every line gone from ``old`` or new in ``new``, each with what explains it."""
        gone, added = changed_lines(old, new)
        pool = Counter(text for _, text in added)
        formatted = {r.message: t for t in pool if (r := record_of(t)) is not None and r.message}
        paired: dict[str, list[str]] = {}
        changes = []
        chain: str | None = None
        by: str | None
        last = -2
        for place, text in gone:
            contiguous, last = place == last + 1, place
            if not text.strip():
                chain = chain if contiguous else None
                continue
            if chain and contiguous and parse_line(text).level is None:
                by, continues, pair = chain, True, None
            else:
                by, continues, pair = self._gone_by(text, stream, components, pool, formatted)
            if pair is not None and by is not None:
                pool[pair] -= 1
                paired.setdefault(pair, []).append(by)
            chain = by if continues else None
            changes.append(Change(flow, stream, "gone", text, by))
        chain, last = None, -2
        for place, text in added:
            contiguous, last = place == last + 1, place
            if not text.strip():
                chain = chain if contiguous else None
                continue
            by, continues = None, False
            if paired.get(text):
                by, continues = paired[text].pop(), True
            elif chain and contiguous and parse_line(text).level is None:
                by, continues = chain, True
            else:
                for pattern in self.new:
                    if pattern.stream == stream and pattern.regex.fullmatch(shown(text)):
                        by, continues = pattern.label, pattern.continues
                        break
            chain = by if continues else None
            changes.append(Change(flow, stream, "new", text, by))
        return changes
