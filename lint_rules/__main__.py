"""`python -m lint_rules PATH...`."""

from __future__ import annotations

from lint_rules.cli import run

run()
