"""The shape every site-kind module shares: its code, message, docs and examples."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Example:
    """A whole module of source. For an invalid example `fixed` is the codemod's exact output
    for the whole module, or None when the codemod leaves the module unchanged (every site in
    it goes to review)."""

    code: str
    fixed: str | None = None
    # Where the snippet pretends to live; library code by default.
    path: str = "executorch/exir/example.py"
    note: str = ""


@dataclass(frozen=True)
class Rule:
    """One site kind, ETL001-ETL007."""

    code: str
    name: str
    message: str
    fixable: bool
    what_it_does: str
    why_bad: str
    use_instead: str
    fix_safety: str
    valid: tuple[Example, ...] = field(default_factory=tuple)
    invalid: tuple[Example, ...] = field(default_factory=tuple)
