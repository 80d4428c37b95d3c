"""Write docs/codemod.md's table of recipes from the recipes themselves:
`python -m codemods.recipes.docs [--check]` (`--check`: exit 1 when the table is stale)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from codemods.recipes import RECIPES
from et_log_docs.sections import regenerate, with_section

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
    args = sys.argv[1:] if argv is None else argv
    return regenerate(CODEMOD_MD, render, args, "python -m codemods.recipes.docs")


if __name__ == "__main__":
    sys.exit(main())
