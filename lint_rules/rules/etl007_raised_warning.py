"""ETL007: a warning class raised as an exception (`raise SomeWarning(...)`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts, last_identifier
from lint_rules.rules.base import Example, Rule, Site
from lint_rules.warning_classes import SIGNAL, Categories


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    categories: Categories | None = None
    for node in facts.raises:
        if node.exc is None:
            continue
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        name = last_identifier(exc) or ""
        if not facts.is_warning_class(name):
            continue
        categories = categories or Categories(facts, config)
        if categories.kind(exc) != SIGNAL:
            yield Site(node, review="raise an error or log a warning: review")


RULE = Rule(
    code="ETL007",
    name="raised-warning",
    message="a warning class raised as an exception; raise an error or log a warning",
    fixable=False,
    what_it_does=(
        "Flags `raise X(...)` where `X` is a diagnostic warning class: a built-in `Warning` "
        "subclass, a class of the same file derived from one, or an imported name ending in "
        "`Warning`. Deprecation/PendingDeprecation/Future warnings and their subclasses, also "
        "those defined in another module of the project (read as ETL004 reads them), are API "
        "signals and are not flagged."
    ),
    why_bad=(
        "Raising a warning aborts the operation like an error, yet callers and filters treat "
        "warning classes as non-fatal: either it should be an error, or it should be logged "
        "and execution should go on."
    ),
    use_instead="`raise SomeError(...)` if it must stop, else `warnings.warn(...)`.",
    fix_safety="Never fixed automatically: the two replacements mean different things.",
    site="warnings raised as exceptions (`raise UserWarning(...)`)",
    after="listed for review, never rewritten",
    detect=detect,
    needles=(b"Warning",),
    spellings=(r"raise\s+[\w.]*Warning", r"class\s+\w+\s*\([^)]*Warning"),
    valid=(
        Example(
            code="""
                    def f():
                        raise ValueError('bad')
                """
        ),
        Example(
            code="""
                def f():
                    raise DeprecationWarning('old API')
            """,
            note="API signals are never flagged",
        ),
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn('w', RuntimeWarning)
            """,
            note="warned, not raised (that is ETL004)",
        ),
    ),
    invalid=(
        Example(
            code="""
                    def f():
                        raise UserWarning('partition skipped')
                """,
            at=((2, 5),),
        ),
        Example(
            code="""
                def f():
                    raise RuntimeWarning
            """,
            note="class without a call",
            at=((2, 5),),
        ),
        Example(
            code="""
                class QuantizationWarning(UserWarning):
                    pass


                def f():
                    raise QuantizationWarning('fallback')
            """,
            note="a subclass defined in the same file",
            at=((6, 5),),
        ),
        Example(
            code="""
                from executorch.exir.errors import ExportWarning


                def f():
                    raise ExportWarning('odd')
            """,
            note="an imported name ending in Warning",
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging


                def check(ok):
                    if not ok:
                        logging.warning("partition skipped")
                        raise UserWarning("partition skipped")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def check(ok):
                    if not ok:
                        logger.warning("partition skipped")
                        raise UserWarning("partition skipped")
            """,
            note="the logging call beside it is migrated (ETL002); the raise stays for review",
            at=((7, 9),),
        ),
    ),
)
