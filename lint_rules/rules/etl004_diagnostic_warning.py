"""ETL004: a diagnostic `warnings.warn(...)` (not a deprecation signal)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts, has_star_args, last_identifier
from lint_rules.rules.base import Example, Rule, Site

CODE = "ETL004"
WARN_KEYWORDS = frozenset({"message", "category", "stacklevel"})


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    for call in facts.calls_to("warnings.warn"):
        site = _warn_site(call, facts)
        if site is not None:
            yield site


def _warn_site(call: ast.Call, facts: ModuleFacts) -> Site | None:
    """None for API signals (deprecations); else a site, fixable when plain."""
    if has_star_args(call):
        return Site(call, CODE, False, "star-args in warnings.warn(): review")
    kwargs = {k.arg: k.value for k in call.keywords}
    message = call.args[0] if call.args else kwargs.get("message")
    category = call.args[1] if len(call.args) > 1 else kwargs.get("category")
    if message is not None and isinstance(message, ast.Call):
        name = last_identifier(message)
        if facts.is_api_signal(name):
            return None
        if facts.is_warning_class(name):
            return Site(call, CODE, False, "a Warning instance as the message: review")
    if category is not None:
        name = None if isinstance(category, ast.Call) else last_identifier(category)
        if facts.is_api_signal(name):
            return None
        if not facts.is_warning_class(name):
            return Site(call, CODE, False, "category not known statically: review")
    extra = set(kwargs) - WARN_KEYWORDS
    if extra or len(call.args) > 3 or message is None:
        what = ", ".join(sorted(str(e) for e in extra)) or "arguments"
        return Site(call, CODE, False, f"unusual warnings.warn() {what}: review")
    return Site(call, CODE)


RULE = Rule(
    code="ETL004",
    name="diagnostic-warning",
    message="diagnostic warnings.warn(); use warn_once(logger, ...) from the et-log runtime",
    fixable=True,
    what_it_does=(
        "Flags `warnings.warn(...)` used for diagnostics: no category, `UserWarning`, "
        "`RuntimeWarning` or any category other than the API signals. `DeprecationWarning`, "
        "`PendingDeprecationWarning`, `FutureWarning` and their subclasses defined in the same "
        "file are never flagged."
    ),
    why_bad=(
        "A diagnostic sent through `warnings` bypasses component logging: it cannot be enabled "
        "or silenced per backend and is easily turned into an error by a `-W error` test run."
    ),
    use_instead=(
        "`warn_once(logger, message)`: a warning on the module logger, shown once per call site "
        "and message, which is what `warnings` did by default."
    ),
    fix_safety=(
        "Safe for a plain message with optional category and stacklevel (a non-`UserWarning` "
        "category is kept as `category=`). Left for review: star-args, a category not known "
        "statically, a `Warning` instance as the message, `source=`/`skip_file_prefixes=`."
    ),
    detect=detect,
    needles=(b"warn",),
    spellings=(r"warn\b",),
    valid=(
        Example(
            code='import warnings\n\n\ndef f():\n    warnings.warn("old", DeprecationWarning)\n'
        ),
        Example(
            code='import warnings\n\n\ndef f():\n    warnings.warn("x", category=FutureWarning)\n'
        ),
        Example(
            code=(
                "import warnings\n\n\ndef f():\n"
                '    warnings.warn("soon", PendingDeprecationWarning, stacklevel=2)\n'
            )
        ),
        Example(
            code=(
                "import warnings\n\n\nclass ExirDeprecation(DeprecationWarning):\n    pass\n\n\n"
                "class OldPassDeprecation(ExirDeprecation):\n    pass\n\n\n"
                'def f():\n    warnings.warn("gone", OldPassDeprecation)\n'
            ),
            note="subclasses defined in the same file",
        ),
        Example(
            code='import warnings\n\n\ndef f():\n    warnings.warn(DeprecationWarning("old"))\n',
            note="a deprecation instance as the message",
        ),
        Example(
            code='import warnings\n\nwarnings.simplefilter("ignore", UserWarning)\n',
            note="filters are not warnings",
        ),
    ),
    invalid=(
        Example(
            code='import warnings\n\n\ndef f():\n    warnings.warn("m")\n',
            fixed=(
                "from et_log_runtime import get_logger, warn_once\n\n"
                "logger = get_logger(__name__)\n\n\n"
                'def f():\n    warn_once(logger, "m")\n'
            ),
            at=((5, 5),),
        ),
        Example(
            code=(
                "import warnings\n\n\n"
                'def f():\n    warnings.warn("m", RuntimeWarning, stacklevel=2)\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger, warn_once\n\n"
                "logger = get_logger(__name__)\n\n\n"
                'def f():\n    warn_once(logger, "m", category=RuntimeWarning, stacklevel=2)\n'
            ),
            note="non-UserWarning category and stacklevel kept",
            at=((5, 5),),
        ),
        Example(
            code='import warnings\n\n\ndef f():\n    warnings.warn("m", UserWarning)\n',
            fixed=(
                "from et_log_runtime import get_logger, warn_once\n\n"
                "logger = get_logger(__name__)\n\n\n"
                'def f():\n    warn_once(logger, "m")\n'
            ),
            note="UserWarning is the default category",
            at=((5, 5),),
        ),
        Example(
            code=(
                'from warnings import warn as w\n\n\ndef f(x):\n    w(f"bad {x}", stacklevel=1)\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger, warn_once\n\n"
                "logger = get_logger(__name__)\n\n\n"
                'def f(x):\n    warn_once(logger, f"bad {x}", stacklevel=1)\n'
            ),
            note="imported function under an alias",
            at=((5, 5),),
        ),
        Example(
            code=(
                "import logging\nimport warnings\n\nlogger = logging.getLogger(__name__)\n\n\n"
                'def f():\n    warnings.warn("m")\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger, warn_once\n\n"
                "logger = get_logger(__name__)\n\n\n"
                'def f():\n    warn_once(logger, "m")\n'
            ),
            note="the existing module logger is reused",
            at=((8, 5),),
        ),
        Example(
            code="import warnings\n\n\ndef f(args):\n    warnings.warn(*args)\n",
            fixed=None,
            note="star-args: review",
            at=((5, 5),),
        ),
        Example(
            code='import warnings\n\n\ndef f():\n    warnings.warn(UserWarning("m"))\n',
            fixed=None,
            note="a Warning instance as the message: review",
            at=((5, 5),),
        ),
        Example(
            code='import warnings\n\n\ndef f(kind):\n    warnings.warn("m", kind)\n',
            fixed=None,
            note="category not known statically: review",
            at=((5, 5),),
        ),
    ),
)
