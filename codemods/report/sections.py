"""The report's sections on what else a reviewer must know: the module namespaces that change,
the Buck edits left to a person, and the torch names the runtime reads."""

from __future__ import annotations

from codemods.report.tally import Tally
from et_log_runtime.torch_api import TORCH_NAMES
from lint_rules.wording import count

SHOWN = 12  # modules listed in full per namespace change; the rest counted


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
