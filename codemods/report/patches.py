"""`--patches DIR`: the migration as a patch series in landing order, each patch for one owner
(a component's files one CODEOWNERS entry covers, `series.Unit`).

The series (`series_order` decides it, in one place):

1. `0001-logging-runtime.patch` (with `--vendor`): the runtime and its tests; every later patch
   imports it.
2. Class A, one patch per owner (`NNNN-<unit>-mechanical.patch`, the core's first): the
   rewrites that keep every line a program that configured nothing prints; only which logger a
   line goes through, and which switch controls it, change.
3. Class B, one patch per owner (`NNNN-<unit>-output.patch`, the core's first): the
   site rewrites that change default output on purpose (a print becoming a record), each
   listed with what users saw and what they will see.
4. Class B's removals of a library's own logging set-up (`Fix.setup`: a `basicConfig` or
   handler, a module's `setLevel`), one patch per owner (`NNNN-<unit>-logging-setup.patch`),
   each after the core's class B patches (the root-logger lines the set-up printed).
5. The ExecuTorch recipes, one patch per recipe (a family's together) and owner
   (`NNNN-<unit>-<recipe>.patch`, the core's first): each says what it changes, and whether
   a program that configured nothing prints something else.
Beside the series, not in it (with `--vendor`): `follow-up-torch-logs-hook.patch`, the runtime's
`torch.backends` hook (`TORCH_LOGS` naming an ExecuTorch component from the first `import
torch`), with what it costs and risks: a follow-up to propose once torch makes a broken entry
point a warning (an entry point whose module a stale editable install lacks fails every `import
torch` today), as ExecuTorch's reviewers asked.

Each patch is a commit message (subject, body, the files it touches) followed by `diff --git`
sections with project-root-relative paths, so `git apply PATCH` from the root applies it (text
before the first `diff --git` line is ignored by git apply). The sections are the files' exact
bytes (encoding, BOM and line endings as on disk). Every figure and item of a message comes from
the same records as the report (`Tally`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from codemods.recipes import RECIPE_NAMED
from codemods.report.changes import VENDORED_API, change_item, kind_changes, recipe_item, switched
from codemods.report.series import (
    CORE,
    MECHANICAL,
    OUTPUT,
    ROOT_SETUP_CODES,
    RUNTIME,
    SETUP,
    SITE_STAGES,
    STAGES,
    Unit,
    commit_name,
    recipe_stage,
    series_order,
    site_stage,
    tally_names,
    unit_of,
)
from codemods.report.tally import FileOutcome, RecipeRow, SiteRecord, Tally
from lint_rules.wording import count

WHY = {
    RUNTIME: "the modules it migrates import the vendored runtime it adds",
    # honest for every file pair (review 16, T2): its hunks may lie apart from that patch's,
    # but the file's commits land in order, each made on the file as the one before left it
    MECHANICAL: "it edits a file that patch edited last: it was made on that file as that "
    "patch leaves it",
    OUTPUT: "the core's own lines leave the root logger whose set-up this commit removes",
}
HOOK = "hook"  # the stage of the runtime's torch.backends hook: a follow-up beside the series
FOLLOW_UP = "follow-up-{name}.patch"  # its file, which `series` does not list
NEEDS_WHY = "its edit calls, or its effect relies on, what that recipe adds"
ROOT_WHY = (
    "the root's set-up, removed there too: a library's import-time basicConfig does nothing "
    "once another gave the root a handler, so removing this one alone lets the next one "
    "imported (INFO, its own format) configure the whole process"
)
RECIPE_WHY = "its recipe builds on the core's commit of the same name"
TRANSITIVE_WHY = "{name} requires it"


@dataclass(frozen=True)
class Patch:
    name: str  # file name in the folder, e.g. "0003-arm-mechanical.patch"
    component: str
    stage: str  # RUNTIME for the runtime's patch, else one of series.STAGES
    files: int
    rewritten: int
    review: int
    requires: tuple[str, ...]  # names of the patches that must land before it
    paths: frozenset[str] = frozenset()  # the files it touches
    owner: str = ""  # the CODEOWNERS entry covering its files ("": none)
    root_setup: bool = False  # it removes a set-up of the root (a basicConfig: ETL005)


def _requires(
    component: str,
    stage: str,
    files: frozenset[str],
    done: list[Patch],
    needed: set[str],
    root_setup: bool = False,
) -> list[tuple[str, str]]:
    """(patch, why) for each earlier patch this one needs: the runtime; for each of its files
    the latest earlier patch touching it; for a removal of the root's set-up (`root_setup`),
    the core's class B patches (their lines leave the root logger it stops configuring); for a backend's recipe
    commit, the core's of the same recipe; for a recipe commit, the commits of the recipes its
    recipes need (`Recipe.needs`: `needed`, their stages)."""
    out = [(p.name, WHY[RUNTIME]) for p in done if p.stage == RUNTIME]
    latest = {path: p for p in done for path in p.paths}
    out += [(p.name, WHY[MECHANICAL]) for p in done if p in {latest.get(f) for f in files}]
    if stage == SETUP and root_setup:
        out += [(p.name, WHY[OUTPUT]) for p in done if (p.component, p.stage) == (CORE, OUTPUT)]
        out += [(p.name, ROOT_WHY) for p in done if p.stage == SETUP and p.root_setup]
    if stage not in SITE_STAGES and component != CORE:
        out += [(p.name, RECIPE_WHY) for p in done if (p.component, p.stage) == (CORE, stage)]
    out += [(p.name, NEEDS_WHY) for p in done if p.stage in needed]
    first: dict[str, str] = {}  # a patch needed for two reasons: the first one said
    for name, why in out:
        first.setdefault(name, why)
    requires = {p.name: p.requires for p in done}  # and, for each, what it requires in turn
    for name in list(first):  # (review 14, F3: a patch with only its list must apply)
        for earlier in requires.get(name, ()):
            first.setdefault(earlier, TRANSITIVE_WHY.format(name=name))
    return sorted(first.items(), key=lambda item: item[0])


@dataclass
class Leftovers:
    """What a unit's last commit lists for a person: its sites left for review, its recipes
    for review, and (in a component's last commit) the component's Buck notes. Items of files
    no commit touches go to their unit's last commit, else their component's."""

    sites: list[tuple[FileOutcome, SiteRecord]] = field(default_factory=list)
    recipes: list[RecipeRow] = field(default_factory=list)
    buck: list[str] = field(default_factory=list)


def _leftovers(tally: Tally, order: list[tuple[Unit, str]]) -> dict[Unit, Leftovers]:
    """Per unit with commits, what its last commit lists (see `Leftovers`)."""
    last_of = {unit.component: unit for unit, _ in order}  # each component's last unit
    placed = {unit: Leftovers() for unit, _ in order}

    def home(component: str, owner: str) -> Leftovers | None:
        unit = Unit(component, owner)
        return placed.get(unit if unit in placed else last_of.get(component, unit))

    for outcome, site in tally.review_items():
        if (box := home(outcome.component, outcome.owner)) is not None:
            box.sites.append((outcome, site))
    for row in tally.recipes():
        if row.for_review and (box := home(row.component, row.owner)) is not None:
            box.recipes.append(row)
    for component, note in tally.buck_notes:
        if component in last_of:
            placed[last_of[component]].buck.append(note)
    return placed


def _message(
    unit: Unit,
    who: str,
    stage: str,
    tally: Tally,
    group: list[FileOutcome],
    left: Leftovers,
    requires: list[tuple[str, str]],
) -> tuple[str, int, int]:
    """The commit message, and the figures it states (sites rewritten, left for review).
    `who` names the unit in words; `left`: what it lists for a person (empty but in the unit's
    last commit)."""
    component = unit.component
    paths = {o.path for o in group}
    sites = [(o, s) for o in group for s in o.rewritten if site_stage(s) == stage]
    recipes = [
        r
        for r in tally.recipes(component)
        if r.path in paths and stage not in SITE_STAGES and recipe_stage(r.recipe) == stage
    ]
    subject, what = SUBJECTS.get(stage, SUBJECTS[RECIPE])
    names = ",".join(dict.fromkeys(r.recipe for r in recipes))
    subject = subject.format(who=who, component=component, recipe=stage)
    what = [line.format(component=component, recipe=stage, names=names) for line in what]
    lines = [subject, "", *what, ""]
    lines.append(
        f"{count(len(group), 'file')} changed, {count(len(sites), 'site')} rewritten, "
        f"{len(left.sites)} left for review."
    )
    by_why: dict[str, list[str]] = {}
    for name, why in requires:
        by_why.setdefault(why, []).append(name)
    for why, names_ in by_why.items():
        them = "them" if len(names_) > 1 else "it"
        lines += ["", f"Requires {', '.join(names_)}: land {them} first ({why})."]
    vendored = tally.vendored
    changes = [
        recipe_item(r, vendored) for r in recipes if r.status == "applied" and r.behaviour_change
    ]
    if stage != MECHANICAL:
        changes += kind_changes((s.code for _, s in sites), vendored)
        changes += [change_item(o, s, vendored, in_commit=True) for o, s in sites]
    if changes:
        api = [VENDORED_API] if vendored and any("set_logs" in c for c in changes) else []
        lines += ["", "Changes users will see:", *api, *changes]
    applied = [r for r in recipes if r.status == "applied" and not r.behaviour_change]
    if applied:
        lines += ["", "ExecuTorch recipes:"]
        lines += [f"- {r.recipe} ({r.path}): {switched(r.what, vendored)}" for r in applied]
    items = [f"- {s.path}:{s.line} {s.code}: {switched(s.reason, vendored)}" for _, s in left.sites]
    items += [
        f"- {r.path} recipe {r.recipe}: {switched(r.why_review, vendored)}" for r in left.recipes
    ]
    if items:
        lines += [
            "",
            f"Left for review in {who} (the whole list, in its last commit; files this series "
            "leaves as they are included):",
            *items,
        ]
    if left.buck:
        lines += ["", "Buck, by hand:", *(f"- {n}" for n in left.buck)]
    lines += ["", "Files:", *(f"- {p}" for p in sorted(paths))]
    return "\n".join(lines) + "\n\n", len(sites), len(left.sites)


RECIPE = "recipe"  # the message of every recipe commit
SUBJECTS = {
    MECHANICAL: (
        "{who}: log through the {component} component's loggers (output unchanged)",
        [
            "Class A, mechanical: a program that configured nothing (no TORCH_LOGS, no set_logs,",
            "no logging set-up of its own) prints the same stdout and stderr after this commit,",
            "save the line number Python prints with a warning, which an added import can move.",
            "Lines now go through their module's logger, under the {component} component:",
            "set_logs('+{component}') after import torch (TORCH_LOGS=+{component} where torch",
            "loads the runtime's hook) shows its DEBUG, but a module's own setLevel, until its",
            "logging-setup commit removes it; warnings stay warnings.",
        ],
    ),
    OUTPUT: (
        "{who}: deliberate changes of default output, for its owners to take or leave",
        [
            "Class B: each change below is what a user who configured nothing sees differently,",
            "the line they saw and the line they will see. The hunks of a file depend on each",
            "other (an import removed, a logger added): take or leave a file's hunks together,",
            "or leave a kind out by migrating the file again with --ignore <code>.",
        ],
    ),
    SETUP: (
        "{who}: remove the library's own logging set-up, for its owners to take or leave",
        [
            "Class B, the logging set-up a library module did for the whole process or chose for",
            "its own logger (a basicConfig or handler, a setLevel): after this commit the",
            "application's logging and the {component} component (set_logs) decide. Each",
            "removal below says what it showed or hid; it changes more than the module's own",
            "lines. Leave a kind out by migrating the file again with --ignore <code>.",
        ],
    ),
    RECIPE: (
        "{who}: ExecuTorch recipe {recipe}, for its owners to take or leave",
        [
            "A named edit of specific ExecuTorch code that the logging migration builds on (the",
            "partition run's reasons, artifacts, a backend's own logging set-up), listed below",
            "with what it changes; under Changes users will see when users see it. Its hunks in",
            "a file depend on each other: take or leave them together; to leave it out, migrate",
            "again with",
            "  --skip-recipes {names}",
        ],
    ),
}


def write_patches(
    folder: str,
    tally: Tally,
    extra: Iterable[FileOutcome] = (),
    first: tuple[str, bytes] | None = None,
    hook: tuple[str, bytes] | None = None,
) -> list[Patch]:
    """Write the series of `tally`'s changed files, and the `extra` ones (Buck edits), into
    `folder` (created; earlier `NNNN-*.patch` files and `series` in it are replaced); return
    what was written. `first`, (name, the patch's bytes), lands before every component: the
    vendored runtime their modules import; `hook`, its torch hook, is written beside the
    series as a follow-up (`FOLLOW_UP`), which `series` does not list."""
    groups: dict[tuple[Unit, str], list[FileOutcome]] = {}
    for outcome in [*tally.outcomes, *extra]:
        for stage in outcome.patches:
            unit = unit_of(outcome)
            groups.setdefault((unit, stage), []).append(outcome)
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for old in [*target.glob("[0-9][0-9][0-9][0-9]-*.patch"), *target.glob("follow-up-*.patch")]:
        old.unlink()
    patches: list[Patch] = []
    if first is not None:
        name, data = first
        count_files = data.count(b"\ndiff --git ")
        patches.append(Patch(f"0001-{name}.patch", name, RUNTIME, count_files, 0, 0, ()))
        (target / patches[0].name).write_bytes(data)
    order = series_order({stage: [u for u, s in groups if s == stage] for stage in STAGES})
    named = tally_names(tally, (unit for unit, _ in order))
    left = _leftovers(tally, order)
    last = {unit: number for number, (unit, _) in enumerate(order)}
    for number, (unit, stage) in enumerate(order):
        group = sorted(groups[(unit, stage)], key=lambda o: o.path)
        paths = frozenset(o.path for o in group)
        names = {r.recipe for r in tally.recipes(unit.component) if r.path in paths}
        needed = {
            recipe_stage(n)
            for r in names
            if stage == recipe_stage(r)
            for n in (*RECIPE_NAMED[r].needs, *RECIPE_NAMED[r].works_with)
        }
        root = any(
            s.code in ROOT_SETUP_CODES and site_stage(s) == stage
            for o in group
            for s in o.rewritten
        )
        requires = _requires(unit.component, stage, paths, patches, needed, root)
        split = named[unit] != unit.component
        who = f"{unit.component} ({unit.owner or 'no owner'})" if split else unit.component
        lists = left[unit] if last[unit] == number else Leftovers()
        message, rewritten, review = _message(unit, who, stage, tally, group, lists, requires)
        patch = Patch(
            f"{len(patches) + 1:04d}-{commit_name(named[unit], stage)}.patch",
            unit.component,
            stage,
            len(group),
            rewritten,
            review,
            tuple(name for name, _ in requires),
            paths,
            unit.owner,
            root,
        )
        sections = b"".join(o.patches[stage] for o in group)
        (target / patch.name).write_bytes(message.encode("utf-8") + sections)
        patches.append(patch)
    listed = "".join(f"{p.name}\n" for p in patches)
    if hook is not None:
        name, data = hook
        runtime = tuple(p.name for p in patches if p.stage == RUNTIME)
        files = data.count(b"\ndiff --git ")
        patches.append(Patch(FOLLOW_UP.format(name=name), name, HOOK, files, 0, 0, runtime))
        (target / patches[-1].name).write_bytes(data)
    (target / "series").write_text(listed, encoding="utf-8")
    return patches
