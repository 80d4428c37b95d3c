"""Each commit's message, as a maintainer writes one: a subject naming the area and what changes,
a body saying what users see change and why, line by line where a line changes, and every file.
No tool flag, no patch name, no other commit's number: what the commit needs is its pull
request's to say (`patches`)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from codemods.fixes import FIXES
from codemods.fixes.etl001_direct_get_logger import GATE
from codemods.recipes import RECIPE_NAMED
from codemods.report.changes import switched
from codemods.report.series import LEVELS, MECHANICAL, OUTPUT, ROOT, site_stage
from codemods.report.tally import FileOutcome, RecipeRow, SiteRecord, note_text
from codemods.shared.buck_notes import unlisted
from lint_rules.wording import count

WIDTH = 72
PLAIN = {"ETL001", "ETL002", "ETL009"}  # kinds whose paragraph says all: each line named only
# what a mechanical rewrite of each kind does, said once per commit
MECHANICAL_WHAT = {
    "ETL001": "`logging.getLogger(__name__)` becomes `get_logger(__name__)`, the same logger",
    "ETL002": "a root-logger call becomes the same call on the module's logger where that "
    "prints the same",
    "ETL009": "a level check asks the module's logger, which answers as the root did",
}
UNUSED_DELETED = (
    "a module logger the module never logs on is deleted, with the levels set on it and an "
    "`import logging` nothing else uses"
)
# what every rewrite of a kind changes for users, said once in the commit that lands them
KIND_CHANGES = {
    "ETL001": "A logger that was the root logger, or was named after its file's path, is now "
    "the module's own (`__name__`): its records carry the module's name, and the component's "
    "level applies to them unless the module sets a level of its own (kept here, for its "
    "owner).",
    "ETL002": "A call on the root logger (`logging.info(...)`) is now the same call on the "
    "module's logger: same level, same message. With no logging configured, the first root "
    "call gave the root logger a stderr handler (Python's implicit `basicConfig()`), after "
    "which every later warning of any library printed as `WARNING:<logger>:<message>`; now "
    "warnings print as `<message>` (Python's last-resort handler), unless an imported module "
    "configures the root at import (some backends do, until their owners' changes), and "
    "INFO and DEBUG lines show only once the application configures logging. An application's "
    "`basicConfig` called after the first lowering, silently ignored before, now takes effect. "
    "Under an application's logging a record's "
    "logger name is the module's, not `root`.",
    "ETL003": "A diagnostic printed to stderr is now a record on the module's logger, at the "
    "level its words give (`Error:` ERROR, `Warning:` or none WARNING, `Info:` INFO): with no "
    "logging configured WARNING and up print the message alone on stderr as before; INFO "
    "shows once logging is set up for it.",
    "ETL008": "A diagnostic printed to stdout is now a record on the module's logger, at the "
    "level its words give (a deprecation, a skip, an unsupported case or a failure: WARNING, "
    "its message on stderr with no logging configured; anything else: INFO, shown once the "
    "application logs at INFO). Functions whose job is printing keep their prints.",
    "ETL009": "A check of the root logger's level now asks the module's logger, which answers "
    "as the root does until a level is set for the component.",
}
DEPRECATED_WARN = (
    "`logging.warn(...)` is deprecated and raised a `DeprecationWarning` at each call; its "
    "`logger.warning(...)` does not (a `pytest.warns(DeprecationWarning)` around it, or a "
    "filter turning it into an error, sees nothing now)."
)
OUTPUT_SUBJECTS = {
    "ETL001": "name loggers after their module",
    "ETL002": "log on module loggers, not the root logger",
    "ETL003": "log what was printed to stderr",
    "ETL008": "log diagnostics printed to stdout",
    "ETL009": "check the module logger's level",
}


def wrap(text: str, indent: str = "") -> list[str]:
    """`text` wrapped at `WIDTH` (a list item's later lines indented by `indent`)."""
    return textwrap.wrap(
        text, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [""]


def item(text: str) -> list[str]:
    return wrap(f"- {text}", "  ")


def files_section(paths: Iterable[str]) -> list[str]:
    return ["", "Files:", *(f"- {p}" for p in sorted(set(paths)))]


def mechanical_message(
    area: str, runtime: str, component: str, sites: list[SiteRecord], pinned: Sequence[str] = ()
) -> str:
    """The mechanical commit's message; `pinned`: its files whose module sets its own level."""
    codes = sorted({s.code for s in sites})
    made = sum(not s.removed for s in sites if s.code == "ETL001")
    if not made:  # only loggers nothing logs on, deleted
        lines = [f"{area}: delete module loggers nothing logs on", ""]
        lines += wrap(
            "No line a program prints changes: nothing logs on these loggers, and each is "
            "named after its module, so no other logger is below it and the level set on it "
            "applied to nothing."
        )
    else:
        lines = [f"{area}: make module loggers with {runtime}.get_logger", ""]
        who = f"{area}'s module gets its" if made == 1 else f"{area}'s modules get their"
        lines += wrap(
            f"{who} logger from `{runtime}.get_logger`, which returns "
            "`logging.getLogger(name)`. No line a program prints changes, whether it set up "
            "logging or not: the records, their levels and their logger names stay as they "
            "were; only the source line numbers a record or a warning may show move with the "
            "import."
        )
    lines.append("")
    for code in codes:
        renamed = [s for s in sites if s.code == code and not s.removed]
        what = MECHANICAL_WHAT.get(code, FIXES[code].description if code in FIXES else code)
        lines += item(f"{what} ({count(len(renamed), 'site')})") if renamed else []
    deleted = [s for s in sites if s.removed]
    if deleted:
        lines += item(
            f"{UNUSED_DELETED} ({count(len({s.path for s in deleted}), 'module')}): "
            + ", ".join(dict.fromkeys(s.path for s in deleted))
        )
    if not made:
        return "\n".join(lines)
    lines.append("")
    said = (
        "The change is one convention for making a module's logger, not a new behaviour: "
        + ("its name already puts it" if made == 1 else "their names already put them")
        + f" under the `{component}` component of `{runtime}.set_logs`"
    )
    if pinned:
        said += (
            f", except in {count(len(pinned), 'module')} that "
            + (
                "sets a level on its own logger"
                if len(pinned) == 1
                else "set a level on their own logger"
            )
            + ", which a component's level does not override; that level stays as it is here, "
            "for the area's owner to decide: " + ", ".join(pinned)
        )
    lines += wrap(said + ".")
    return "\n".join(lines)


def buck_paragraph(notes: Sequence[str]) -> str:
    """What a commit leaves to Buck: the modules no target lists, named in one sentence per
    BUCK file (they get no dependency: there is no target to give it to), then the other notes."""
    by_file: dict[str, list[str]] = {}
    others = []
    for note in notes:
        found = unlisted(note)
        if found is None:
            others.append(note)
        else:
            by_file.setdefault(found[1], []).append(found[0])
    said = [
        f"No target of {where} lists {', '.join(modules)}, so "
        f"{'it gains' if len(modules) == 1 else 'they gain'} no Buck dependency."
        for where, modules in by_file.items()
    ]
    lines = [line for sentence in said for line in wrap(sentence)]
    if others:
        lines += ["Buck, by hand:", *(f"- {n}" for n in others)]
    return "\n".join(lines)


def _site_lines(outcome_sites: list[tuple[FileOutcome, SiteRecord]], vendored: bool) -> list[str]:
    """Each site with its note (what users saw before and see after), kind codes left out."""
    out: list[str] = []
    for outcome, site in outcome_sites:
        note = note_text(site.reason, outcome.component)
        out += item(switched(f"{site.where_in_commit}: {note}", vendored))
    return out


def _calls(outcome_sites: list[tuple[FileOutcome, SiteRecord]]) -> list[str]:
    """Each site as the line it rewrites (the kind's paragraph says what changes)."""
    out: list[str] = []
    for _, site in outcome_sites:
        source = " ".join(site.source.split())
        source = source if len(source) <= 76 else source[:75] + "…"
        out += item(f"{site.where_in_commit} `{source}`")
    return out


def _kinds(codes: Iterable[str], vendored: bool) -> list[str]:
    out: list[str] = []
    for code in sorted(set(codes)):
        text = KIND_CHANGES.get(code) or (FIXES[code].change if code in FIXES else "")
        if text:
            out += ["", *wrap(switched(text, vendored))]
    return out


def output_message(
    area: str,
    sites: list[tuple[FileOutcome, SiteRecord]],
    vendored: bool,
    configured: Sequence[str] = (),
) -> str:
    """The message of the owner's commit of site rewrites that change a line users see.
    `configured`: the area's files that still set up the root logger at import until a later
    commit of the same pull request removes that."""
    codes = sorted({s.code for _, s in sites})
    parts = [OUTPUT_SUBJECTS[c] for c in codes if c in OUTPUT_SUBJECTS] or ["log on module loggers"]
    subject = (
        f"{area}: {parts[0]}"
        if len(parts) == 1
        else f"{area}: route prints and root logging to module loggers"
    )
    lines = [subject, ""]
    lines += wrap(
        "Library code logs on its module's logger, so an application's logging and "
        "`set_logs` decide what shows. What users see change:"
    )
    lines += _kinds(codes, vendored)
    if "ETL002" in codes and configured:
        lines += [""] + wrap(
            "Here the format stays until this pull request's commit that stops configuring the "
            "root logger at import: importing "
            + ", ".join(configured)
            + " still gives the root its handler."
        )
    if any(s.code == "ETL002" and "logging.warn(" in s.source for _, s in sites):
        lines += ["", *wrap(DEPRECATED_WARN)]
    for code in codes:
        mine = [(o, s) for o, s in sites if s.code == code]
        label = OUTPUT_SUBJECTS.get(code, code).capitalize()
        lines += ["", f"{label} ({count(len(mine), 'line')}, as this commit leaves each file):"]
        lines += _calls(mine) if code in PLAIN else _site_lines(mine, vendored)
    gates = [(o, s) for o, s in sites if s.reason == GATE]
    if gates:  # a gate guards code as well as lines: each is said with what it now follows
        lines += ["", f"Level checks that guard code ({count(len(gates), 'line')}):"]
        lines += _site_lines(gates, vendored)
    return "\n".join(lines)


def root_message(
    area: str,
    sites: list[tuple[FileOutcome, SiteRecord]],
    others: list[str],
    vendored: bool,
) -> str:
    """The message of the commit removing the root logger's import-time set-up. `others`: the
    modules of other owners that still set it up at import."""
    lines = [f"{area}: stop configuring the root logger at import", ""]
    lines += wrap(
        "A library should leave the root logger to the application (pytorch/executorch#8384): "
        "importing these modules configured it for the whole process, so an application's own "
        "later `logging.basicConfig()` did nothing and every library's warnings took this "
        "format."
    )
    lines += ["", "Line by line (as this commit leaves each file):", *_site_lines(sites, vendored)]
    if others:
        lines.append("")
        lines += wrap(
            "Other modules still configure the root logger when imported, until their owners "
            f"remove that too; a program importing one of them keeps its set-up: {', '.join(others)}."
        )
    return "\n".join(lines)


def levels_message(area: str, sites: list[tuple[FileOutcome, SiteRecord]], vendored: bool) -> str:
    """The message of the commit removing the levels modules set on their own loggers."""
    lines = [f"{area}: leave module log levels to the application", ""]
    moved = any("setLevel" not in s.source for _, s in sites)  # an INFO call made DEBUG
    said = (
        "Each module below set its own logger's level at import, which no application "
        "setting and no `set_logs` could change. "
    )
    if moved:
        said += (
            "A module muted at WARNING logged per node or per pass at INFO; those calls move to "
            "DEBUG in the same change, so an application logging at INFO sees what it saw, and "
            "one at DEBUG, or `set_logs` at DEBUG, sees the module's lines. "
        )
    else:
        said += (
            "No call moves: the levels removed here are over loggers that write nothing below "
            "them, or force lines on. "
        )
    said += (
        "A level that forced lines on stops doing so: an application's level decides them as "
        "it decides any library's."
    )
    lines += wrap(said)
    lines += ["", "Line by line (as this commit leaves each file):", *_site_lines(sites, vendored)]
    return "\n".join(lines)


def recipe_message(
    area: str,
    stage: str,
    rows: list[RecipeRow],
    sites: list[tuple[FileOutcome, SiteRecord]],
    vendored: bool,
    tables: Sequence[str] = (),
) -> str:
    """The message of the commit of recipe `stage` (a recipe, or a family's) in `area`; `tables`:
    the runtime's names table when this commit adds the artifact its recipe logs to."""
    recipes = [RECIPE_NAMED[r.recipe] for r in rows]
    title = recipes[0].title if recipes and recipes[0].title else stage.replace("-", " ")
    lines = [f"{area}: {title}", ""]
    for recipe, row in zip(recipes, rows, strict=True):
        lines += wrap(switched(f"{row.path}: {recipe.change}.", vendored))
        lines.append("")
        for table in tables if recipe.artifact else ():
            said = f"{table}: the `{recipe.artifact}` artifact joins the names torch's logging"
            lines += wrap(f"{said} knows, off until named.")
            lines.append("")
        lines += wrap(switched(f"For users: {row.what}.", vendored))
        lines.append("")
    if sites and any(recipe.restates for recipe in recipes):  # its effect says it: see Recipe
        lines += ["The lines it rewrites:", *_calls(sites)]
    elif sites:
        lines += ["Line by line (as this commit leaves each file):", *_site_lines(sites, vendored)]
    return "\n".join(lines).rstrip()


def stage_sites(outcomes: list[FileOutcome], stage: str) -> list[tuple[FileOutcome, SiteRecord]]:
    """The rewritten sites of `outcomes` that land in `stage`, by file and line."""
    return [
        (o, s)
        for o in sorted(outcomes, key=lambda o: o.path)
        for s in sorted(o.rewritten, key=lambda s: s.line)
        if site_stage(s) == stage
    ]


__all__ = [
    "LEVELS",
    "MECHANICAL",
    "OUTPUT",
    "ROOT",
    "files_section",
    "levels_message",
    "mechanical_message",
    "output_message",
    "recipe_message",
    "root_message",
    "stage_sites",
]
