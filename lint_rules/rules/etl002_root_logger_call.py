"""ETL002: a call on the root logger (`logging.info(...)` and friends)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from fnmatch import fnmatchcase

from lint_rules.config import Config
from lint_rules.facts import ROOT_LOGGING_FUNCTIONS, ModuleFacts, last_identifier
from lint_rules.rules._logger_name import logger_name_taken
from lint_rules.rules._requested import PRINT_FUNCTIONS
from lint_rules.rules.base import Example, Rule, Site

PRINTS_ITSELF = (
    "its message is what `{call}` returns, and that call prints on stdout itself (a print "
    "function returns None: the record says `None`): fix the call by hand (review)"
)


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    patterns = PRINT_FUNCTIONS.read(config)
    for function in ROOT_LOGGING_FUNCTIONS:
        for call in facts.calls_to(f"logging.{function}"):
            printer = _printing_message(call, patterns)
            if printer is not None:
                yield Site(call, review=PRINTS_ITSELF.format(call=printer))
            else:
                yield Site(call)


def file_check(facts: ModuleFacts, sites: list[ast.expr | ast.stmt]) -> str | None:
    """Why every site of the file stays as it is: a root call logging what a print function
    returns (its neighbours would move to the module logger while it stays on the root, the
    module writing to two loggers); else `logger_name_taken`'s reason."""
    patterns = PRINT_FUNCTIONS.default
    for function in ROOT_LOGGING_FUNCTIONS:
        for call in facts.calls_to(f"logging.{function}"):
            printer = _printing_message(call, patterns)
            if printer is not None:
                return (
                    f"line {call.lineno} logs what `{printer}` returns, and that call prints "
                    "on stdout itself (the record says `None`): fix it by hand, then migrate; "
                    "every site of the file is left as it is (review)"
                )
    return logger_name_taken(facts, sites)


def matches_name(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatchcase(name, p) for p in patterns)


def _printing_message(call: ast.Call, patterns: tuple[str, ...]) -> str | None:
    """`x.print_tabular()` when the call's message is such a call (a print function's name)."""
    message = call.args[0] if call.args else None
    if not isinstance(message, ast.Call):
        return None
    name = last_identifier(message.func)
    if name is None or not matches_name(name, patterns):
        return None
    return f"{ast.unparse(message.func).rpartition('.')[2]}()"


