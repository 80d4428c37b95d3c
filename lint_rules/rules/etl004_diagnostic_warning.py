"""ETL004: a diagnostic `warnings.warn(...)` (not a deprecation signal)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts, last_identifier
from lint_rules.rules.base import Example, Rule, Site
from lint_rules.warning_classes import SIGNAL, UNKNOWN, Categories

KEPT = "kept as written: a warning the user can act on stays one; a lowering message may move to the component's logger in its owner's commit"
UNKNOWN_CATEGORY = (
    "category {} is defined where the lint cannot read it (a subclass of DeprecationWarning, "
    "PendingDeprecationWarning or FutureWarning is an API signal): " + KEPT
)


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    calls = facts.calls_to("warnings.warn")
    if not calls:
        return
    categories = Categories(facts, config)
    for call in calls:
        site = _warn_site(call, categories)
        if site is not None:
            yield site


def _warn_site(call: ast.Call, categories: Categories) -> Site | None:
    """None for API signals; else the site (a note when its category cannot be read)."""
    kwargs = {k.arg: k.value for k in call.keywords}
    message = call.args[0] if call.args else kwargs.get("message")
    category = call.args[1] if len(call.args) > 1 else kwargs.get("category")
    if isinstance(message, ast.Call) and _is_instance(message, categories):
        category = message.func  # a Warning instance: its class is the category
    kind = categories.kind(category)
    if kind == SIGNAL:
        return None
    if kind == UNKNOWN:
        name = ast.unparse(category) if category is not None else "?"
        return Site(call, review=UNKNOWN_CATEGORY.format(f"`{name}`"))
    return Site(call, review=KEPT)


def _is_instance(message: ast.Call, categories: Categories) -> bool:
    """`UserWarning("m")`, `ExirDeprecation(...)`: a call of a warning class, not of a function
    building the text."""
    name = last_identifier(message.func) or ""
    return categories.kind(message.func) != UNKNOWN or name.endswith("Warning")


RULE = Rule(
    code="ETL004",
    name="diagnostic-warning",
    message=(
        "diagnostic warnings.warn() in library code: kept as written; its owner decides whether "
        "it is a warning to the user or a line for the component's logger"
    ),
    fixable=False,
    what_it_does=(
        "Flags `warnings.warn(...)` used for diagnostics: no category, `UserWarning`, "
        "`RuntimeWarning` or another built-in diagnostic category, or a subclass of one. "
        "Never flagged: API signals, i.e. `DeprecationWarning`, `PendingDeprecationWarning`, "
        "`FutureWarning` and any subclass of them, however the category is reached: "
        "`import warnings as _w`, `from warnings import warn`, a class of the same file, or "
        "an attribute through a module alias (`_exir_warnings.ExperimentalWarning`) whose "
        "module the lint reads from the project's own files (never importing it)."
    ),
    why_bad=(
        "Often nothing: Python's logging guide keeps `warnings.warn` for an issue the user can "
        "avoid by changing their code, and filters, `-W error` and `pytest.warns` rely on it. "
        "A warning that only reports what the library did during a lowering is a log line in "
        "disguise: it cannot be turned down with its component, and it fails programs that run "
        "with `-W error`."
    ),
    use_instead=(
        "Keep `warnings.warn` where the user can act. Move a lowering message to "
        "`logger.warning(...)` on the module's logger in its owner's own commit, and change the "
        "tests that catch it (`pytest.warns`, `assertWarns`) in the same commit."
    ),
    fix_safety=(
        "No automatic fix: a rewrite would change what a warnings filter, `-W error`, "
        "`pytest.warns` or a recorder sees, and whether a warning is the user's to act on is "
        "its owner's call. The migration leaves every such call exactly as written."
    ),
    site="a diagnostic `warnings.warn(...)`",
    after="unchanged: a warning, as before; its owner may move a lowering message to the component's logger",
    detect=detect,
    needles=(b"warn",),
    spellings=(r"warn\b",),
    valid=(
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn("old", DeprecationWarning)
            """
        ),
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn("x", category=FutureWarning)
            """
        ),
        Example(
            code="""
                import warnings as _w


                def f():
                    _w.warn("soon", PendingDeprecationWarning, stacklevel=2)
            """,
            note="the module under an alias",
        ),
        Example(
            code="""
                from warnings import warn


                def f():
                    warn("renamed", FutureWarning)
            """,
            note="the function imported from `warnings`",
        ),
        Example(
            code="""
                import warnings


                class ExirDeprecation(DeprecationWarning):
                    pass


                class OldPassDeprecation(ExirDeprecation):
                    pass


                def f():
                    warnings.warn("gone", OldPassDeprecation)
            """,
            note="subclasses defined in the same file",
        ),
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn(DeprecationWarning("old"))
            """,
            note="a deprecation instance as the message",
        ),
        Example(
            code="""
                import warnings

                warnings.simplefilter("ignore", UserWarning)
            """,
            note="filters are not warnings",
        ),
    ),
    invalid=(
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn("m")
            """,
            at=((5, 5),),
        ),
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn("m", RuntimeWarning, stacklevel=2)
            """,
            note="a diagnostic category; the migration leaves the call as written",
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging
                import warnings


                def f(name):
                    logging.info("lowering %s", name)
                    warnings.warn("slow path", RuntimeWarning, stacklevel=2)
            """,
            fixed="""
                import warnings

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f(name):
                    logger.info("lowering %s", name)
                    warnings.warn("slow path", RuntimeWarning, stacklevel=2)
            """,
            note="the root call beside it moves to the module's logger; the warning stays as written",
            at=((7, 5),),
        ),
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn("m", category=UserWarning)
            """,
            note="a category given by keyword",
            at=((5, 5),),
        ),
        Example(
            code="""
                from warnings import warn as w


                def f(x):
                    w(f"bad {x}", stacklevel=1)
            """,
            note="imported function under an alias",
            at=((5, 5),),
        ),
        Example(
            code="""
                from warnings import warn


                def f():
                    warn("m")
            """,
            note="`warn` imported from `warnings`",
            at=((5, 5),),
        ),
        Example(
            code="""
                import warnings


                class ShapeWarning(RuntimeWarning):
                    pass


                def f():
                    warnings.warn(ShapeWarning("m"))
            """,
            note="an instance of a diagnostic class of the same file",
            at=((9, 5),),
        ),
        Example(
            code="""
                import warnings


                def f(args):
                    warnings.warn(*args)
            """,
            note="star-args: review",
            at=((5, 5),),
        ),
        Example(
            code="""
                import warnings


                def f(kind):
                    warnings.warn("m", kind)
            """,
            note="category not known statically: review",
            at=((5, 5),),
        ),
        Example(
            code="""
                import warnings

                import vendor.warnings_kit as kit


                def f():
                    warnings.warn("m", kit.ExperimentalWarning)
            """,
            note="a category from a module outside the project: it may be an API signal, review",
            at=((7, 5),),
        ),
    ),
)
