"""The vendored runtime in a migration run: ``migrate --vendor`` and the Buck dependencies.

``vendor_first`` vendors before the migration (in ``--diff``/``--check``/``--patches`` mode it
only plans) and says which files it wrote. ``buck_deps`` runs after it, whenever the runtime the
migrated code imports has a Buck target in the checkout (vendored with Buck, now or before): the
Buck target of every module that imports the runtime gets it in its ``deps``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from codemods.report.patches import Prepared
from codemods.report.series import HOOK, RUNTIME, STAGES
from codemods.report.tally import FileOutcome
from codemods.shared.owners import Owners
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


RUNTIME_DESCRIPTION = """\
Adds `{module}`, the package ExecuTorch's modules will make their loggers with, with its \
tests and Buck target. It changes nothing a program prints: until somebody calls \
`{module}.set_logs`, it registers nothing with torch, adds no handler and sets no level. \
`set_logs("+xnnpack")` turns a component up, as `torch._logging.set_logs` does for dynamo: \
it registers the names it is given, and from then on torch owns their loggers; every other \
ExecuTorch logger stays a plain library logger. Each call replaces ExecuTorch's earlier \
settings and gives torch back the ones it can name (dynamo's level stays; a module path \
or a level set by hand on a torch logger does not, and the README says what else torch \
decides). `TORCH_LOGS` takes the module path (`TORCH_LOGS=+executorch.backends.xnnpack`) \
without this package; its short names (`TORCH_LOGS=+xnnpack`) come with the hook's pull \
request.

Its users come in the pull requests stacked on this one: one per area makes its module \
loggers with `get_logger(__name__)` (today `logging.getLogger(__name__)`: the one place \
where a logger gets made, so that a later torch API can be adopted without touching every \
module again); the artifact API is used by XNNPACK's owner's pull request, which adds the \
`xnnpack_graph` artifact to the names table together with the code that logs each \
delegate's graph to it (this one registers no artifact). The component names are those \
users type after `+dynamo`: `executorch` and each backend folder's name, but for a backend \
that sets up its own logger (`OWN_LOGGING`); a name torch already has for something else is \
refused with `ValueError` when it is asked for, and the other names stay usable.

What a caller of `set_logs` sees for the components it names: they stop propagating, so the \
application's handlers (on the root or on `executorch`) and pytest's `caplog` (below 9.0, in \
the calling test and every later one) no longer receive their records, torch's handler \
prints them; a module that sets a level \
on its own logger keeps it until its area's pull request removes it. Nothing changes for the \
components it does not name, and the package sets no level of its own. The tests cover each, \
and that a test leaves the root logger and torch's settings as it found them.

The patches were made on ExecuTorch main; the same package was tested on the released \
executorch 1.5.1 wheel with torch 2.13.0 (its tests run in-process, under `unittest` and pytest).
"""

HOOK_DESCRIPTION = """\
With this entry point, `TORCH_LOGS="+dynamo,+executorch,+xnnpack"` works from the first \
`import torch`: torch (2.13 and later) loads `torch.backends` entry points before it reads \
`TORCH_LOGS` (pytorch/pytorch#184919). The hook is a module of standard library lines \
outside the logging package; it registers the ExecuTorch names `TORCH_LOGS` names (all of \
them for `help`), nothing else, and catches everything, so no fault of ExecuTorch's stops `import torch`.

Its risk: torch turns an entry point whose module is missing into an error inside every \
`import torch`. An editable install made on a commit with this entry point, then a checkout \
of an older commit, breaks `import torch` in that environment until `pip install -e .` runs \
again (or `TORCH_DEVICE_BACKEND_AUTOLOAD=0` is set). It is best landed together with a torch \
change that makes a failing entry point a warning; no such torch pull request is open yet.
"""


def runtime_patches(vendored: VendorPlan) -> tuple[Prepared | None, Prepared | None]:
    """The vendoring as the first pull request's commit (the runtime, its tests and the
    configuration that carries it) and the last's (the `torch.backends` hook)."""
    sections = patch_sections(vendored, RUNTIME_PART)
    hook = patch_sections(vendored, HOOK_PART)
    module = vendored.module
    message = (
        f"Add {module}: ExecuTorch's loggers as torch logging components\n\n"
        f'{module}.set_logs("+xnnpack") turns a backend\'s logging up the way\n'
        "torch._logging.set_logs does for torch's own components; until it is called,\n"
        "nothing is registered with torch and no logger is touched, so nothing a\n"
        "program prints changes; once it is, only the components it names are\n"
        "registered, and torch's own settings are kept. setup.py ships the package in the minimal build,\n"
        "pytest.ini runs its tests and .lintrunner.toml type-checks it."
    )
    first = None
    if sections:
        first = Prepared(RUNTIME, message, sections, RUNTIME_DESCRIPTION.format(module=module))
    hook_message = (
        "Register ExecuTorch's log names from the first import torch\n\n"
        "A torch.backends entry point, which torch loads before it reads TORCH_LOGS,\n"
        "registers the ExecuTorch components TORCH_LOGS names, so that\n"
        'TORCH_LOGS="+executorch,+xnnpack" works as it does for dynamo. Standard\n'
        "library only, outside the logging package, catching everything. Risk: an\n"
        "entry point whose module is missing (a stale editable install) makes torch\n"
        "fail every import torch until the install is redone."
    )
    last = Prepared(HOOK, hook_message, hook, HOOK_DESCRIPTION) if hook else None
    return first, last


def artifact_commits(vendored: VendorPlan, config: Config, owners: Owners) -> list[FileOutcome]:
    """The rows of the runtime's artifact table that land with the recipe logging to each (the
    runtime's own commit names no artifact nothing logs to yet): one outcome per row, in the
    recipe's commit and its owner's unit."""
    from codemods.recipes import RECIPE_NAMED

    outcomes = []
    for path, steps in vendored.completions.items():
        rel = vendored.rel(path)
        for name, before, after in steps:
            recipe = RECIPE_NAMED[name]
            outcome = FileOutcome(rel, changed=True)
            outcome.component = config.component_for(recipe.path)
            outcome.owner = owners.of(recipe.path)
            outcome.patches[recipe.commit] = byte_diff(before.encode(), after.encode(), rel)
            outcomes.append(outcome)
    return outcomes
