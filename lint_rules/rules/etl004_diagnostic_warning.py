"""ETL004: a diagnostic `warnings.warn(...)` (not a deprecation signal)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts, has_star_args, last_identifier
from lint_rules.rules.base import Example, Rule, Site
from lint_rules.warning_classes import SIGNAL, UNKNOWN, Categories

# What `warn(logger, ...)` accepts after the logger, as `warnings.warn` names them.
WARN_ARGUMENTS = ("message", "category", "stacklevel", "source")
STAR_ARGS = "star-args in warnings.warn(): review"
UNKNOWN_CATEGORY = (
    "category {} is defined where the lint cannot read it: if it subclasses DeprecationWarning, "
    "PendingDeprecationWarning or FutureWarning it is an API signal and stays as it is; else "
    "warn(logger, ...) keeps it a warning: review"
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
    """None for API signals; else a site, fixable when every argument has a place in
    `warn(logger, ...)` and the category is known to be a diagnostic."""
    if has_star_args(call):
        return Site(call, review=STAR_ARGS)
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
    extra = sorted(str(k) for k in set(kwargs) - set(WARN_ARGUMENTS))
    if extra or len(call.args) > len(WARN_ARGUMENTS) or message is None:
        what = ", ".join(extra) or "arguments"
        return Site(call, review=f"unusual warnings.warn() {what}: review")
    return Site(call)


def _is_instance(message: ast.Call, categories: Categories) -> bool:
    """`UserWarning("m")`, `ExirDeprecation(...)`: a call of a warning class, not of a function
    building the text."""
    name = last_identifier(message.func) or ""
    return categories.kind(message.func) != UNKNOWN or name.endswith("Warning")


RULE = Rule(
    code="ETL004",
    name="diagnostic-warning",
    message=(
        "diagnostic warnings.warn(); use warn(logger, ...) from the et-log runtime: still a "
        "warning, silenced with its component"
    ),
    fixable=True,
    command="MigrateWarnings",
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
        "Such a warning lives outside component logging: `TORCH_LOGS=-<backend>`, which "
        "silences everything else of the backend but errors, cannot silence it."
    ),
    use_instead=(
        "`warn(logger, <the same arguments>)`: the runtime calls `warnings.warn` itself, so "
        "filters, `-W error`, `pytest.warns`, `catch_warnings(record=True)`, the category and "
        "the once-per-location registry behave exactly as before, and Python displays it as "
        "before; a level above WARNING that TORCH_LOGS or `set_logs` put on its component "
        "(`-<backend>`) silences it. The helper reads only that switch, never the logger's "
        "effective level: an application whose logging is at ERROR still sees the warning."
    ),
    fix_safety=(
        "Safe: the arguments are kept as written (positional stays positional, keywords stay "
        "keywords) with the module logger first, and only the call changes. Left for review: "
        "star-args, a category that is not provably a diagnostic (a variable, or a class "
        "defined where the lint cannot read it: it may be an API signal), "
        "`skip_file_prefixes=` and other arguments `warn` does not take."
    ),
    site="a diagnostic `warnings.warn(...)`",
    after="`warn(logger, <the same arguments>)`: still a warning, displayed by Python as before (filters, `-W error`, `pytest.warns`, the category unchanged); `TORCH_LOGS=-<component>` silences it",
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
            fixed="""
                from et_log_runtime import get_logger, warn

                logger = get_logger(__name__)


                def f():
                    warn(logger, "m")
            """,
            at=((5, 5),),
        ),
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn("m", RuntimeWarning, stacklevel=2)
            """,
            fixed="""
                from et_log_runtime import get_logger, warn

                logger = get_logger(__name__)


                def f():
                    warn(logger, "m", RuntimeWarning, stacklevel=2)
            """,
            note="the arguments as written: category and stacklevel kept where they were",
            at=((5, 5),),
        ),
        Example(
            code="""
                import warnings


                def f():
                    warnings.warn("m", category=UserWarning)
            """,
            fixed="""
                from et_log_runtime import get_logger, warn

                logger = get_logger(__name__)


                def f():
                    warn(logger, "m", category=UserWarning)
            """,
            note="a keyword stays a keyword",
            at=((5, 5),),
        ),
        Example(
            code="""
                from warnings import warn as w


                def f(x):
                    w(f"bad {x}", stacklevel=1)
            """,
            fixed="""
                from et_log_runtime import get_logger, warn

                logger = get_logger(__name__)


                def f(x):
                    warn(logger, f"bad {x}", stacklevel=1)
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
            fixed="""
                from et_log_runtime import get_logger, warn

                logger = get_logger(__name__)


                def f():
                    warn(logger, "m")
            """,
            note="`warn` from `warnings` gives its name to the runtime's `warn`",
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging
                import warnings

                logger = logging.getLogger(__name__)


                def f():
                    warnings.warn("m")
            """,
            fixed="""
                from et_log_runtime import get_logger, warn

                logger = get_logger(__name__)


                def f():
                    warn(logger, "m")
            """,
            note="the existing module logger is reused",
            at=((8, 5),),
        ),
        Example(
            code="""
                import warnings


                class ShapeWarning(RuntimeWarning):
                    pass


                def f():
                    warnings.warn(ShapeWarning("m"))
            """,
            fixed="""
                from et_log_runtime import get_logger, warn

                logger = get_logger(__name__)


                class ShapeWarning(RuntimeWarning):
                    pass


                def f():
                    warn(logger, ShapeWarning("m"))
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
            fixed=None,
            note="star-args: review",
            at=((5, 5),),
        ),
        Example(
            code="""
                import warnings


                def f(kind):
                    warnings.warn("m", kind)
            """,
            fixed=None,
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
            fixed=None,
            note="a category from a module outside the project: it may be an API signal, review",
            at=((7, 5),),
        ),
    ),
)