RULE = Rule(
    code="ETL002",
    name="root-logger-call",
    message="root-logger call; call it on the module logger (logger = get_logger(__name__))",
    fixable=True,
    command="MigrateRootCalls",
    channel="logs",
    what_it_does=(
        "Flags `logging.debug/info/warning/warn/error/exception/critical/fatal/log(...)` in any "
        "spelling, including `from logging import info` and module aliases, wherever it is: "
        "also in a function whose name says it prints (Cadence's `print_ops_info`) and under "
        "`if <verbose/debug flag>:`. Unlike a print (ETL003, ETL008), a log call was never "
        "shown by the flag alone: the logging configuration decided, and with TORCH_LOGS "
        "unset the module logger hands its records to that same configuration. Left on the "
        "root, such calls would make the module write to two loggers, one of them no longer "
        "switched by anything the migration keeps (its `basicConfig` goes, ETL005)."
    ),
    why_bad=(
        "These functions log on the root logger: the message carries no component, cannot be "
        "switched on or off per backend, and the first call even installs a root handler "
        "(`basicConfig`) behind the user's back."
    ),
    use_instead="The same call on the module logger: `logger.info(...)`.",
    fix_safety=(
        "Safe: arguments are kept verbatim. The module logger is created once per module with "
        "`get_logger(__name__)`; an existing module logger variable is reused under its own "
        "name (`log` stays `log`). A new one is always `logger` (`_logger` in a package's "
        "`__init__.py`, with the runtime's functions under private aliases); where the module "
        "binds `logger` itself, reads one it does not bind, or a site sits in a function where "
        "`logger` is a local, the whole file is left for review rather than given a logger under "
        "another name. A call under the caller's own flag (`if self.verbose:`) keeps its level: a "
        "flag asks for detail, not for a warning; where the module's import-time `basicConfig` "
        "showed it (when no library imported before had configured the root), its note says "
        "so, and that it shows now under TORCH_LOGS or the application's logging."
    ),
    site="`logging.info(...)` and other root-logger calls (`from logging import debug; debug(...)`, `lg.warn(...)`)",
    after="the same call on the module's logger (`warn` becomes `warning`)",
    detect=detect,
    file_check=file_check,
    needles=(b"logging",),
    spellings=(
        r"logging\s+(?:as|import)\b",
        r"logging\s*\.\s*(?:debug|info|warning|warn|error|exception|critical|fatal|log)\b",
    ),
    valid=(
        Example(
            code="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f(x):
                    logger.info("x=%s", x)
            """,
        ),
        Example(
            code="""
                import logging

                LEVEL = logging.getLevelName(logging.INFO)
            """,
            note="module functions that do not log",
        ),
        Example(
            code="""
                import mylib


                def f():
                    mylib.info("not logging")
            """,
            note="an unrelated `info` function",
        ),
        Example(
            code="""
                import logging


                def main():
                    logging.info("cli output")


                if __name__ == "__main__":
                    main()
            """,
            note="scripts are not library code",
        ),
    ),
    invalid=(
        Example(
            code="""
                import logging


                def show(graph_module):
                    logging.info("Final exported graph:")
                    logging.info(graph_module.graph.print_tabular())
            """,
            fixed=None,
            path="executorch/backends/cadence/aot/compiler.py",
            note="the message is the None a print function returns: the whole file waits",
            at=((5, 5), (6, 5)),
        ),
        Example(
            code="""
                import logging


                def f(x):
                    logging.info("x=%s", x)
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f(x):
                    logger.info("x=%s", x)
            """,
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging as lg

                log = lg.getLogger(__name__)


                def f():
                    lg.warning("w")
            """,
            fixed="""
                from et_log_runtime import get_logger

                log = get_logger(__name__)


                def f():
                    log.warning("w")
            """,
            note="module alias; the existing module logger `log` is reused",
            at=((7, 5),),
        ),
        Example(
            code="""
                from logging import info, warning


                def f():
                    info("a")
                    warning("b")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f():
                    logger.info("a")
                    logger.warning("b")
            """,
            note="imported functions",
            at=(
                (5, 5),
                (6, 5),
            ),
        ),
        Example(
            code="""
                import logging


                def f():
                    logging.log(logging.DEBUG, "m")
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f():
                    logger.log(logging.DEBUG, "m")
            """,
            note="`logging` still used",
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging


                def print_summary(events):
                    if len(events) != 1:
                        logging.warning("Expected one execute event, found %d", len(events))
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def print_summary(events):
                    if len(events) != 1:
                        logger.warning("Expected one execute event, found %d", len(events))
            """,
            path="executorch/backends/cadence/runtime/etdump.py",
            note="a warning in a print function is a diagnostic, not the function's output",
            at=((6, 9),),
        ),
        Example(
            code="""
                import logging


                def load(path):
                    try:
                        return open(path)
                    except OSError:
                        logging.exception("cannot open %s", path)
                        return None
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def load(path):
                    try:
                        return open(path)
                    except OSError:
                        logger.exception("cannot open %s", path)
                        return None
            """,
            at=((8, 9),),
        ),
        Example(
            code=r"""
                import logging


                def print_ops_info(to_edge_gm, final_gm):
                    logging.info("\n" + tabulate(count_ops(final_gm)))
            """,
            fixed=r"""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def print_ops_info(to_edge_gm, final_gm):
                    logger.info("\n" + tabulate(count_ops(final_gm)))
            """,
            path="executorch/backends/cadence/aot/utils.py",
            note=(
                "a print function's table: shown by the logging configuration, as before, "
                "which with TORCH_LOGS unset receives the module logger's records"
            ),
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging


                class ConvertMhaToSha:
                    def split(self, sha):
                        if self.verbose:
                            logging.info(f"split: {sha}")
                        logging.debug("done")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                class ConvertMhaToSha:
                    def split(self, sha):
                        if self.verbose:
                            logger.info(f"split: {sha}")
                        logger.debug("done")
            """,
            path="executorch/backends/qualcomm/_passes/convert_mha_to_sha.py",
            note=(
                "under a verbose flag: the flag chooses the record, the logging configuration "
                "shows it; one logger for the whole module"
            ),
            at=((7, 13), (8, 9)),
        ),
        Example(
            code="""
                import logging

                FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
                logging.basicConfig(level=logging.INFO, format=FORMAT)


                class LLMEdgeManager:
                    def export(self):
                        if self.verbose:
                            logging.info(f"Exported graph:\\n{self.graph}")
                        logging.debug("exported")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                class LLMEdgeManager:
                    def export(self):
                        if self.verbose:
                            logger.info(f"Exported graph:\\n{self.graph}")
                        logger.debug("exported")
            """,
            path="executorch/extension/llm/export/builder.py",
            note=(
                "under a verbose flag in a module whose basicConfig showed it: it keeps its "
                "level (a flag asks for detail, not a warning); its note says when it showed"
            ),
            at=((10, 13), (11, 9)),
        ),
        Example(
            code="""
                import logging

                from executorch.backends.nxp.backend.ir import logger


                def tag_qdq_clusters(nodes):
                    for node in nodes:
                        logging.info(f"Tagging node {node}")
                    logger.d("tagged")
            """,
            fixed=None,
            path="executorch/backends/nxp/neutron_partitioner.py",
            note=(
                "`logger` is NXP's own logging module here: a module logger under another name "
                "would give the module two loggers by two names; the whole file is left for "
                "review"
            ),
            at=((8, 9),),
        ),
    ),
)
