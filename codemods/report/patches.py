"""`--patches DIR`: the migration as the pull requests a maintainer opens, in landing order
(`series`: the runtime, one mechanical pull request per owner, one owner's pull request per owner
for what users see change, the lint's, the torch hook).

Each pull request is a folder `NN-<name>/` holding `description.md` (what it changes and what it
is stacked on, read in a few minutes) and its commits as `git format-patch` files: `git am
DIR/NN-<name>/*.patch` makes the commits, with the author `git` gives for the checkout (`git
apply` takes them too). `DIR/series` lists every patch in landing order; `DIR/README.md` the
pull requests; `DIR/inventory.md` is the migration's report, every site and every review item,
which the descriptions link. A patch's sections are the files' exact bytes (encoding, BOM and
line endings as on disk); every figure of a message comes from the run's records (`Tally`)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from codemods.recipes import RECIPE_NAMED
from codemods.report import commits, root_setups
from codemods.report.series import (
    HOOK,
    LEVEL_CODES,
    LEVELS,
    MECHANICAL,
    OUTPUT,
    OWNERS_STAGES,
    ROOT,
    RUNTIME,
    Unit,
    landing_order,
    recipe_stage,
    tally_names,
    unit_of,
)
from codemods.report.site_lists import INVENTORY, later_list, review_list
from codemods.report.tally import FileOutcome, Tally
from lint_rules.wording import count

SERIES = "series"


@dataclass(frozen=True)
class Prepared:
    """A commit made elsewhere (the vendored runtime, its hook): its message and sections."""

    name: str
    message: str
    sections: bytes
    description: str = ""  # its pull request's description


@dataclass(frozen=True)
class Patch:
    name: str  # its path under DIR: "03-exir-loggers/0001-exir-make-module-loggers.patch"
    component: str
    stage: str
    files: int
    rewritten: int
    review: int
    requires: tuple[str, ...]  # the pull requests (folders) it is stacked on
    paths: frozenset[str] = frozenset()
    owner: str = ""


@dataclass
class PullRequest:
    folder: str
    title: str
    unit: Unit | None
    stacked_on: list[str] = field(default_factory=list)
    # (stage, subject, message, sections, paths, sites rewritten)
    commits: list[tuple[str, str, str, bytes, frozenset[str], int]] = field(default_factory=list)
    about: list[str] = field(default_factory=list)  # the description's paragraphs


def identity(root: Path | None) -> str:
    """`Name <email>` of whoever makes the commits, as git says for the checkout."""
    try:
        found = subprocess.run(
            ["git", "var", "GIT_AUTHOR_IDENT"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return "ExecuTorch contributor <contributor@localhost>"
    return re.sub(r"\s+\d+\s+[+-]\d{4}\s*$", "", found.strip())


def _mbox(author: str, message: str, sections: bytes, paths: Iterable[str]) -> bytes:
    subject, _, body = message.partition("\n")
    body = body.strip("\n")
    listed = "\n".join(commits.files_section(paths)).strip("\n")
    text = (
        "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
        f"From: {author}\nSubject: [PATCH] {subject}\n\n"
        + (f"{body}\n\n" if body else "")
        + f"{listed}\n---\n\n"
    )
    return text.encode("utf-8") + sections


def _slug(subject: str) -> str:
    words = re.sub(r"[^A-Za-z0-9]+", "-", subject.split(":", 1)[-1]).strip("-").lower()
    return words[:52].rstrip("-") or "change"


def _buck_notes(tally: Tally) -> dict[str, list[str]]:
    """Each Buck note by the file it is about (its text starts with the path)."""
    out: dict[str, list[str]] = {}
    for _, note in tally.buck_notes:
        out.setdefault(note.split(":", 1)[0], []).append(note)
    return out


class _Builder:
    def __init__(
        self, tally: Tally, extra: list[FileOutcome], runtime: str, root: Path | None = None
    ) -> None:
        self.tally, self.runtime, self.root = tally, runtime, root
        self.groups: dict[tuple[Unit, str], list[FileOutcome]] = {}
        for outcome in [*tally.outcomes, *extra]:
            for stage in outcome.patches:
                self.groups.setdefault((unit_of(outcome), stage), []).append(outcome)
        self.notes = _buck_notes(tally)
        units = {unit for unit, _ in self.groups}
        self.named = tally_names(tally, units)

    def area(self, unit: Unit) -> str:
        name = self.named[unit]
        return name if name != unit.component or not unit.owner else unit.owner

    def commit(self, unit: Unit, stage: str) -> tuple[str, bytes, frozenset[str], int] | None:
        group = sorted(self.groups.get((unit, stage), []), key=lambda o: o.path)
        if not group:
            return None
        area, vendored = self.area(unit), self.tally.vendored
        sites = commits.stage_sites(group, stage)
        if stage == MECHANICAL:
            pinned = sorted(
                {o.path for o in group for s in o.review if s.code in LEVEL_CODES}
                | {o.path for o, _ in commits.stage_sites(group, LEVELS)}
            )
            message = commits.mechanical_message(
                area, self.runtime, unit.component, [s for _, s in sites], pinned
            )
        elif stage == OUTPUT:
            message = commits.output_message(
                area, sites, vendored, root_setups.later(self.groups, unit)
            )
        elif stage == ROOT:
            message = commits.root_message(
                area, sites, root_setups.others(self.tally, unit), vendored
            )
        elif stage == LEVELS:
            message = commits.levels_message(area, sites, vendored)
        else:
            paths = {o.path for o in group}
            rows = [
                r
                for r in self.tally.recipes(unit.component)
                if r.path in paths and r.status == "applied" and recipe_stage(r.recipe) == stage
            ]
            recipe_files = {r.path for r in rows}
            tables = [o.path for o in group if o.path not in recipe_files and not o.rewritten]
            message = commits.recipe_message(area, stage, rows, sites, vendored, tables)
        buck = [n for o in group for n in self.notes.get(o.path, []) if o.runtime_from == stage]
        if buck:
            message += "\n\n" + commits.buck_paragraph(buck)
        sections = b"".join(o.patches[stage] for o in group)
        return message, sections, frozenset(o.path for o in group), len(sites)


def write_patches(
    folder: str,
    tally: Tally,
    extra: Iterable[FileOutcome] = (),
    first: Prepared | None = None,
    hook: Prepared | None = None,
    runtime: str = "",
    inventory: str = "",
    root: Path | None = None,
    lint: tuple[Prepared, Prepared | None] | None = None,
) -> list[Patch]:
    """Write the pull requests of `tally`'s changes (and the `extra` Buck edits) into `folder`
    (what an earlier run wrote there is replaced); return every patch written, in order.
    `first`: the vendored runtime, the first pull request; `hook`: its torch hook, the last;
    `runtime`: the module migrated code imports; `inventory`: the report's text; `lint`: the
    lint's pull request, second, and the one dropping the files the series migrated from its
    exclusions, before the hook's."""
    builder = _Builder(tally, list(extra), runtime or "the runtime", root)
    prs: list[PullRequest] = []
    if first is not None:
        prs.append(_prepared_pr(first, RUNTIME, []))
    base = [prs[0].folder] if prs else []
    linter = None
    if lint is not None:  # enforced from the start: new code is held to it at once
        linter = _prepared_pr(lint[0], lint[0].name, base, len(prs))
        prs.append(linter)
    mechanical = landing_order(u for u, s in builder.groups if s == MECHANICAL)
    owners = landing_order(u for u, s in builder.groups if s in OWNERS_STAGES)
    mechanical_pr: dict[Unit, str] = {}
    for unit in mechanical:
        pr = _pr(len(prs), f"{builder.named[unit]}-loggers", unit, base)
        _add(pr, MECHANICAL, builder.commit(unit, MECHANICAL))
        pr.title = pr.commits[0][1]  # its one commit's subject
        pr.about = _mechanical_about(builder, unit)
        prs.append(pr)
        mechanical_pr[unit] = pr.folder
    for unit in owners:
        pr = _pr(len(prs), f"{builder.named[unit]}-logging", unit, base)
        mine = mechanical_pr.get(unit)
        if mine is not None:
            pr.stacked_on.append(mine)
        for stage in OWNERS_STAGES:
            _add(pr, stage, builder.commit(unit, stage))
        pr.title = f"{builder.area(unit)}: logging that users see change"
        pr.about = _owner_about(builder, unit, pr)
        prs.append(pr)
    if lint is not None and linter is not None:
        for pr in prs[prs.index(linter) + 1 :]:
            pr.about.append(
                f'The lint ("{linter.title}", landed before this) already keeps new code here off the '
                "root logger and `logging.getLogger` (ExecuTorch's own `grep_linter`); the "
                "files this pull request migrates stay in its exclusions until the series' "
                "last lint pull request drops them."
            )
        if lint[1] is not None:
            prs.append(_prepared_pr(lint[1], lint[1].name, [*base, linter.folder], len(prs)))
    if hook is not None:
        prs.append(_prepared_pr(hook, HOOK, base, len(prs)))
    return _write(Path(folder), prs, tally, identity(root), inventory)


