"""ETL003: text printed to stderr (`print(..., file=sys.stderr)`, `sys.stderr.write(...)`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.rules._output import (
    message_level,
    message_text,
    print_problem,
    print_target,
    write_problem,
)
from lint_rules.rules._requested import PRINT_FUNCTIONS, requested_output
from lint_rules.rules.base import Example, Rule, Site

MESSAGE = "print to stderr in library code; use logger.{}"
# The level of a stderr print without a level word or a severe meaning: it was meant to be seen.
DEFAULT_LEVEL = "warning"


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    patterns = PRINT_FUNCTIONS.read(config)
    prints = [
        c
        for c in facts.calls_to("builtins.print")
        if print_target(c, facts.qualname) == "sys.stderr"
    ]
    for call in facts.calls_to("sys.stderr.write") + prints:
        chain = facts.statements.chain_of(call)
        if requested_output(chain, patterns, message_text(call)):
            continue
        is_print = isinstance(call.func, ast.Name)
        reason = print_problem(call) if is_print else write_problem(call, "sys.stderr")
        level = message_level(call, DEFAULT_LEVEL)  # the level the rewrite uses: its verdict
        message = MESSAGE.format(level)
        if reason is not None:
            message = f"print to stderr in library code; {reason}"
        yield Site(call, review=reason or "", message=message, verdict=level)


RULE = Rule(
    code="ETL003",
    name="print-to-stderr",
    message="print to stderr in library code; use a call on the module logger",
    fixable=True,
    command="MigrateStderrPrints",
    channel="stderr",
    what_it_does=(
        "Flags `print(..., file=sys.stderr)` and `sys.stderr.write(...)` in library code, "
        "including `import sys as _sys` and `from sys import stderr`. Not flagged, as for "
        "ETL002 and ETL008: output the caller asked for (a function whose name says it prints, "
        "the body of `if <verbose/debug flag>:` or of `if not <quiet/silent flag>:` such as a "
        "subprocess's stderr echoed unless `quiet`, a message telling where a result was written)."
    ),
    why_bad=(
        "Text written straight to stderr cannot be silenced, filtered by component or captured "
        "by the user's logging setup; during export it interleaves with torch's own log lines."
    ),
    use_instead=(
        "A logger call whose level follows the text: `Error:` prefix -> `logger.error`, "
        "`Warning:` -> `logger.warning`, `Info:` -> `logger.info`, `Debug:` -> `logger.debug` "
        "(any case, also bracketed: `[ERROR]`), otherwise `logger.warning`. The lint's message "
        "names that level."
    ),
    fix_safety=(
        "The printed text is kept: every argument survives, literal arguments are inlined (with "
        "`%` escaped when there are arguments), others become `%s` placeholders, `sep` is "
        "honoured. Two things change, so the log line reads as if written for a logger: the "
        "level word that chose the level is dropped (the logger prints the level), and a "
        'whitespace `sep` next to a literal\'s own space (`print("Failed: ", x)`) is not '
        "doubled. Left for review: `end=` other than a newline, `*args`/`**kwargs`, an empty "
        "`print`, a non-literal `sep`, and `write()` of text that does not visibly end with a "
        "newline."
    ),
    site="`print(..., file=sys.stderr)`, `sys.stderr.write(...)`",
    after='a logger call with the same text (its level word, now the level, dropped): `print("Error:", x, file=sys.stderr)` becomes `logger.error(x)`',
    detect=detect,
    options=(PRINT_FUNCTIONS,),
    needles=(b"stderr",),
    spellings=("stderr",),
    valid=(
        Example(
            code="""
                    def f():
                        print("to stdout")
                """
        ),
        Example(
            code="""
                    import sys


                    def f():
                        print("x", file=sys.stdout)
                """
        ),
        Example(
            code="""
                    def f(handle):
                        print("x", file=handle)
                """,
            note="some other file",
        ),
        Example(
            code="""
                import sys


                def run(data, quiet=False):
                    if not quiet:
                        print(data, end="", file=sys.stderr)
            """,
            path="executorch/backends/cadence/runtime/executor.py",
            note="echoed unless the caller passed `quiet`: output the caller asked for",
        ),
        Example(
            code="""
                import sys


                def print_memory_planning_info(plan):
                    print(plan.table(), file=sys.stderr)
            """,
            note="a function whose name says it prints",
        ),
        Example(
            code="""
                import sys


                def lower(graph, verbose=False):
                    if verbose:
                        print("lowering", graph, file=sys.stderr)
            """,
            note="printed because the caller set `verbose`",
        ),
        Example(
            code="""
                import sys


                def test_cli(capsys):
                    print("x", file=sys.stderr)
            """,
            path="executorch/backends/arm/test/test_cli.py",
            note="tests are not library code",
        ),
        Example(
            code="""
                import argparse
                import sys


                def main():
                    parser = argparse.ArgumentParser()
                    args = parser.parse_args()
                    print("Error: bad input", args, file=sys.stderr)
            """,
            note="a script with an argparse entry point",
        ),
        Example(
            code=r"""
                import sys


                def f():
                    sys.stderr.write("x\n")
            """,
            path="examples/export_model.py",
            note="examples are not library code",
        ),
    ),
    invalid=(
        Example(
            code="""
                import sys


                def f(x):
                    print("a", x, file=sys.stderr)
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f(x):
                    logger.warning("a %s", x)
            """,
            at=((5, 5),),
        ),
        Example(
            code="""
                import sys as _sys


                def f():
                    print("Error: failed", file=_sys.stderr)
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f():
                    logger.error("failed")
            """,
            note="module alias; level from the `Error:` prefix, which the message drops",
            at=((5, 5),),
        ),
        Example(
            code="""
                from sys import stderr


                def f(n):
                    print(f"info: loaded {n} ops", file=stderr)
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f(n):
                    logger.info(f"loaded {n} ops")
            """,
            note="`from sys import stderr`; prefix matched case-insensitively",
            at=((5, 5),),
        ),
        Example(
            code=r"""
                import sys


                def f():
                    sys.stderr.write("m\n")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f():
                    logger.warning("m")
            """,
            at=((5, 5),),
        ),
        Example(
            code="""
                import sys


                def f(name):
                    print("a", name, sep=", ", file=sys.stderr)
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f(name):
                    logger.warning("a, %s", name)
            """,
            note="`sep` honoured",
            at=((5, 5),),
        ),
        Example(
            code="""
                import sys


                def f(x):
                    print("50%", x, file=sys.stderr)
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f(x):
                    logger.warning("50%% %s", x)
            """,
            note="`%` escaped when there are arguments",
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging
                import sys

                logger = logging.getLogger(__name__)


                def f():
                    print("Warning: slow path", file=sys.stderr)
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def f():
                    logger.warning("slow path")
            """,
            note="the existing module logger is reused",
            at=((8, 5),),
        ),
        Example(
            code="""
                import sys


                def e(error):
                    print("ERROR: ", str(error), file=sys.stderr)
                    raise error
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def e(error):
                    logger.error(str(error))
                    raise error
            """,
            path="executorch/backends/nxp/backend/ir/logger.py",
            note="the level word alone in its argument: the rest is the message",
            at=((5, 5),),
        ),
        Example(
            code="""
                import sys


                def f():
                    print("progress", end="", file=sys.stderr)
            """,
            fixed=None,
            note='`end=""`: review',
            at=((5, 5),),
        ),
        Example(
            code="""
                import sys


                def f(parts):
                    print(*parts, file=sys.stderr)
            """,
            fixed=None,
            note="star-args: review",
            at=((5, 5),),
        ),
        Example(
            code="""
                import sys


                def f():
                    print(file=sys.stderr)
            """,
            fixed=None,
            note="empty print: review",
            at=((5, 5),),
        ),
        Example(
            code="""
                import sys


                def f():
                    sys.stderr.write("partial")
            """,
            fixed=None,
            note="write without a trailing newline: review",
            at=((5, 5),),
        ),
    ),
)
