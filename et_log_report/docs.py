"""Write the schema and the reason-code table into docs/delegation.md from the code:
``python -m et_log_report.docs [--check]`` (``--check``: exit 1 if the page is stale)."""

from __future__ import annotations

import sys
from pathlib import Path

from et_log_docs.sections import regenerate, with_section

from .codes import BACKENDS, CODES
from .record import SCHEMA, SCHEMA_FIELDS

PAGE = Path(__file__).resolve().parent.parent / "docs" / "delegation.md"


def render_schema() -> str:
    lines = [f"Schema version {SCHEMA}. Readers accept fields they do not know; a change that "]
    lines[0] += "removes or changes a field gets a new version."
    for kind, fields in SCHEMA_FIELDS.items():
        lines += ["", f"**{kind}**", "", "| field | type | meaning |", "|---|---|---|"]
        for name, type_, meaning in fields:
            shown = type_.removesuffix("?") + (" or null" if type_.endswith("?") else "")
            lines.append(f"| `{name}` | {shown} | {meaning} |")
    return "\n".join(lines)


def render_codes() -> str:
    lines: list[str] = []
    for prefix, who in BACKENDS.items():
        entries = [entry for entry in CODES if entry.prefix == prefix]
        label = f"`{prefix}.`" if prefix else "no prefix"
        lines += ["", f"#### {who} ({label})", "", "| code | cause | what you can do |"]
        lines.append("|---|---|---|")
        lines += [f"| `{e.code}` | {e.cause} | {e.action} |" for e in entries]
    return "\n".join(lines[1:])


SECTIONS = {"schema": render_schema, "reason-codes": render_codes}


def render(text: str) -> str:
    """``text`` with each generated section written anew."""
    for name, make in SECTIONS.items():
        text = with_section(text, name, make(), where=str(PAGE))
    return text


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    return regenerate(PAGE, render, args, "python -m et_log_report.docs")


if __name__ == "__main__":
    sys.exit(main())
