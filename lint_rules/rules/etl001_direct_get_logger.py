"""ETL001: a logger built directly with `logging.getLogger(...)`."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ROOT_LOGGING_FUNCTIONS, ModuleFacts, name_argument
from lint_rules.rules.base import Example, Rule, Site
from lint_rules.rules.etl009_level_gate import gates

# Uses of the root logger that mean "this module's logger" once migrated: asking whether a level
# is enabled, or logging through it. Anything else (handlers, propagate, its `.level`...) is
# about the root itself; a comparison of its `.level` is ETL009's level gate.
MODULE_READS = ROOT_LOGGING_FUNCTIONS | {"isEnabledFor", "getEffectiveLevel"}
_ROOT_CONFIG = frozenset({"setLevel", "addHandler"})  # ETL005's sites
_LEVEL_READS = frozenset({"level", "getEffectiveLevel"})


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    assigned = {id(a.value) for a in facts.assigns}
    calls = facts.calls_to("logging.getLogger")
    reads_level = any(facts.call_attributes.get(id(c)) in _LEVEL_READS for c in calls)
    in_gates = {id(g.receiver) for g in gates(facts) if not g.reason} if reads_level else set()
    for call in calls:
        used = facts.call_attributes.get(id(call))
        is_root = facts.is_root_logger(call)
        if is_root and used in _ROOT_CONFIG:
            continue  # `logging.getLogger().setLevel(...)` is configuration: ETL005
        if id(call) in in_gates:
            continue  # the whole gate becomes `logger.isEnabledFor(...)`: ETL009
        site = _name_site(call, config.package)
        if site.fixable and is_root and id(call) not in assigned and used not in MODULE_READS:
            what = f"`.{used}` of the root logger" if used else "the root logger itself"
            site = Site(call, review=f"{what} is used: review")
        yield site


def _name_site(call: ast.Call, package: str) -> Site:
    understood, name = name_argument(call)
    if not understood:
        return Site(call, review="star-args in getLogger()")
    if name is None or (isinstance(name, ast.Constant) and name.value in ("", None)):
        return Site(call)
    if isinstance(name, ast.Name) and name.id in ("__name__", "__file__"):
        return Site(call)
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        value = name.value
        if value == package or value.startswith(package + "."):
            return Site(call)
        return Site(call, review=f"foreign logger name {value!r}: review")
    return Site(call, review="logger name computed at run time: review")


RULE = Rule(
    code="ETL001",
    name="direct-get-logger",
    message="logger built with logging.getLogger(); use get_logger(__name__) from the et-log runtime",
    fixable=True,
    command="MigrateGetLogger",
    what_it_does=(
        "Flags every call of the standard library's `logging.getLogger`, in any spelling: "
        "`import logging as lg`, `from logging import getLogger as gl`, with `__name__`, "
        '`__file__`, `""` or no argument.'
    ),
    why_bad=(
        "A logger built directly is not attached to any ExecuTorch component, so "
        '`TORCH_LOGS="+executorch"` or `"+xnnpack"` cannot reach it, and a `__file__` or root '
        "logger escapes the package hierarchy altogether."
    ),
    use_instead="`from et_log_runtime import get_logger` and `logger = get_logger(__name__)`.",
    fix_safety=(
        'Safe for `__name__`, `__file__`, `""` and no argument (all become `__name__`; a call '
        "used inline, `logging.getLogger().isEnabledFor(...)`, becomes the module logger "
        "itself) and for explicit dotted names inside the package (kept). A foreign explicit name or a name "
        "computed at run time is left for review: other code may look that logger up by name. "
        "A `__name__` or `__file__` logger the module never logs on (at most it sets its level) "
        "is deleted, with its levels and an `import logging` nothing else uses: no other logger "
        "is below it, so nothing printed changes; another module importing the name would break."
    ),
    site='`logging.getLogger(__name__)` in any spelling: `getLogger()`, `getLogger("")`, `getLogger(__file__)`, an alias',
    after="`get_logger(__name__)` from the runtime; an explicit name inside the package is kept; used inline (`logging.getLogger().isEnabledFor(...)`), the module logger itself",
    detect=detect,
    needles=(b"logging",),  # getLogger is only a site when it comes from `logging`
    spellings=("getLogger",),
    valid=(
        Example(
            code="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)
            """,
            note="already migrated",
        ),
        Example(
            code="""
                from . import logging

                logger = logging.getLogger(__name__)
            """,
            note="a local module that happens to be called `logging`",
        ),
        Example(
            code="""
                import logging


                def test_quiet():
                    logging.getLogger("executorch").setLevel(logging.ERROR)
            """,
            path="executorch/exir/tests/test_quiet.py",
            note="tests are not library code",
        ),
        Example(
            code="""
                import logging

                logger = logging.getLogger(__name__)


                if __name__ == "__main__":
                    logger.info("run")
            """,
            note="a script (file with a `__main__` guard)",
        ),
        Example(
            code="""
                class Registry:
                    def getLogger(self):
                        return None


                R = Registry().getLogger()
            """,
            note="an unrelated method called getLogger",
        ),
    ),
    invalid=(
        Example(
            code="""
                import logging

                logger = logging.getLogger(__name__)


                def run():
                    logger.info("ready")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def run():
                    logger.info("ready")
            """,
            at=((3, 10),),
        ),
        Example(
            code="""
                import logging as lg

                log = lg.getLogger(__name__)


                def f():
                    log.info("x")
            """,
            fixed="""
                from et_log_runtime import get_logger

                log = get_logger(__name__)


                def f():
                    log.info("x")
            """,
            note="module alias",
            at=((3, 7),),
        ),
        Example(
            code="""
                from logging import getLogger as gl

                logger = gl(__file__)


                def run():
                    logger.info("ready")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def run():
                    logger.info("ready")
            """,
            note="imported function under an alias, `__file__` name",
            at=((3, 10),),
        ),
        Example(
            code="""
                import logging

                logger = logging.getLogger(__name__)
                DEFAULT_LEVEL = logging.INFO


                def run():
                    logger.info("ready")
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)
                DEFAULT_LEVEL = logging.INFO


                def run():
                    logger.info("ready")
            """,
            note="`logging` still used: the runtime import goes after the last import",
            at=((3, 10),),
        ),
        Example(
            code="""
                import logging

                logger = logging.getLogger("executorch.backends.xnnpack.partition")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger("executorch.backends.xnnpack.partition")
            """,
            path="executorch/backends/xnnpack/partition/example.py",
            note="explicit dotted name inside the package is kept",
            at=((3, 10),),
        ),
        Example(
            code="""
                import logging


                def dump(graph):
                    if logging.getLogger().isEnabledFor(logging.DEBUG):
                        return str(graph)
                    return None
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def dump(graph):
                    if logger.isEnabledFor(logging.DEBUG):
                        return str(graph)
                    return None
            """,
            note="the root logger used inline: the module logger, created once",
            at=((5, 8),),
        ),
        Example(
            code="""
                import logging

                _log = logging.getLogger(__name__)


                def plan(algo):
                    if logging.getLogger().isEnabledFor(logging.DEBUG):
                        _log.debug("best algo: %s", algo)
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                _log = get_logger(__name__)


                def plan(algo):
                    if _log.isEnabledFor(logging.DEBUG):
                        _log.debug("best algo: %s", algo)
            """,
            path="executorch/exir/passes/memory_planning_pass.py",
            note="inline where the module has a logger: that logger, never get_logger() again",
            at=((3, 8), (7, 8)),
        ),
        Example(
            code="""
                import logging

                import torch

                log = logging.getLogger(__file__)


                def run():
                    return torch.zeros(1)
            """,
            fixed="""
                import torch


                def run():
                    return torch.zeros(1)
            """,
            note="a logger the module never logs on is deleted, not migrated (review r02a)",
            at=((5, 7),),
        ),
        Example(
            code="""
                import logging

                logger = logging.getLogger("genai_pipeline")
            """,
            fixed=None,
            note="foreign explicit name: review",
            at=((3, 10),),
        ),
        Example(
            code="""
                import logging


                def make(name):
                    return logging.getLogger(name)
            """,
            fixed=None,
            note="name computed at run time: review",
            at=((5, 12),),
        ),
        Example(
            code="""
                import logging


                def reset():
                    logging.getLogger().handlers.clear()
            """,
            fixed=None,
            note="the root logger's own handlers: review (the module logger would not mean that)",
            at=((5, 5),),
        ),
    ),
)
