"""ETL002: a call on the root logger (`logging.info(...)` and friends)."""

from __future__ import annotations

from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ROOT_LOGGING_FUNCTIONS, ModuleFacts
from lint_rules.rules.base import Example, Rule, Site


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    for function in ROOT_LOGGING_FUNCTIONS:
        for call in facts.calls_to(f"logging.{function}"):
            yield Site(call)


HEADER = "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"

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
        "`get_logger(__name__)`; an existing module logger variable is reused, and an existing "
        "name is never clobbered."
    ),
    detect=detect,
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
        Example(
            code=(
                "import logging\n\n\ndef print_ops_info(to_edge_gm, final_gm):\n"
                '    logging.info("\\n" + tabulate(count_ops(final_gm)))\n'
            ),
            fixed=(
                HEADER + "def print_ops_info(to_edge_gm, final_gm):\n"
                '    logger.info("\\n" + tabulate(count_ops(final_gm)))\n'
            ),
            path="executorch/backends/cadence/aot/utils.py",
            note=(
                "a print function's table: shown by the logging configuration, as before, "
                "which with TORCH_LOGS unset receives the module logger's records"
            ),
            at=((5, 5),),
        ),
        Example(
            code=(
                "import logging\n\n\nclass ConvertMhaToSha:\n    def split(self, sha):\n"
                '        if self.verbose:\n            logging.info(f"split: {sha}")\n'
                '        logging.debug("done")\n'
            ),
            fixed=(
                HEADER + "class ConvertMhaToSha:\n    def split(self, sha):\n"
                '        if self.verbose:\n            logger.info(f"split: {sha}")\n'
                '        logger.debug("done")\n'
            ),
            path="executorch/backends/qualcomm/_passes/convert_mha_to_sha.py",
            note=(
                "under a verbose flag: the flag chooses the record, the logging configuration "
                "shows it; one logger for the whole module"
            ),
            at=((7, 13), (8, 9)),
        ),
    ),
)
