"""ETL003: text printed to stderr (`print(..., file=sys.stderr)`, `sys.stderr.write(...)`)."""

from __future__ import annotations

from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.rules._output import (
    asked_for_by_caller,
    print_problem,
    print_target,
    write_problem,
)
from lint_rules.rules.base import Example, Rule, Site


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    for call in facts.calls_to("sys.stderr.write"):
        if not asked_for_by_caller(call, facts.statements.chain_of(call)):
            reason = write_problem(call, "sys.stderr")
            yield Site(call, "ETL003", reason is None, reason or "")
    for call in facts.calls_to("builtins.print"):
        if print_target(call, facts.qualname) != "sys.stderr":
            continue
        if not asked_for_by_caller(call, facts.statements.chain_of(call)):
            reason = print_problem(call)
            yield Site(call, "ETL003", reason is None, reason or "")


RULE = Rule(
    code="ETL003",
    name="print-to-stderr",
    message="print to stderr in library code; use a call on the module logger",
    fixable=True,
    what_it_does=(
        "Flags `print(..., file=sys.stderr)` and `sys.stderr.write(...)` in library code, "
        "including `import sys as _sys` and `from sys import stderr`. Not flagged: a print "
        "statement directly under `if not <quiet/silent flag>:`, output the caller asked for "
        "and can turn off (a subprocess's stderr echoed unless `quiet`)."
    ),
    why_bad=(
        "Text written straight to stderr cannot be silenced, filtered by component or captured "
        "by the user's logging setup; during export it interleaves with torch's own log lines."
    ),
    use_instead=(
        "A logger call whose level follows the text: `Error:` prefix -> `logger.error`, "
        "`Warning:` -> `logger.warning`, `Info:` -> `logger.info` (case-insensitive), "
        "otherwise `logger.warning`."
    ),
    fix_safety=(
        "The printed text is kept exactly: literal arguments are inlined (with `%` escaped when "
        "there are arguments), others become `%s` placeholders, `sep` is honoured. Left for "
        "review: `end=` other than a newline, `*args`/`**kwargs`, an empty `print`, a non-literal "
        "`sep`, and `write()` of text that does not visibly end with a newline."
    ),
    detect=detect,
    needles=(b"stderr",),
    spellings=("stderr",),
    valid=(
        Example(code='def f():\n    print("to stdout")\n'),
        Example(code='import sys\n\n\ndef f():\n    print("x", file=sys.stdout)\n'),
        Example(code='def f(handle):\n    print("x", file=handle)\n', note="some other file"),
        Example(
            code=(
                "import sys\n\n\ndef run(data, quiet=False):\n    if not quiet:\n"
                '        print(data, end="", file=sys.stderr)\n'
            ),
            path="executorch/backends/cadence/runtime/executor.py",
            note="echoed unless the caller passed `quiet`: output the caller asked for",
        ),
        Example(
            code='import sys\n\n\ndef test_cli(capsys):\n    print("x", file=sys.stderr)\n',
            path="executorch/backends/arm/test/test_cli.py",
            note="tests are not library code",
        ),
        Example(
            code=(
                "import argparse\nimport sys\n\n\ndef main():\n"
                "    parser = argparse.ArgumentParser()\n    args = parser.parse_args()\n"
                '    print("Error: bad input", args, file=sys.stderr)\n'
            ),
            note="a script with an argparse entry point",
        ),
        Example(
            code='import sys\n\n\ndef f():\n    sys.stderr.write("x\\n")\n',
            path="examples/export_model.py",
            note="examples are not library code",
        ),
    ),
    invalid=(
        Example(
            code='import sys\n\n\ndef f(x):\n    print("a", x, file=sys.stderr)\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f(x):\n    logger.warning("a %s", x)\n'
            ),
            at=((5, 5),),
        ),
        Example(
            code=(
                'import sys as _sys\n\n\ndef f():\n    print("Error: failed", file=_sys.stderr)\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f():\n    logger.error("Error: failed")\n'
            ),
            note="module alias; level from the `Error:` prefix",
            at=((5, 5),),
        ),
        Example(
            code=(
                "from sys import stderr\n\n\n"
                'def f(n):\n    print(f"info: loaded {n} ops", file=stderr)\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f(n):\n    logger.info(f"info: loaded {n} ops")\n'
            ),
            note="`from sys import stderr`; prefix matched case-insensitively",
            at=((5, 5),),
        ),
        Example(
            code='import sys\n\n\ndef f():\n    sys.stderr.write("m\\n")\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f():\n    logger.warning("m")\n'
            ),
            at=((5, 5),),
        ),
        Example(
            code='import sys\n\n\ndef f(name):\n    print("a", name, sep=", ", file=sys.stderr)\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f(name):\n    logger.warning("a, %s", name)\n'
            ),
            note="`sep` honoured",
            at=((5, 5),),
        ),
        Example(
            code='import sys\n\n\ndef f(x):\n    print("50%", x, file=sys.stderr)\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f(x):\n    logger.warning("50%% %s", x)\n'
            ),
            note="`%` escaped when there are arguments",
            at=((5, 5),),
        ),
        Example(
            code=(
                "import logging\nimport sys\n\nlogger = logging.getLogger(__name__)\n\n\n"
                'def f():\n    print("Warning: slow path", file=sys.stderr)\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def f():\n    logger.warning("Warning: slow path")\n'
            ),
            note="the existing module logger is reused",
            at=((8, 5),),
        ),
        Example(
            code='import sys\n\n\ndef f():\n    print("progress", end="", file=sys.stderr)\n',
            fixed=None,
            note='`end=""`: review',
            at=((5, 5),),
        ),
        Example(
            code="import sys\n\n\ndef f(parts):\n    print(*parts, file=sys.stderr)\n",
            fixed=None,
            note="star-args: review",
            at=((5, 5),),
        ),
        Example(
            code="import sys\n\n\ndef f():\n    print(file=sys.stderr)\n",
            fixed=None,
            note="empty print: review",
            at=((5, 5),),
        ),
        Example(
            code='import sys\n\n\ndef f():\n    sys.stderr.write("partial")\n',
            fixed=None,
            note="write without a trailing newline: review",
            at=((5, 5),),
        ),
    ),
)
