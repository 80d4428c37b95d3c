"""`--patches DIR`: the migration as a patch series, one patch per component, in landing order.

`landing_order` is the one place the order is decided: the components of `FIRST`, in that order,
then every other component by name. `0001-executorch.patch` carries the core (`exir/`,
`extension/`, `devtools/`, `backends/transforms/` ...) and must land before any backend patch:
the backends' rejection sites report to the partitioner run the core's patch opens (before it,
their why-not lines are DEBUG only), and a backend patch that removes a `logging.basicConfig`
takes away the root handler through which the core's root-logger lines print until the core's
patch puts them on its component. After it, the backend patches land in any order among
themselves (they touch disjoint files). Each commit message names the patches it requires and
counts its items from the same records as the report (`Tally`); `series` lists the patches in
landing order.

Each patch is a commit message (subject, body) followed by `diff --git` sections with
project-root-relative paths, so `git apply PATCH` from the root applies it (text before the first
`diff --git` line is ignored by git apply). The sections are the files' exact bytes (encoding,
BOM and line endings as on disk).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from codemods.report.markdown import recipe_item, rewrite_item
from codemods.report.tally import FileOutcome, Tally
from lint_rules.wording import count

CORE = "executorch"
RUNTIME = "logging-runtime"  # with --vendor: the vendored runtime, its tests and Buck target
# What lands first, in this order; every later patch requires them.
FIRST: tuple[str, ...] = (RUNTIME, CORE)
WHY_FIRST = {
    RUNTIME: "the modules it migrates import the vendored runtime it adds",
    CORE: "the backends report their rejections to the partitioner run it opens, and the core's "
    "own lines move off the root logger that some backends stop configuring",
}


@dataclass(frozen=True)
class Patch:
    name: str  # file name in the folder, e.g. "0002-arm.patch"
    component: str
    files: int
    rewritten: int
    review: int
    requires: tuple[str, ...]  # names of the patches that must land before it


def landing_order(components: Iterable[str]) -> list[str]:
    """The order the patches must land in: `FIRST` (those present), then the rest by name."""
    names = set(components)
    return [c for c in FIRST if c in names] + sorted(names - set(FIRST))


def _message(component: str, tally: Tally, requires: list[tuple[str, str]]) -> str:
    """The commit message, every figure and item taken from `tally` as the report takes it."""
    row = tally.by_component()[component]
    rewritten, review = sum(row["rewritten"].values()), sum(row["review"].values())
    lines = [
        f"{component}: log through the unified logger (et-log migration)",
        "",
        f"{count(row['files']['changed'], 'file')} changed, {count(rewritten, 'site')} "
        f"rewritten, {review} left for review.",
        f"TORCH_LOGS={component} shows this component's INFO lines, +{component} its DEBUG "
        "lines; with TORCH_LOGS unset its records reach the application's own logging as before "
        "(nothing below WARNING when it configured none).",
    ]
    for name, other in requires:
        lines += ["", f"Requires {name}: land it first ({WHY_FIRST.get(other, 'it lands first')})."]
    changes = [recipe_item(r) for r in tally.behaviour_changes(component)]
    changes += [rewrite_item(o, s) for o, s in tally.noted_rewrites(component)]
    if changes:
        lines += ["", "Changes users will see (take or leave each recipe: --skip-recipes NAME):"]
        lines += changes
    applied = [
        r for r in tally.recipes(component) if r.status == "applied" and not r.behaviour_change
    ]
    if applied:
        lines += ["", "ExecuTorch recipes:"]
        lines += [f"- {r.recipe} ({r.path}): {r.what}" for r in applied]
    items = [f"- {s.path}:{s.line} {s.code}: {s.reason}" for _, s in tally.review_items(component)]
    items += [
        f"- {r.path} recipe {r.recipe}: {r.why_review}"
        for r in tally.recipes(component)
        if r.for_review
    ]
    if items:
        lines += ["", "Left for review:", *items]
    return "\n".join(lines) + "\n\n"


def write_patches(
    folder: str,
    tally: Tally,
    extra: Iterable[FileOutcome] = (),
    first: tuple[str, bytes] | None = None,
) -> list[Patch]:
    """Write the series of `tally`'s changed files, and the `extra` ones (Buck edits), into
    `folder` (created; earlier `NNNN-*.patch` files and `series` in it are replaced); return
    what was written. `first`, (name, the patch's bytes), lands before every component: the
    vendored runtime their modules import."""
    by_component: dict[str, list[FileOutcome]] = {}
    for outcome in [*tally.outcomes, *extra]:
        if outcome.patch:
            by_component.setdefault(outcome.component, []).append(outcome)
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("[0-9][0-9][0-9][0-9]-*.patch"):
        old.unlink()
    patches: list[Patch] = []
    if first is not None:
        name, data = first
        count_files = data.count(b"\ndiff --git ")
        patches.append(Patch(f"0001-{name}.patch", name, count_files, 0, 0, ()))
        (target / patches[0].name).write_bytes(data)
    for number, component in enumerate(landing_order(by_component), start=len(patches) + 1):
        group = sorted(by_component[component], key=lambda o: o.path)
        requires = [(p.name, p.component) for p in patches if p.component in FIRST]
        row = tally.by_component()[component]
        patch = Patch(
            f"{number:04d}-{component}.patch",
            component,
            len(group),
            sum(row["rewritten"].values()),
            sum(row["review"].values()),
            tuple(name for name, _ in requires),
        )
        message = _message(component, tally, requires)
        (target / patch.name).write_bytes(
            message.encode("utf-8") + b"".join(o.patch for o in group)
        )
        patches.append(patch)
    (target / "series").write_text("".join(f"{p.name}\n" for p in patches), encoding="utf-8")
    return patches
