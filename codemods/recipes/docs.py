"""Write docs/codemod.md's table of recipes from the recipes themselves:
`python -m codemods.recipes.docs [--check]` (`--check`: exit 1 when the table is stale)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from codemods.recipes import RECIPES
from lint_rules.doc_section import with_section

CODEMOD_MD = Path(__file__).resolve().parents[2] / "docs" / "codemod.md"


def table() -> str:
    """One row per recipe, in the order they run."""
    rows = [
        "| recipe | file | change | what users get, or see differently | behaviour change |",
        "|---|---|---|---|---|",
    ]
    rows += [
        f"| `{r.name}` | `{r.path}` | {r.change} | {r.effect} "
        f"| {'**yes**: take or leave' if r.behaviour_change else 'no'} |"
        for r in RECIPES
    ]
    return "\n".join(rows)


def render(text: str) -> str:
    """`text` (codemod.md) with the table between its markers replaced."""
    return with_section(text, "recipes", table(), where=str(CODEMOD_MD))


def main(argv: Sequence[str] | None = None) -> int:
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    text = CODEMOD_MD.read_text(encoding="utf-8")
    new = render(text)
    if check:
        if new != text:
            sys.stderr.write(f"{CODEMOD_MD} is stale: run python -m codemods.recipes.docs\n")
            return 1
        return 0
    if new != text:
        CODEMOD_MD.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
