"""The migration: libcst rewrites of the fixable site kinds (`codemods.fixes`), guarded and reported.

Entry points: ``python -m codemods.migrate PATH...`` (the driver), :func:`migrate_source` (one
module's text, used by the driver's workers and the tests) and the libcst codemod commands in
``codemods.commands``. Each kind's rewrite is one module of ``codemods.fixes``; the stages live in
folders named after them (``analyse``, ``plan``, ``rewrite``, ``guard``, ``write``, ``report``;
``pipeline`` runs one module through them); the public names below are loaded lazily so
``import codemods`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from codemods.pipeline import Rewritten, SourceResult, migrate_source
    from codemods.shared.review import Review, SiteReview

__all__ = ["Review", "Rewritten", "SiteReview", "SourceResult", "migrate_source"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from codemods import pipeline  # it imports Review and SiteReview too

        return getattr(pipeline, name)
    raise AttributeError(f"module 'codemods' has no attribute {name!r}")
