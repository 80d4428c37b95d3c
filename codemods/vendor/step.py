"""The vendored runtime in a migration run: ``migrate --vendor`` and the Buck dependencies.

``vendor_first`` vendors before the migration (in ``--diff``/``--check``/``--patches`` mode it
only plans) and says which files it wrote. ``buck_deps`` runs after it, whenever the runtime the
migrated code imports has a Buck target in the checkout (vendored with Buck, now or before): the
Buck target of every module that imports the runtime gets it in its ``deps``.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from codemods.report.series import RUNTIME, STAGES
from codemods.report.tally import FileOutcome
from codemods.vendor import buck
from codemods.vendor.buck_deps import DepsPlan, plan_deps, runtime_label
from codemods.vendor.command import default_module, vendor
from codemods.vendor.files import HOOK_PART, RUNTIME_PART, VendorPlan, patch_sections
from codemods.vendor.text import VendorError
from codemods.write.fileio import write_atomic
from codemods.write.worker import byte_diff, unified_diff
from lint_rules import Config, ConfigError
from lint_rules.console import write_line


def vendor_first(root: Path, module: str | None, write: bool) -> VendorPlan:
    """Vendor into ``root`` (plan only unless ``write``); print what it wrote or would write."""
    try:
        done = vendor(root, module or default_module(root), check=not write)
    except VendorError as exc:
        raise ConfigError(f"--vendor: {exc}") from exc
    for name in done.written():
        write_line(f"{'' if write else 'would be '}{done.status[name]}: {name}")
    for note in done.manual:
        write_line(f"add by hand: {note}")
    for name, folder, where in done.not_components:
        write_line(
            f"not migrated: {folder} ({where} sets up {name}'s logger itself: {NOT_A_COMPONENT})"
        )
    return done


NOT_A_COMPONENT = (
    "not a TORCH_LOGS component, since torch's handler beside its own would print each line "
    "twice and torch's levels would override the ones it sets; trade the set-up for the "
    "component, then vendor and migrate again"
)


@dataclass
class BuckResult:
    plan: DepsPlan
    root: Path


def buck_deps(
    config: Config,
    module: str,
    outcomes: list[FileOutcome],
    vendored: VendorPlan | None,
    until: str | None = None,
) -> BuckResult | None:
    """The BUCK edits the run needs (`until`: those the series needs once that stage landed),
    or None when the runtime has no Buck target here."""
    if "." not in module:  # et_log_runtime itself: a dependency from outside the checkout
        return None
    root = config.root or Path(os.getcwd())
    folder = root.joinpath(*module.split(".")[1:])
    build = folder / buck.BUILD_FILE
    planned = vendored.files.get(build) if vendored is not None else None
    if planned is None and not build.is_file():
        return None
    try:
        label = runtime_label(
            root, folder, module.split(".")[0], planned.text if planned is not None else None
        )
    except buck.BuckError as exc:
        write_line(f"buck: {exc}; the migrated modules' targets were not given the runtime")
        return None
    landed = STAGES[: STAGES.index(until) + 1] if until else STAGES
    modules = [
        Path(os.path.abspath(o.path))
        for o in outcomes
        if o.imports_runtime and (until is None or o.runtime_from in landed)
    ]
    return BuckResult(plan_deps(root, modules, label), root)


def report_buck(
    result: BuckResult, mode: str, by_stage: dict[str, BuckResult] | None = None
) -> list[FileOutcome]:
    """Write (or show) the BUCK edits as ``mode`` asks; return them as outcomes for the patch
    series (``--patches``): with the edits `by_stage` (each stage's cumulative plan), each
    BUCK file's edit goes to the first stage that needs it."""
    outcomes = []
    for path, (old, new) in sorted(result.plan.files.items()):
        rel = path.relative_to(result.root).as_posix()
        if mode == "write":
            write_atomic(str(path), new.encode("utf-8"))
            write_line(f"updated: {rel} (deps: {result.plan.label})")
        elif mode == "diff":
            sys.stdout.write(unified_diff(old, new, rel))
        elif mode == "check":
            write_line(f"would update: {rel} (deps: {result.plan.label})")
        outcome = FileOutcome(rel, changed=True)
        if mode == "patch":
            before = old
            for stage, plan in (by_stage or {STAGES[-1]: result}).items():
                after = plan.plan.files.get(path, (old, before))[1]
                if after != before:
                    outcome.patches[stage] = byte_diff(before.encode(), after.encode(), rel)
                before = after
        outcomes.append(outcome)
    for note in result.plan.notes:
        write_line(f"buck: {note}")
    return outcomes


def note_path(note: str) -> str:
    """The file a Buck note is about (its text starts with it)."""
    return note.split(":", 1)[0]


HOOK = "torch-logs-hook"  # the runtime's entry point: a follow-up patch beside the series
_HOOK_MESSAGE = """\
Register ExecuTorch's log names from the first import torch (torch.backends hook)

A follow-up to the logging series, not part of it: propose it once torch
makes an entry point that fails to load a warning instead of an error
(pytorch/pytorch#173759). Without it everything in the series works, and
levels are set with the Python API after `import executorch...`
(`set_logs("+xnnpack")`); but TORCH_LOGS naming an ExecuTorch component fails
inside `import torch` with torch's "Invalid log settings" (torch parses it
before any ExecuTorch code runs). With it, `TORCH_LOGS=+xnnpack python
export.py` works from the first `import torch`.

What it costs: torch imports every torch.backends entry point inside every
`import torch` in the environment; this one is about 20 lines of standard
library that register the names inside a `try` (well under a millisecond
with TORCH_LOGS unset: docs/BENCHMARKS.md of et-log). A runtime that fails
to import is one line on stderr; `import torch` still works unless TORCH_LOGS
names an ExecuTorch component, which torch then refuses as any unknown name.
What it risks: torch turns an entry point whose module is missing into an
error. An editable install made on a commit with this entry point, then a
checkout of an older commit, makes every `import torch` in that environment
fail until `pip install -e .` is run again (or TORCH_DEVICE_BACKEND_AUTOLOAD=0
is set): ExecuTorch's reviewers will not take that risk, hence a follow-up.

"""


def runtime_patches(
    vendored: VendorPlan,
) -> tuple[tuple[str, bytes] | None, tuple[str, bytes] | None]:
    """The vendoring as the series' first patch (the runtime, its tests and configuration)
    and its last (the `torch.backends` hook), each (name, message and sections) when it
    changes anything."""
    sections = patch_sections(vendored, RUNTIME_PART)
    hook = patch_sections(vendored, HOOK_PART)
    hook_files = {vendored.rel(p) for p in vendored.hook}
    files = [name for name in vendored.written() if name not in hook_files]
    listed = "".join(f"- {name}: {vendored.status[name]}\n" for name in files)
    message = (
        f"Add {vendored.module}, the logging runtime migrated modules import\n\n"
        f"{len(files)} file(s): the runtime package, its tests and Buck target, and the\n"
        "configuration that carries them: setup.py packages it, pytest.ini runs its\n"
        "tests, .lintrunner.toml type-checks it, and pyproject.toml's [tool.et-log]\n"
        "tells et-log's lint and migration which module is the runtime and which\n"
        "folders to skip (re-running them on this tree needs it; drop it if you do not\n"
        "run et-log here). Its torch.backends hook is not in the series: a follow-up\n"
        "patch beside it (follow-up-torch-logs-hook.patch) says when to propose it.\n"
        "Apply this patch before the component patches: their modules import it.\n\n"
        f"{listed}\n"
    )
    first = (RUNTIME, message.encode("utf-8") + sections) if sections else None
    touched = sorted(set(re.findall(r"^diff --git a/(\S+) ", hook.decode("latin-1"), re.M)))
    listed = "".join(f"- {name}\n" for name in touched)
    last = (HOOK, f"{_HOOK_MESSAGE}Files:\n{listed}\n".encode() + hook) if hook else None
    return first, last
