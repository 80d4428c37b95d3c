"""The report's sections on what else a reviewer must know: the module namespaces that change,
the Buck edits left to a person, and the torch names the runtime reads."""

from __future__ import annotations

from codemods.report.tally import Tally
from et_log_runtime.delegation_record import RECORD_ENV
from et_log_runtime.partition_report import CRITICAL_ENV
from et_log_runtime.torch_api import IN_REGISTRY, INTERNAL, NEEDED
from lint_rules.wording import count

SHOWN = 12  # modules listed in full per namespace change; the rest counted
# Every torch name the runtime reads or calls: those its torch_api checks when torch is loaded,
# then those it reads with a fallback where a torch lacks them.
TORCH_NAMES = (
    *(f"{INTERNAL}.{n}" for n in NEEDED),
    *(f"{INTERNAL}.log_registry.{n}" for n in IN_REGISTRY),
)


def namespaces(tally: Tally) -> list[str]:
    """Every module whose public namespace changes, grouped by the change."""
    groups: dict[tuple[str, str], list[str]] = {}
    for o in tally.outcomes:
        if o.changed and (o.names_added or o.names_removed):
            key = (", ".join(o.names_added), ", ".join(o.names_removed))
            groups.setdefault(key, []).append(o.path)
    out = ["", "## Module namespaces", ""]
    if not groups:
        return [*out, "No module's public names change."]
    out += [
        "The public names (`__all__`, else every module-level name without a leading `_`) "
        "that `from module import *` and `module.name` reach, where the migration changes them:",
        "",
        "| gains | loses | modules |",
        "|---|---|---|",
    ]
    for (added, removed), paths in sorted(groups.items(), key=lambda g: -len(g[1])):
        packages = [p for p in paths if p.endswith("__init__.py")]
        listed = (packages + [p for p in paths if p not in packages])[:SHOWN]
        rest = len(paths) - len(listed)
        names = ", ".join(f"`{p}`" for p in listed) + (f" and {rest} more" if rest else "")
        out.append(
            f"| {added or '-'} | {removed or '-'} | {count(len(paths), 'module')}: {names} |"
        )
    return out


def not_migrated(tally: Tally) -> list[str]:
    """The folders the run left out as a whole, and why."""
    if not tally.not_migrated:
        return []
    out = ["", "## Not migrated", ""]
    return [*out, *(f"- `{folder}`: {why}" for folder, why in tally.not_migrated)]


def buck(tally: Tally) -> list[str]:
    """Every Buck edit the run could not make, for a person to make."""
    out = ["", "## Buck: left to do by hand", ""]
    if not tally.buck_notes:
        return [*out, "Nothing: every migrated module's target got the runtime in its deps."]
    return [*out, *(f"- {note} ({owner})" for owner, note in tally.buck_notes)]


def torch_names() -> list[str]:
    """The torch names the runtime reads: what a torch upgrade must keep (checked at start-up;
    without one, ExecuTorch's TORCH_LOGS names are off and the loggers stay plain)."""
    return [
        "",
        "## Torch names the runtime reads",
        "",
        "The runtime reads these names of torch's logging, all in its `torch_api` module and "
        "checked when torch is loaded: if one is missing, ExecuTorch's TORCH_LOGS names are off "
        "(one line on stderr when somebody asked for them) and the loggers stay plain library "
        "loggers. Most are private: a torch upgrade that renames one shows up there.",
        "",
        *(f"- `{name}`" for name in TORCH_NAMES),
    ]


def risks(tally: Tally) -> list[str]:
    """What the runtime brings into every process, and where it can fail: said before a
    reviewer has to find it."""
    entry_point = tally.entry_point or "its name"
    whose = "the follow-up hook patch, not this series" if tally.vendored else "et-log's install"
    out = [
        "",
        "## What the runtime brings into every process",
        "",
        f"- **The `torch.backends` entry point `{entry_point}`** ({whose}): torch "
        "calls it inside every `import torch` in an environment where ExecuTorch is installed, "
        "so that `TORCH_LOGS=xnnpack` is known before torch parses it: torch imports the hook's "
        "module (and the `executorch` package around it) each time; without TORCH_LOGS the hook "
        "returns at once and imports nothing more; with TORCH_LOGS set (to any name, torch's own "
        "too) it imports the runtime inside a `try`: a fault of the runtime is one line on "
        "stderr, and `import torch` fails then only if TORCH_LOGS names an ExecuTorch component "
        "(torch refuses a name nobody registered, as it does without the hook). What it "
        "cannot catch is its own module missing: after `pip install -e .` on this branch and a "
        "checkout of a commit before it, torch fails every `import torch` with `RuntimeError: "
        f"Failed to load the backend extension: {entry_point}` until `pip install -e .` runs "
        "again (or `TORCH_DEVICE_BACKEND_AUTOLOAD=0` is set). That is torch's rule for every "
        "entry point of the group; the torch change that makes it a warning is proposed upstream "
        "(pytorch/pytorch#173759).",
        "- **Without the entry point** (Buck builds, `TORCH_DEVICE_BACKEND_AUTOLOAD=0`), "
        "`TORCH_LOGS=<an ExecuTorch name>` fails inside `import torch`, as any name torch does not "
        "know does today; the Python API (ExecuTorch's `set_logs`, or torch's with the module "
        "path) works.",
        "- **torch owns the names once somebody asks for them** (TORCH_LOGS naming one, or "
        "ExecuTorch's `set_logs`): from then on any `torch._logging.set_logs(...)` call, even one "
        "naming only dynamo, sets ExecuTorch's loggers up as it sets its own, their records going "
        "to torch's handler, not the application's. Until then torch does not know the names: "
        "an application that sets no TORCH_LOGS of ExecuTorch's keeps every record, whatever "
        "else it asks torch for. ExecuTorch's `set_logs` is torch's `set_logs` for ExecuTorch's "
        "names it is given: it replaces ExecuTorch's earlier settings and keeps torch's own "
        "(`set_logs('+xnnpack')` after `torch._logging.set_logs(dynamo=logging.INFO)` keeps "
        "dynamo at INFO), and the names it is not given stay plain library loggers.",
        "- **Warnings**: the migration changes no `warnings.warn` call, and no logging setting "
        "decides whether a warning is raised: filters, `-W` and `pytest.warns` see every warning "
        "as before, whatever `TORCH_LOGS` or `set_logs` say.",
        "- **Private torch names**: the runtime reads the names listed below, checked when torch "
        "is loaded; a torch without one leaves ExecuTorch's loggers plain (one line on stderr "
        "only when somebody asked for ExecuTorch's names).",
    ]
    if any(r.recipe == "partition-report" and r.status == "applied" for r in tally.recipes()):
        out.append(
            f"- **A new environment variable**, `{RECORD_ENV}` (the partition-report recipe): "
            "when set to a path, each partitioner run appends its delegation record (JSON) there; "
            "unset, nothing is written."
        )
    if any(
        r.recipe.startswith("critical-operators") and r.status == "applied" for r in tally.recipes()
    ):
        out.append(
            f"- **A second environment variable**, `{CRITICAL_ENV}` (the critical-operators "
            "recipes): operator patterns (`aten.sort.*,aten.cumsum.*`) a user adds to each "
            "backend's table, so the WARNING names them too when a partitioner leaves them on the "
            "CPU, whatever the reason: one the user named is named even when a code says they "
            "kept it off the backend (`*.USER_EXCLUDED`, `NO_CONFIG`), which a table's operator "
            "is not; a partitioner built from configs, XNNPACK's, gives `NO_CONFIG` for an "
            "operator it never takes too (`aten.sort`)."
        )
    return out
