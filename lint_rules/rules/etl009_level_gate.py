"""ETL009: a level gate that reads a logger's `.level` (or the root's effective level) instead of
asking the logger it guards (`logger.isEnabledFor(level)`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts, name_argument
from lint_rules.rules.base import Example, Rule, Site

CODE = "ETL009"
MESSAGE = (
    "level gate reads a logger's .level (a module logger's is NOTSET, the root's is not the "
    "module's); use logger.isEnabledFor(level)"
)
ADVICE = "`{}.isEnabledFor(<level>)` on the logger the gate guards"


@dataclass(frozen=True, slots=True)
class Gate:
    """A comparison reading a level: which side reads it (0 left, 1 right), the logger it reads
    (`receiver`), whether the rewrite asks the module logger instead (the root, or a logger
    built inline for this module), and why it is left for review ('' when fixable)."""

    node: ast.Compare
    side: int
    receiver: ast.expr
    module_logger: bool
    reason: str = ""


def level_read(node: ast.expr, facts: ModuleFacts) -> ast.expr | None:
    """The logger whose level `node` reads: `<logger>.level`, or the root's
    `getEffectiveLevel()` (a library logger's effective level is its own: not a gate problem)."""
    if isinstance(node, ast.Attribute) and node.attr == "level":
        receiver = node.value
        if facts.is_root_receiver(receiver) or facts.is_library_logger(receiver):
            return receiver
    if isinstance(node, ast.Call) and not node.args and not node.keywords:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "getEffectiveLevel":
            return func.value if facts.is_root_receiver(func.value) else None
    return None


def gate_of(compare: ast.Compare, facts: ModuleFacts) -> Gate | None:
    """The gate `compare` is, if it reads a logger's level."""
    sides = [compare.left, *compare.comparators]
    reads = [(index, level_read(side, facts)) for index, side in enumerate(sides)]
    found = [(index, receiver) for index, receiver in reads if receiver is not None]
    if not found:
        return None
    side, receiver = found[0]
    where = "logger" if _means_this_module(receiver, facts) else ast.unparse(receiver)
    review = f"{{}}: review. Suggestion: {ADVICE.format(where)}"
    if len(compare.ops) != 1 or len(found) != 1:
        return Gate(compare, side, receiver, False, review.format("a chained level comparison"))
    op = compare.ops[0]
    if not (isinstance(op, ast.LtE) and side == 0) and not (isinstance(op, ast.GtE) and side == 1):
        what = f"`{ast.unparse(compare)}` is not `level <= L`"
        return Gate(compare, side, receiver, False, review.format(what))
    if _means_this_module(receiver, facts):
        return Gate(compare, side, receiver, True)
    if isinstance(receiver, (ast.Name, ast.Attribute)):
        return Gate(compare, side, receiver, False)  # the module's own logger variable
    return Gate(compare, side, receiver, False, review.format("a logger named explicitly"))


def _means_this_module(receiver: ast.expr, facts: ModuleFacts) -> bool:
    """The root logger (once migrated, the module's records go to the module logger) or a
    logger built inline for `__name__`."""
    if facts.is_root_receiver(receiver):
        return True
    if not isinstance(receiver, ast.Call) or facts.qualname(receiver.func) not in (
        facts.logger_factories
    ):
        return False
    understood, name = name_argument(receiver)
    return understood and isinstance(name, ast.Name) and name.id in ("__name__", "__file__")


def gates(facts: ModuleFacts) -> list[Gate]:
    """Every level gate of the module (shared with ETL001, which leaves the root loggers a
    fixable gate reads to this kind's rewrite)."""
    return [gate for node in facts.compares if (gate := gate_of(node, facts)) is not None]


def root_enabled_checks(facts: ModuleFacts) -> list[ast.Call]:
    """`logging.root.isEnabledFor(L)`: asks the root, whose level no longer decides once the
    module's output is on the module logger (`logging.getLogger().isEnabledFor(L)` is ETL001's:
    its `getLogger()` becomes the module logger)."""
    return [
        call
        for call, receiver in facts.receivers_of("isEnabledFor")
        if isinstance(receiver, ast.Attribute) and facts.is_root_receiver(receiver)
    ]


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    for gate in gates(facts):
        yield Site(gate.node, review=gate.reason, verdict=gate)
    for call in root_enabled_checks(facts):
        yield Site(call)


RULE = Rule(
    code=CODE,
    name="level-gate",
    message=MESSAGE,
    fixable=True,
    command="MigrateLevelGates",
    what_it_does=(
        "Flags a comparison that reads a logger's `.level` (`logging.getLogger().level <= "
        "logging.INFO`, `logging.DEBUG >= logging.root.level`, `logger.level <= ...`) or the "
        "root logger's `getEffectiveLevel()` (`logging.getLogger().getEffectiveLevel() <= "
        "logging.INFO`), or asks the root `logging.root.isEnabledFor(...)`: a gate deciding "
        "whether to build or print something by a level."
    ),
    why_bad=(
        "`.level` is the level set on that very logger: a module logger's is NOTSET (0), so "
        "`get_logger(__name__).level <= logging.INFO` is always true, and the root's level says "
        "nothing about the module logger's once the module's output goes there (TORCH_LOGS sets "
        "the component's level, not the root's)."
    ),
    use_instead=(
        "`logger.isEnabledFor(level)` on the logger whose output the gate guards: it reads the "
        "effective level, honours `logging.disable`, and with TORCH_LOGS unset answers as the "
        "root's level did (the module logger's level is NOTSET and defers to the root)."
    ),
    fix_safety=(
        "`<root>.level <= L` and `L >= <root>.level` become `logger.isEnabledFor(L)` on the "
        "module logger (created if needed): with TORCH_LOGS unset the answer is the one the "
        "root's level gave; with TORCH_LOGS it follows the component, as the gated output does. "
        "`logging.root.isEnabledFor(L)` is asked of the module logger. "
        "On the module's own logger variable the same call on that variable. Left for review, "
        "with the call to write: strict or equality comparisons, chained comparisons and "
        "loggers named explicitly."
    ),
    site="a level gate reading `.level` (`logging.getLogger().level <= logging.INFO`)",
    after="`logger.isEnabledFor(logging.INFO)` on the logger it guards",
    detect=detect,
    needles=(b".level", b"getEffectiveLevel", b"isEnabledFor"),
    spellings=(r"\.level\b", "getEffectiveLevel", "isEnabledFor"),
    valid=(
        Example(
            code="""
                import logging

                logger = logging.getLogger(__name__)


                def f(g):
                    if logger.isEnabledFor(logging.DEBUG):
                        g.print_tabular()
            """,
            note="already asks the logger",
        ),
        Example(
            code="""
                def f(config, limit):
                    return config.level <= limit
            """,
            note="`.level` of something that is not a logger",
        ),
        Example(
            code="""
                import logging

                logger = logging.getLogger(__name__)


                def verbose():
                    return logger.getEffectiveLevel() <= logging.INFO
            """,
            note="a module logger's effective level is its own (the root's, until set)",
        ),
    ),
    invalid=(
        Example(
            code="""
                import logging


                class CadenceETDump:
                    def print_event_block(self):
                        if logging.getLogger().level <= logging.INFO:
                            self.inspector.print_data_tabular()
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                class CadenceETDump:
                    def print_event_block(self):
                        if logger.isEnabledFor(logging.INFO):
                            self.inspector.print_data_tabular()
            """,
            path="executorch/backends/cadence/runtime/etdump.py",
            note="the root's level: the module logger decides now",
            at=((6, 12),),
        ),
        Example(
            code="""
                import logging


                def preprocess(program):
                    if logging.DEBUG >= logging.root.level:
                        program.print_tabular()
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def preprocess(program):
                    if logger.isEnabledFor(logging.DEBUG):
                        program.print_tabular()
            """,
            path="executorch/backends/apple/mps/mps_preprocess.py",
            note="`logging.root`, the level on the left",
            at=((5, 8),),
        ),
        Example(
            code="""
                import logging

                log = logging.getLogger(__name__)


                def f(g):
                    if log.level <= logging.DEBUG:
                        g.dump()
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                log = get_logger(__name__)


                def f(g):
                    if log.isEnabledFor(logging.DEBUG):
                        g.dump()
            """,
            note="the module's own logger: asked directly",
            at=((7, 8),),
        ),
        Example(
            code="""
                import logging


                def preprocess(graph):
                    if logging.root.isEnabledFor(logging.DEBUG):
                        pretty_print(graph)
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def preprocess(graph):
                    if logger.isEnabledFor(logging.DEBUG):
                        pretty_print(graph)
            """,
            path="executorch/backends/apple/mps/mps_preprocess.py",
            note="the root asked directly: the module logger is asked instead",
            at=((5, 8),),
        ),
        Example(
            code=(
                "import logging\n\n\ndef partition(self, reporter):\n"
                "    if self.path is not None and "
                "logging.getLogger().getEffectiveLevel() <= logging.INFO:\n"
                "        reporter.write(self.path)\n"
            ),
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def partition(self, reporter):
                    if self.path is not None and logger.isEnabledFor(logging.INFO):
                        reporter.write(self.path)
            """,
            path="executorch/backends/arm/tosa/partitioner.py",
            note="the root's effective level, inside a condition",
            at=((5, 34),),
        ),
        Example(
            code="""
                import logging


                def f(g):
                    if logging.root.level < logging.INFO:
                        g.dump()
            """,
            fixed=None,
            note="a strict comparison: review, with the call to write",
            at=((5, 8),),
        ),
    ),
)
