"""The changes of default output (class B) as the report and the commit messages list them: for
each kind once, what its rewrites change in general (its fix's `change`), then each site with the
line a program that configured nothing saw and the line it will see (the site's note)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from codemods.fixes import FIXES
from codemods.report.tally import FileOutcome, RecipeRow, SiteRecord, note_text

# a mention already qualified by its mode ("... where torch loads the runtime's hook") stays
_NAME = r"[+-]?[\w<>]+(?:\.[\w<>]+)*"  # `+xnnpack`, `executorch.exir`, `<backend>`
_SETTING = re.compile(
    rf"TORCH_LOGS=({_NAME}(?:,{_NAME})*)(?![\w<>]|\.[\w<>])(?!`? where torch loads)"
)
_NAMED = re.compile(r"TORCH_LOGS(?![=\w])")
VENDORED_API = (
    "`set_logs` is `executorch.logs.set_logs`, called after `import torch` (`TORCH_LOGS` "
    "names ExecuTorch's components once the hook's pull request, the last, lands)."
)


def switched(text: str, vendored: bool) -> str:
    """`text` with the switch a user of the migrated tree has: with a vendored runtime, whose
    torch hook is a follow-up the tree lacks, `TORCH_LOGS=+xnnpack` would fail inside `import
    torch`, so the text names `set_logs('+xnnpack')`; with et-log's own runtime it is as written."""
    if not vendored:
        return text
    text = _SETTING.sub(lambda match: f"set_logs('{match.group(1)}')", text)
    return _NAMED.sub("set_logs", text)


def recipe_item(row: RecipeRow, vendored: bool = False) -> str:
    """A behaviour-changing recipe as "Changes to look at" and the commit messages list it,
    with what its plan found (the prints it removes, by line)."""
    return switched(f"- {row.recipe} ({row.component}, `{row.path}`): {row.what}", vendored)


def change_item(
    outcome: FileOutcome, site: SiteRecord, vendored: bool = False, in_commit: bool = False
) -> str:
    """One class B rewrite: where (`in_commit`: its line as its commit leaves the file), which
    kind, and its note (before and after)."""
    note = note_text(site.reason, outcome.component)
    where = site.where_in_commit if in_commit else site.where
    return switched(f"- `{where}` {site.code}: {note}", vendored)


def kind_changes(codes: Iterable[str], vendored: bool = False) -> list[str]:
    """What each kind among `codes` changes beyond its sites' lines, once per kind."""
    return [
        switched(f"- every {code} rewrite: {FIXES[code].change}", vendored)
        for code in sorted(set(codes))
        if code in FIXES and FIXES[code].change
    ]
