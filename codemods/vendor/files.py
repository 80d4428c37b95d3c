"""What a vendoring run does to the checkout's files: plan, status per file, writing, patch."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from codemods.write.fileio import write_atomic
from codemods.write.worker import byte_diff

CREATED, UPDATED, UNCHANGED, REMOVED = "created", "updated", "unchanged", "removed"


@dataclass
class FilePlan:
    text: str


@dataclass
class VendorPlan:
    """What one run writes, removes and links; what it keeps and what is left to do by hand."""

    root: Path
    module: str
    files: dict[Path, FilePlan] = field(default_factory=dict)
    remove: list[Path] = field(default_factory=list)
    symlinks: dict[Path, str] = field(default_factory=dict)  # link -> its target
    kept: list[Path] = field(default_factory=list)  # the checkout's own copy, left as it is
    manual: list[str] = field(default_factory=list)
    status: dict[str, str] = field(default_factory=dict)  # root-relative path -> status
    # the torch.backends hook, a follow-up patch beside the series: its files (module, link) and,
    # for a file edited for it and for the rest (pyproject.toml), its text without the hook's
    hook: set[Path] = field(default_factory=set)
    without_hook: dict[Path, str] = field(default_factory=dict)
    # a file whose runtime commit carries less than the final text: its text there, and the
    # later commits that complete it (an artifact's row lands with the recipe that logs to it):
    # (recipe, text before, text after), in order
    runtime_text: dict[Path, str] = field(default_factory=dict)
    completions: dict[Path, list[tuple[str, str, str]]] = field(default_factory=dict)
    # backend folders left out of the component table, and so out of the migration:
    # (name, its folder, the file that sets its logger up)
    not_components: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def package(self) -> str:
        return self.module.split(".")[0]

    @property
    def folder(self) -> Path:
        return self.root.joinpath(*self.module.split(".")[1:])

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def written(self) -> list[str]:
        """The files a run created, updated or removed, root-relative."""
        return [name for name, status in self.status.items() if status != UNCHANGED]


def _status(path: Path, planned: FilePlan) -> str:
    if not path.is_file():
        return CREATED
    old = path.read_text(encoding="utf-8")
    if old == planned.text:
        return UNCHANGED
    return UPDATED


def statuses(out: VendorPlan) -> dict[str, str]:
    """Created, updated, unchanged or removed, per root-relative path, in path order."""
    found = {out.rel(path): _status(path, planned) for path, planned in out.files.items()}
    found.update({out.rel(path): REMOVED for path in out.remove})
    found.update({out.rel(link): CREATED for link in out.symlinks})
    return dict(sorted(found.items()))


def apply(out: VendorPlan) -> None:
    for path, planned in out.files.items():
        status = out.status.get(out.rel(path))
        if status == CREATED:
            path.parent.mkdir(parents=True, exist_ok=True)
            _create(path, planned.text)
        elif status == UPDATED:
            write_atomic(str(path), planned.text.encode("utf-8"))  # keeps mode and endings
    folders = {path.parent for path in out.remove}
    for path in out.remove:
        path.unlink()
    for folder in sorted(folders, reverse=True):
        _drop_if_empty(folder)
    for link, target in out.symlinks.items():
        link.symlink_to(target)


def _drop_if_empty(folder: Path) -> None:
    """Remove a folder left with nothing but bytecode caches."""
    entries = [p for p in folder.iterdir() if p.name != "__pycache__"] if folder.is_dir() else [1]
    if not entries:
        shutil.rmtree(folder)


def _create(path: Path, body: str) -> None:
    """A new file, written to a temporary name first and moved into place."""
    temp = path.with_name(f".{path.name}.et-log-tmp")
    with open(temp, "w", encoding="utf-8", newline="") as handle:
        handle.write(body)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)


RUNTIME_PART, HOOK_PART = "runtime", "hook"


def patch_sections(out: VendorPlan, part: str | None = None) -> bytes:
    """The run as ``diff --git`` sections git apply takes from the root (files as planned,
    removals, links), in path order: all of it, or the `part` without the hook
    (`RUNTIME_PART`) or the hook's alone (`HOOK_PART`), which applies after it."""
    by_rel = {out.rel(p): p for p in [*out.files, *out.remove, *out.symlinks]}
    sections = []
    for rel, status in out.status.items():
        path = by_rel[rel]
        if part is not None and (path in out.hook) != (part == HOOK_PART):
            if path not in out.without_hook:
                continue
        if path in out.symlinks:
            sections.append(_new_file(rel, out.symlinks[path].encode("utf-8"), "120000"))
        elif status == CREATED:
            text = out.files[path].text
            if part == RUNTIME_PART:
                text = out.runtime_text.get(path, text)
            sections.append(_new_file(rel, text.encode("utf-8"), "100644"))
        elif status == UPDATED:
            old, new = path.read_bytes(), out.files[path].text.encode("utf-8")
            if path in out.without_hook and part is not None:
                middle = out.without_hook[path].encode("utf-8")
                old, new = (old, middle) if part == RUNTIME_PART else (middle, new)
            if old != new:
                sections.append(byte_diff(old, new, rel))
        elif status == REMOVED:
            sections.append(_removed_file(rel, path))
    return b"".join(sections)


def _new_file(rel: str, data: bytes, mode: str) -> bytes:
    body = byte_diff(b"", data, rel).split(b"\n", 3)[3]  # the hunk, after the ---/+++ lines
    head = f"diff --git a/{rel} b/{rel}\nnew file mode {mode}\n--- /dev/null\n+++ b/{rel}\n"
    return head.encode("utf-8") + body


def _removed_file(rel: str, path: Path) -> bytes:
    if path.is_symlink():
        data, mode = os.readlink(path).encode("utf-8"), "120000"
    else:
        data, mode = path.read_bytes(), "100644"
    body = byte_diff(data, b"", rel).split(b"\n", 3)[3]
    head = f"diff --git a/{rel} b/{rel}\ndeleted file mode {mode}\n--- a/{rel}\n+++ /dev/null\n"
    return head.encode("utf-8") + body