def _pr(index: int, name: str, unit: Unit | None, base: list[str]) -> PullRequest:
    return PullRequest(f"{index + 1:02d}-{name}", name, unit, list(base))


def _add(pr: PullRequest, stage: str, made: tuple[str, bytes, frozenset[str], int] | None) -> None:
    if made is not None:
        message, sections, paths, sites = made
        pr.commits.append((stage, message.split("\n", 1)[0], message, sections, paths, sites))


def _prepared_pr(done: Prepared, name: str, base: list[str], index: int = 0) -> PullRequest:
    pr = _pr(index, name, None, base)
    paths = frozenset(re.findall(r"^diff --git a/(\S+) ", done.sections.decode("latin-1"), re.M))
    subject = done.message.split("\n", 1)[0]
    pr.commits.append((name, subject, done.message, done.sections, paths, 0))
    pr.title = subject
    pr.about = [done.description] if done.description else []
    return pr


def _mechanical_about(builder: _Builder, unit: Unit) -> list[str]:
    left = builder.tally.review_items(unit.component)
    mine = [(o, s) for o, s in left if unit_of(o) == unit]
    area = builder.area(unit)
    sites = commits.stage_sites(builder.groups.get((unit, MECHANICAL), []), MECHANICAL)
    made = any(s.code == "ETL001" and not s.removed for _, s in sites)
    what = (
        f"{area}'s modules make their logger with `{builder.runtime}.get_logger(__name__)`, "
        f"which is `logging.getLogger(__name__)`; they now import `{builder.runtime}` (standard "
        "library only, and it touches no logger until somebody calls its `set_logs`)"
        if made
        else f"{area}'s module loggers that nothing logs on are deleted, with their levels"
    )
    text = (
        f"Mechanical: {what}. "
        "No line a program prints changes, with nothing configured, with an application's "
        "`logging.basicConfig` at INFO or DEBUG, or with its own handlers and pytest's `caplog`, "
        "apart from the source line numbers a record or a warning may show (the lines an import "
        "or a deletion adds or removes move the lines below them)."
    )
    later = [
        site
        for (u, stage), outs in builder.groups.items()
        if u == unit and stage in OWNERS_STAGES
        for _, site in commits.stage_sites(outs, stage)
    ]
    about = [text, *([later_list(later, area)] if later else [])]
    changed = {o.path for o in builder.groups.get((unit, MECHANICAL), [])}
    return [*about, review_list(mine, area, changed)]


