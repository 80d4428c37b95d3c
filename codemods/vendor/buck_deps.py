"""The runtime's Buck target in the ``deps`` of every target listing a module that imports it.

``runtime_label`` finds the vendored runtime's library target (``//executorch/_logging:lib``);
``plan_deps`` finds, for each module, the targets of its Buck package whose ``srcs`` list it and
plans the edit of their ``deps`` lists (``buck.add_dependency``). A module that no target lists,
or whose package's ``srcs`` cannot be read, or whose target's ``deps`` is not a list, is reported
for a person to handle: nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from codemods.shared.buck_notes import UNLISTED
from codemods.vendor import buck


@dataclass
class DepsPlan:
    label: str
    files: dict[Path, tuple[str, str]] = field(default_factory=dict)  # path -> (old, new) text
    notes: list[str] = field(default_factory=list)  # what a person must do, one line each


def runtime_label(root: Path, folder: Path, package: str, buck_text: str | None = None) -> str:
    """The label of the runtime's library: the target of ``folder``'s BUCK file (``buck_text``
    when it is not written yet) whose srcs hold ``__init__.py``."""
    path = folder / buck.BUILD_FILE
    if buck_text is not None:
        targets = buck.targets_of_text(buck_text, path)
    else:
        targets = buck.package_targets(folder)
    for target in targets:
        if target.srcs.lists("__init__.py"):
            return f"//{package}/{folder.relative_to(root).as_posix()}:{target.name}"
    raise buck.BuckError(f"{path}: no target lists __init__.py")


def plan_deps(root: Path, modules: Iterable[Path], label: str) -> DepsPlan:
    """The BUCK edits giving every target that lists one of ``modules`` a dependency on
    ``label``, and a note for each module that cannot be handled so."""
    out = DepsPlan(label)
    by_package: dict[Path, list[str]] = {}
    for module in sorted(modules):
        package = buck.package_of(module, root)
        if package is None:
            out.notes.append(f"{_rel(module, root)}: in no Buck package (no BUCK file above it)")
            continue
        by_package.setdefault(package, []).append(module.relative_to(package).as_posix())
    for package, rels in by_package.items():
        _plan_package(out, root, package, rels)
    return out


def _plan_package(out: DepsPlan, root: Path, package: Path, rels: list[str]) -> None:
    try:
        targets = buck.package_targets(package)
    except buck.BuckError as exc:
        out.notes.append(f"{exc}; add {out.label} to the deps of {', '.join(rels)}'s targets")
        return
    where = _rel(package / buck.BUILD_FILE, root)
    for rel in rels:
        if any(t.srcs.lists(rel) for t in targets):
            continue
        unreadable = sorted({t.name for t in targets if t.call.python and not t.srcs.readable})
        todo = (  # review 16, T5: a module no target lists has no target to give the dep
            f"the srcs of {', '.join(unreadable)} cannot be read ({where}); add {out.label} to "
            "the deps of its target"
            if unreadable
            else f"{UNLISTED} ({where}); list it in the srcs of a target there, with "
            f"{out.label} in its deps"
        )
        out.notes.append(f"{_rel(package / rel, root)}: {todo}")
    for path in sorted({t.file for t in targets if any(t.srcs.lists(r) for r in rels)}):
        edit = buck.add_dependency(
            path, lambda name, srcs: any(srcs.lists(r) for r in rels), out.label
        )
        for name in edit.refused:
            listed = [
                _rel(package / r, root)
                for r in rels
                if any(t.name == name and t.file == path and t.srcs.lists(r) for t in targets)
            ]
            out.notes.append(
                f"{_rel(path, root)}: target {name} (srcs: {', '.join(listed)}): its deps is "
                f"not a list; add {out.label}"
            )
        old = path.read_text(encoding="utf-8")
        if edit.text != old:
            out.files[path] = (old, edit.text)


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()
