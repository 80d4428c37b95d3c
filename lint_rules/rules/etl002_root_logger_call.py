"""ETL002: a call on the root logger (`logging.info(...)` and friends)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ROOT_LOGGING_FUNCTIONS, ModuleFacts
from lint_rules.options import PRINT_FUNCTIONS
from lint_rules.rules._requested import requested_output
from lint_rules.rules.base import Example, Rule, Site
from lint_rules.rules.etl006_adhoc_level_override import level_name


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    patterns = config.option(PRINT_FUNCTIONS.key)
    for function in ROOT_LOGGING_FUNCTIONS:
        for call in facts.calls_to(f"logging.{function}"):
            chain = facts.statements.chain_of(call)
            if not requested_output(chain, patterns, level=_level(function, call, facts)):
                yield Site(call, "ETL002")


def _level(function: str, call: ast.Call, facts: ModuleFacts) -> str:
    """The level a root-logger call writes at: its name, or for `logging.log(level, ...)` the
    level given (a level chosen at run time, `log_level`, is the caller's: like INFO)."""
    if function != "log":
        return function
    named = level_name(call.args[0], facts) if call.args else None
    return named.lower() if named in ("ERROR", "CRITICAL", "FATAL", "WARNING") else "info"


RULE = Rule(
    code="ETL002",
    name="root-logger-call",
    message="root-logger call; call it on the module logger (logger = get_logger(__name__))",
    fixable=True,
    what_it_does=(
        "Flags `logging.debug/info/warning/warn/error/exception/critical/fatal/log(...)` in any "
        "spelling, including `from logging import info` and module aliases. Not flagged, as for "
        "ETL003 and ETL008: a DEBUG or INFO call that is output the caller asked for (in a "
        "function whose name says it prints, such as Cadence's `print_ops_info`; in the body "
        "of `if <verbose/debug flag>:`). A WARNING or above is a diagnostic wherever it is, "
        "and is flagged."
    ),
    why_bad=(
        "These functions log on the root logger: the message carries no component, cannot be "
        "switched on or off per backend, and the first call even installs a root handler "
        "(`basicConfig`) behind the user's back."
    ),
    use_instead="The same call on the module logger: `logger.info(...)`.",
    fix_safety=(
        "Safe: arguments are kept verbatim. The module logger is created once per module with "
        "`get_logger(__name__)`; an existing module logger variable is reused, and an existing "
        "name is never clobbered."
    ),
    detect=detect,
    options=(PRINT_FUNCTIONS,),
    needles=(b"logging",),
    spellings=(
        r"logging\s+(?:as|import)\b",
        r"logging\s*\.\s*(?:debug|info|warning|warn|error|exception|critical|fatal|log)\b",
    ),
    valid=(
        Example(
            code=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f(x):\n    logger.info("x=%s", x)\n'
            ),
        ),
        Example(
            code="import logging\n\nLEVEL = logging.getLevelName(logging.INFO)\n",
            note="module functions that do not log",
        ),
        Example(
            code='import mylib\n\n\ndef f():\n    mylib.info("not logging")\n',
            note="an unrelated `info` function",
        ),
        Example(
            code=(
                "import logging\n\n\ndef main():\n"
                '    logging.info("cli output")\n\n\n'
                'if __name__ == "__main__":\n    main()\n'
            ),
            note="scripts are not library code",
        ),
        Example(
            code=(
                "import logging\n\n\ndef print_ops_info(to_edge_gm, final_gm):\n"
                '    logging.info("\\n" + tabulate(count_ops(final_gm)))\n'
            ),
            path="executorch/backends/cadence/aot/utils.py",
            note="the table a print function exists to show",
        ),
        Example(
            code=(
                "import logging\n\n\ndef print_memory_planning_info(plan, log_level=logging.INFO):\n"
                '    logging.log(log_level, "\\n" + tabulate(plan))\n'
            ),
            path="executorch/backends/cadence/aot/memory_planning.py",
            note="a level the caller chooses, in a print function",
        ),
        Example(
            code=(
                "import logging\n\n\nclass ConvertMhaToSha:\n    def split(self, sha):\n"
                '        if self.verbose:\n            logging.info(f"split: {sha}")\n'
            ),
            path="executorch/backends/qualcomm/_passes/convert_mha_to_sha.py",
            note="shown because the caller set `verbose`",
        ),
    ),
    invalid=(
        Example(
            code='import logging\n\n\ndef f(x):\n    logging.info("x=%s", x)\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f(x):\n    logger.info("x=%s", x)\n'
            ),
            at=((5, 5),),
        ),
        Example(
            code=(
                "import logging as lg\n\nlog = lg.getLogger(__name__)\n\n\n"
                'def f():\n    lg.warning("w")\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlog = get_logger(__name__)\n\n\n"
                'def f():\n    log.warning("w")\n'
            ),
            note="module alias; the existing module logger `log` is reused",
            at=((7, 5),),
        ),
        Example(
            code=(
                'from logging import info, warning\n\n\ndef f():\n    info("a")\n    warning("b")\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f():\n    logger.info("a")\n    logger.warning("b")\n'
            ),
            note="imported functions",
            at=(
                (5, 5),
                (6, 5),
            ),
        ),
        Example(
            code='import logging\n\n\ndef f():\n    logging.log(logging.DEBUG, "m")\n',
            fixed=(
                "import logging\n\nfrom et_log_runtime import get_logger\n\n"
                "logger = get_logger(__name__)\n\n\n"
                'def f():\n    logger.log(logging.DEBUG, "m")\n'
            ),
            note="`logging` still used",
            at=((5, 5),),
        ),
        Example(
            code=(
                "import logging\n\n\ndef print_summary(events):\n    if len(events) != 1:\n"
                '        logging.warning("Expected one execute event, found %d", len(events))\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                "def print_summary(events):\n    if len(events) != 1:\n"
                '        logger.warning("Expected one execute event, found %d", len(events))\n'
            ),
            path="executorch/backends/cadence/runtime/etdump.py",
            note="a warning in a print function is a diagnostic, not the function's output",
            at=((6, 9),),
        ),
        Example(
            code=(
                "import logging\n\n\ndef load(path):\n    try:\n        return open(path)\n"
                '    except OSError:\n        logging.exception("cannot open %s", path)\n'
                "        return None\n"
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                "def load(path):\n    try:\n        return open(path)\n"
                '    except OSError:\n        logger.exception("cannot open %s", path)\n'
                "        return None\n"
            ),
            at=((8, 9),),
        ),
    ),
)
