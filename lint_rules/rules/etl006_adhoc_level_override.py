"""ETL006: an ad-hoc level override on a library logger (`logger.setLevel(...)`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.rules._etl006_invalid_examples import INVALID
from lint_rules.rules._own_setup import own_logging_setup, private_output
from lint_rules.rules.base import Example, Rule, Site

CODE = "ETL006"
# logging's level names (not imported: the lint's start-up time matters in pre-commit)
_LEVELS = {"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARNING": 30, "INFO": 20, "DEBUG": 10}
_LEVELS["NOTSET"] = 0
_NAMES = {level: name for name, level in _LEVELS.items() if name != "FATAL"}
FLAG_TEST = (ast.Name, ast.Attribute)


def level_name(node: ast.expr, facts: ModuleFacts) -> str | None:
    """`DEBUG` for `logging.DEBUG`, `10` or `"DEBUG"`; None for a level computed at run time."""
    qualname = facts.qualname(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    if qualname and qualname.startswith("logging.") and qualname[8:] in _LEVELS:
        return qualname[8:]
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return _NAMES.get(node.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.upper() if node.value.upper() in _LEVELS else None
    return None


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    for call, receiver in facts.receivers_of("setLevel"):
        if facts.is_library_logger(receiver):
            site = _classify(call, receiver, facts, config)
            if site is not None:
                yield site


def _classify(
    call: ast.Call, receiver: ast.expr, facts: ModuleFacts, config: Config
) -> Site | None:
    if len(call.args) != 1 or call.keywords:
        return Site(call, review="unusual setLevel() arguments: review")
    level = level_name(call.args[0], facts)
    if level is None:
        return Site(call, review=_runtime_level_reason(call, receiver, facts, config))
    if id(call) in facts.module_level_calls:
        if isinstance(receiver, ast.Name) and _is_module_logger(receiver.id, facts):
            comment = facts.comment_of(call)
            if comment:
                return Site(call, review=_documented_reason(comment, level, facts, config))
            read = _level_read(receiver.id, facts)
            if read:
                return Site(
                    call,
                    review=f"line {read}: the module's code reads this logger's level "
                    "(`getEffectiveLevel()`): removing the level would change what that code "
                    "does, not only which lines show. Suggestion: keep the level, or gate that "
                    "code on its own switch before removing it",
                )
            # a level at INFO or WARNING over DEBUG calls: removed, every application at DEBUG
            # would get them (exir's graph after each pass, a line per node)
            quiet = calls_on(receiver.id, "debug", facts) if level in ("WARNING", "INFO") else []
            if quiet:
                return Site(call, review=_debug_reason(level, quiet))
            return Site(call)  # the component decides now: removed
        return Site(call, review="override on a logger named explicitly: review")
    if behind_a_flag(call, facts):
        if _named_for_this_module(receiver, facts):
            return None  # the caller's switch: it works in both logging modes, as it is
        return Site(call, review="override behind a flag on a logger named explicitly: review")
    return Site(call, review="override inside a function, not behind a flag: review")


def calls_on(name: str, method: str, facts: ModuleFacts) -> list[ast.Call]:
    """The ``method`` calls (``"debug"``, ``"info"``) with arguments on logger ``name``, in the
    order ``facts`` holds them."""
    return [
        call
        for call, receiver in facts.receivers_of(method)
        if isinstance(receiver, ast.Name) and receiver.id == name and call.args
    ]


def _debug_reason(level: str, calls: list[ast.Call]) -> str:
    calls = sorted(calls, key=lambda call: call.lineno)
    said = ", ".join(f"line {c.lineno}" for c in calls[:3])
    more = f" and {len(calls) - 3} more" if len(calls) > 3 else ""
    return (
        f"a level at {level} over {len(calls)} DEBUG call(s) ({said}{more}): removing it would "
        "show them to every application at DEBUG (a graph dump, a line per node or pass): "
        "review. Suggestion: put a dump on an artifact (`get_artifact_logger`), gate it on its "
        "own switch, or keep the level"
    )


def _level_read(name: str, facts: ModuleFacts) -> int:
    """The first line reading logger ``name``'s level as a value (``getEffectiveLevel()``,
    compared or kept), 0 if none: code that acts on it (XNNPACK's serializer writes a file at
    DEBUG) is more than a level gate on a line."""
    lines = [
        call.lineno
        for call, receiver in facts.receivers_of("getEffectiveLevel")
        if isinstance(receiver, ast.Name) and receiver.id == name
    ]
    return min(lines, default=0)


def _documented_reason(comment: str, level: str, facts: ModuleFacts, config: Config) -> str:
    """A level its author explained (a comment, a ticket): users may rely on it, so it is not
    removed silently."""
    component = config.component_for(facts.path)
    comment = comment if len(comment) <= 60 else comment[:57] + "..."
    return (
        f"a documented level ({level}; its comment: '{comment}'): review. Suggestion: users may "
        f"rely on it; keep it (a module logger's own level works whether "
        f"TORCH_LOGS is used or not), or delete it and its comment so that "
        f"set_logs('{component}') decides"
    )


def behind_a_flag(call: ast.Call, facts: ModuleFacts) -> bool:
    """`if verbose: logger.setLevel(...)` (the call is a whole statement of the `if` body)."""
    chain = facts.statements.chain_of(call)
    if len(chain) < 2 or not isinstance(chain[-2], ast.If):
        return False
    stmt, test = chain[-1], chain[-2]
    return (
        isinstance(stmt, ast.Expr)
        and stmt.value is call
        and any(s is stmt for s in test.body)
        and isinstance(test.test, FLAG_TEST)
    )


def _named_for_this_module(receiver: ast.expr, facts: ModuleFacts) -> bool:
    """`receiver` (a name or `self.x`) is only ever bound to this module's logger
    (`getLogger(__name__)`, `get_logger(__name__)`)."""
    if not isinstance(receiver, (ast.Name, ast.Attribute)):
        return _is_named_for_module(receiver, facts)
    values = [
        node.value
        for node in facts.assigns
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if _binds(target, receiver)
    ]
    return bool(values) and all(_is_named_for_module(v, facts) for v in values)


def _binds(target: ast.expr, receiver: ast.Name | ast.Attribute) -> bool:
    """`target` binds what `receiver` reads (the same name, or `self.x` / `cls.x` alike)."""
    if isinstance(receiver, ast.Name):
        return isinstance(target, ast.Name) and target.id == receiver.id
    return isinstance(target, ast.Attribute) and target.attr == receiver.attr


def _is_named_for_module(value: ast.expr | None, facts: ModuleFacts) -> bool:
    if not isinstance(value, ast.Call) or facts.qualname(value.func) not in facts.logger_factories:
        return False
    argument = value.args[0] if len(value.args) == 1 and not value.keywords else None
    return isinstance(argument, ast.Name) and argument.id in ("__name__", "__file__")


def _is_module_logger(name: str, facts: ModuleFacts) -> bool:
    """`name` is bound once at module level, to a logger of this module (`__name__`)."""
    assert facts.tree is not None
    bound = [
        stmt.value
        for stmt in facts.tree.body
        if isinstance(stmt, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
    ]
    return len(bound) == 1 and _is_named_for_module(bound[0], facts)


def _runtime_level_reason(
    call: ast.Call, receiver: ast.expr, facts: ModuleFacts, config: Config
) -> str:
    """Review, with a concrete suggestion: which variables, which component name to use."""
    variables = sorted(
        {
            c.args[0].value
            for c in facts.calls_to("os.environ.get") + facts.calls_to("os.getenv")
            if c.args and isinstance(c.args[0], ast.Constant) and isinstance(c.args[0].value, str)
        }
    )
    component = config.component_for(facts.path)
    source = ast.unparse(call.args[0]) if call.args else ""
    source = source if len(source) <= 60 else source[:57] + "..."
    private = isinstance(receiver, ast.Name) and bool(private_output(receiver.id, facts))
    origin = f" from {', '.join(variables)}" if variables else ""
    advice = f"delete it{' and the private handler' if private else ''}: TORCH_LOGS={component}"
    advice += f" / +{component} decide"
    if variables:
        advice = (
            f"if users rely on {variables[0]}, keep the override (a module logger's own level "
            f"works whether TORCH_LOGS is used or not) but leave it NOTSET while "
            f"{variables[0]} is unset, so TORCH_LOGS={component} / +{component} decide then; "
            f"else {advice}"
        )
    elif call.args and isinstance(call.args[0], ast.Call) and _notset_default(call.args[0]):
        helper = ast.unparse(call.args[0].func)  # review 17, T2: the suggestion is followed
        advice = (
            f"its default is NOTSET already, so {helper}() sets a level only from its own "
            f"setting: keep it if users rely on that setting, else {advice}"
        )
    elif call.args and isinstance(call.args[0], ast.Call):  # a helper elsewhere decides
        helper = ast.unparse(call.args[0].func)
        advice = (
            f"if {helper}() reads a setting users rely on (an environment variable), keep it "
            f"and have {helper}() return logging.NOTSET when the setting is unset, so "
            f"TORCH_LOGS={component} / +{component} decide then; else {advice}"
        )
    return f"level decided at run time ({source}){origin}: review. Suggestion: {advice}"


def _notset_default(call: ast.Call) -> bool:
    """True when the helper is asked for NOTSET by default (`default_level=logging.NOTSET`)."""
    return any(
        k.arg and "default" in k.arg and ast.unparse(k.value) in ("logging.NOTSET", "NOTSET")
        for k in call.keywords
    )


RULE = Rule(
    code=CODE,
    name="adhoc-level-override",
    message="ad-hoc setLevel on a library logger; levels belong to TORCH_LOGS / set_logs",
    fixable=True,
    command="RemoveLevelOverrides",
    what_it_does=(
        "Flags `setLevel(...)` on a logger the module built itself (a variable or attribute "
        "assigned from `logging.getLogger(...)` or `get_logger(...)`, or such a call directly), "
        "for any logger other than the root (the root is ETL005). Not flagged: "
        "`if <flag>: logger.setLevel(L)` on this module's own logger (`__name__`): the flag "
        "is the caller's switch, and with the runtime it works as it is whether TORCH_LOGS is "
        "used or the application configures logging (a child logger's level passes its records "
        "to whichever handler is in charge)."
    ),
    why_bad=(
        "A child logger's own level beats the component level `TORCH_LOGS` sets: a module pinned "
        "to INFO cannot be silenced with `-component`, one pinned to WARNING shows nothing under "
        "`+component`."
    ),
    use_instead=(
        "No override: the component decides (`TORCH_LOGS=+xnnpack`, `set_logs(xnnpack=...)`). "
        "Library code never calls `set_logs` itself: it would take the choice of logging mode "
        "away from the application."
    ),
    fix_safety=(
        "A constant level set at module level on the module's own logger "
        "(`logger = getLogger(__name__)`) is removed; the report lists the old level, so a "
        "backend owner sees what the module printed before. Left for review, with a "
        "suggestion: levels computed at run time (often from an environment variable), "
        "a constant level its author documented with a comment (Arm's evaluator: a ticket "
        "says users rely on it; removing it would hide the progress lines), overrides on "
        "loggers named explicitly, and other overrides inside functions."
    ),
    site="`logger.setLevel(...)` on a module's own logger",
    after="a constant module-level override is removed (the component decides), unless a comment documents it (review); `if verbose: logger.setLevel(L)` is the caller's switch and stays; run-time levels go to review with a suggestion",
    detect=detect,
    file_check=own_logging_setup,
    needles=(b"setLevel",),
    spellings=("setLevel",),
    valid=(
        Example(
            code="""
                import logging

                handler = logging.StreamHandler()
                handler.setLevel(logging.INFO)
            """,
            note="handlers are not loggers",
        ),
        Example(
            code="""
                import logging

                logger = logging.getLogger(__name__)


                class XnnpackPartitioner:
                    def __init__(self, verbose=False):
                        if verbose:
                            logger.setLevel(logging.DEBUG)
            """,
            path="executorch/backends/xnnpack/partition/xnnpack_partitioner.py",
            note="the caller's verbose switch on the module's own logger: it works as it is",
        ),
        Example(
            code="""
                import logging


                class Partitioner:
                    def __init__(self, verbose):
                        self.logger = logging.getLogger(__name__)
                        if verbose:
                            self.logger.setLevel(logging.DEBUG)
            """,
            note="a logger kept on an attribute, the flag on `self`",
        ),
        Example(
            code="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def debug_enabled():
                    return logger.isEnabledFor(10)
            """,
        ),
        Example(
            code="""
                import logging

                logger = logging.getLogger(__name__)
                logger.setLevel(logging.DEBUG)
            """,
            path="executorch/backends/vulkan/test/utils.py",
            note="tests are not library code",
        ),
    ),
    invalid=INVALID,
)
