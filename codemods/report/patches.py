"""`--patches DIR`: the migration as a patch series, one patch per component, core first.

Backend owners land their share on their own schedule: `0001-executorch.patch` carries the core
(`exir/`, `extension/`, `devtools/`, `backends/transforms/` ...), then one patch per backend in
name order. Each patch is a commit message (subject, body) followed by `diff --git` sections with
project-root-relative paths, so `git apply PATCH` from the root applies it (text before the first
`diff --git` line is ignored by git apply). The sections are the files' exact bytes (encoding,
BOM and line endings as on disk). The patches touch disjoint files: any subset applies,
in any order. `series` lists them in order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from codemods.report.tally import FileOutcome

CORE = "executorch"


@dataclass(frozen=True)
class Patch:
    name: str  # file name in the folder, e.g. "0002-arm.patch"
    component: str
    files: int
    rewritten: int
    review: int


def patch_order(components: Iterable[str]) -> list[str]:
    """The core first, then the backends by name."""
    names = set(components)
    return ([CORE] if CORE in names else []) + sorted(names - {CORE})


def _message(component: str, outcomes: list[FileOutcome]) -> str:
    rewritten = sum(len(o.rewritten) for o in outcomes)
    review = sum(len(o.review) for o in outcomes)
    recipes = [(o.path, name, note) for o in outcomes for name, note in o.recipes]
    lines = [
        f"{component}: log through the unified logger (et-log migration)",
        "",
        f"{len(outcomes)} file(s), {rewritten} site(s) rewritten, {review} left for review.",
        f"TORCH_LOGS={component} shows this component's INFO lines, +{component} its DEBUG lines;",
        "with TORCH_LOGS unset it prints nothing below WARNING.",
    ]
    if recipes:
        lines += ["", "ExecuTorch recipes:"]
        lines += [f"- {name} ({path}): {note}" for path, name, note in recipes]
    return "\n".join(lines) + "\n\n"


def write_patches(
    folder: str, outcomes: Iterable[FileOutcome], first: tuple[str, bytes] | None = None
) -> list[Patch]:
    """Write the series into `folder` (created; earlier `NNNN-*.patch` files and `series` in it
    are replaced) and return what was written. `first`, (name, the patch's bytes), comes before
    the components: the vendored runtime their modules import."""
    by_component: dict[str, list[FileOutcome]] = {}
    for outcome in outcomes:
        if outcome.patch:
            by_component.setdefault(outcome.component, []).append(outcome)
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("[0-9][0-9][0-9][0-9]-*.patch"):
        old.unlink()
    patches = []
    if first is not None:
        name, data = first
        patches.append(Patch(f"0001-{name}.patch", name, data.count(b"\ndiff --git "), 0, 0))
        (target / patches[0].name).write_bytes(data)
    for number, component in enumerate(patch_order(by_component), start=len(patches) + 1):
        group = sorted(by_component[component], key=lambda o: o.path)
        patch = Patch(
            f"{number:04d}-{component}.patch",
            component,
            len(group),
            sum(len(o.rewritten) for o in group),
            sum(len(o.review) for o in group),
        )
        data = _message(component, group).encode("utf-8") + b"".join(o.patch for o in group)
        (target / patch.name).write_bytes(data)
        patches.append(patch)
    (target / "series").write_text("".join(f"{p.name}\n" for p in patches), encoding="utf-8")
    return patches