def _owner_about(builder: _Builder, unit: Unit, pr: PullRequest) -> list[str]:
    kinds = {
        OUTPUT: "lines that move from prints and the root logger onto module loggers",
        ROOT: "the import-time set-up of the root logger, removed",
        LEVELS: "levels modules set on their own loggers, removed (their INFO lines to DEBUG)",
    }
    stages = [s for s in OWNERS_STAGES if (unit, s) in builder.groups]
    if OUTPUT in stages:  # say only what moves: prints, root-logger calls, or both
        codes = {s.code for _, s in commits.stage_sites(builder.groups[unit, OUTPUT], OUTPUT)}
        pairs = (("ETL003", "prints"), ("ETL008", "prints"), ("ETL002", "the root logger"))
        moved = list(dict.fromkeys(what for code, what in pairs if code in codes))
        moved = moved or ["other loggers"]
        kinds[OUTPUT] = f"lines that move from {' and '.join(moved)} onto module loggers"
    parts = [kinds.get(s) or RECIPE_NAMED[_recipe_of(s)].title or s for s in stages]
    text = (
        f"What {builder.area(unit)}'s users see change, one commit per kind of change, each "
        "listing every line before and after: " + "; ".join(parts) + "."
    )
    left = [(o, s) for o, s in builder.tally.review_items(unit.component) if unit_of(o) == unit]
    reached = root_setups.reached(builder.groups, unit, builder.root)
    if reached:
        text += (
            " Removing the root logger's import-time set-up reaches further than this area: "
            "modules of "
            + ", ".join(reached)
            + " import these modules (directly or through others), so programs that import "
            "only those see the change too."
        )
    changed = {
        o.path
        for (u, s), outs in builder.groups.items()
        if u == unit and s != MECHANICAL
        for o in outs
    }
    return [text, review_list(left, builder.area(unit), changed)]


def _recipe_of(stage: str) -> str:
    return next(name for name, r in RECIPE_NAMED.items() if r.commit == stage)


def _description(pr: PullRequest, prs: dict[str, PullRequest]) -> str:
    lines = [f"# {pr.title}", ""]
    for paragraph in pr.about:
        lines += [paragraph, ""]
    if pr.stacked_on:
        named = ", ".join(f"{prs[f].title} (`{f}`)" for f in pr.stacked_on)
        lines += [f"Stacked on: {named}.", ""]
    lines += ["Commits:", ""]
    lines += [
        f"1. {subject} ({count(len(paths), 'file')})" for _, subject, _, _, paths, _ in pr.commits
    ]
    lines += [
        "",
        "Each commit message lists what users see change, line by line, and every file. "
        f"The whole migration, site by site, is in `{INVENTORY}`, beside the series' patches.",
    ]
    return "\n".join(lines) + "\n"


def _write(
    target: Path, prs: list[PullRequest], tally: Tally, author: str, inventory: str
) -> list[Patch]:
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("[0-9][0-9]-*"):
        if old.is_dir():
            for each in old.iterdir():
                each.unlink()
            old.rmdir()
    by_folder = {pr.folder: pr for pr in prs}
    written: list[Patch] = []
    for pr in prs:
        (target / pr.folder).mkdir()
        (target / pr.folder / "description.md").write_text(
            _description(pr, by_folder), encoding="utf-8"
        )
        for number, (stage, subject, message, sections, paths, sites) in enumerate(pr.commits, 1):
            name = f"{pr.folder}/{number:04d}-{_slug(subject)}.patch"
            (target / name).write_bytes(_mbox(author, message, sections, paths))
            component = pr.unit.component if pr.unit else ""
            written.append(
                Patch(
                    name,
                    component,
                    stage,
                    len(paths),
                    sites,
                    0,
                    tuple(pr.stacked_on),
                    paths,
                    pr.unit.owner if pr.unit else "",
                )
            )
    (target / SERIES).write_text("".join(f"{p.name}\n" for p in written), encoding="utf-8")
    (target / "README.md").write_text(_readme(prs), encoding="utf-8")
    if inventory:
        (target / INVENTORY).write_text(inventory, encoding="utf-8")
    return written


def _readme(prs: list[PullRequest]) -> str:
    lines = [
        "# The logging migration, as pull requests",
        "",
        "In landing order; each applies with `git am NN-name/*.patch` on ExecuTorch main once "
        "the pull requests it is stacked on have landed.",
        "",
    ]
    for pr in prs:
        on = f" (stacked on {', '.join(pr.stacked_on)})" if pr.stacked_on else ""
        lines.append(f"- `{pr.folder}`: {pr.title}{on}")
    lines += ["", f"Every site and every review item: [{INVENTORY}]({INVENTORY})."]
    return "\n".join(lines) + "\n"
