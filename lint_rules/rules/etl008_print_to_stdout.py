"""ETL008: a diagnostic printed to stdout in library code (`print(...)`, `sys.stdout.write(...)`)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from fnmatch import fnmatchcase

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts, last_identifier
from lint_rules.globs import matches_any
from lint_rules.options import PRINT_FUNCTIONS, TOOL_PATTERNS
from lint_rules.rules._output import literal_text, print_problem, print_target, write_problem
from lint_rules.rules.base import Example, Rule, Site

CODE = "ETL008"
# What a diagnostic says: why something was not done, or a level word. Matched in the message's
# literal text (any case); everything else printed to stdout is left for review.
DIAGNOSTIC = re.compile(
    r"\b(?:debug|info|warning|error)\s*[:\]]|not supported|unsupported|not partitioned"
    r"|not lowered|not implemented|not (?:be )?available|not expected|unexpected|\bskip(?:s|ped|ping)?\b"
    r"|deprecat|fall(?:s|ing)?\s*back|fallback|\bfail(?:s|ed|ure)?\b|cannot|can't|could not"
    r"|unable to|\bignor(?:e|ed|es|ing)\b|\bno\b[\w\s'-]{0,30}\bconfig",
    re.IGNORECASE,
)
FLAG = re.compile(r"debug|verbose", re.IGNORECASE)
NOT_A_DIAGNOSTIC = (
    "stdout print not recognised as a diagnostic: a logger call, or `# noqa: ETL008` if it is "
    "the function's output (review)"
)
BEHIND_A_FLAG = "print behind a debug/verbose flag: logger.debug and TORCH_LOGS instead (review)"


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    tools = config.option(TOOL_PATTERNS.key)
    if tools and matches_any(config.relpath(facts.path), tools):
        return
    prints = [
        c
        for c in facts.calls_to("builtins.print")
        if print_target(c, facts.qualname) == "sys.stdout"
    ]
    for call in prints + facts.calls_to("sys.stdout.write"):
        if _exempt_function(call, facts, config.option(PRINT_FUNCTIONS.key)):
            continue
        is_print = isinstance(call.func, ast.Name)
        problem = print_problem(call) if is_print else write_problem(call, "sys.stdout")
        if problem is not None:
            yield Site(call, CODE, False, problem)
        elif _behind_a_flag(call, facts):
            yield Site(call, CODE, False, BEHIND_A_FLAG)
        elif not DIAGNOSTIC.search(" ".join(literal_text(a) for a in call.args)):
            yield Site(call, CODE, False, NOT_A_DIAGNOSTIC)
        else:
            yield Site(call, CODE)


def _exempt_function(call: ast.Call, facts: ModuleFacts, patterns: tuple[str, ...]) -> bool:
    function = facts.statements.enclosing_function(call)
    return function is not None and any(fnmatchcase(function.name, p) for p in patterns)


def _behind_a_flag(call: ast.Call, facts: ModuleFacts) -> bool:
    chain = facts.statements.chain_of(call)
    if len(chain) < 2 or not isinstance(chain[-2], ast.If):
        return False
    test = chain[-2].test
    if isinstance(test, ast.UnaryOp):
        test = test.operand
    name = last_identifier(test) if isinstance(test, (ast.Name, ast.Attribute)) else None
    return name is not None and FLAG.search(name) is not None


RULE = Rule(
    code=CODE,
    name="print-to-stdout",
    message="diagnostic printed to stdout in library code; use a call on the module logger",
    fixable=True,
    what_it_does=(
        "Flags `print(...)` to stdout (no `file=`, `file=None` or `file=sys.stdout`) and "
        "`sys.stdout.write(...)` in library code. Not flagged: functions whose purpose is to "
        "print (names matching `print-functions`: `print_*`, `pretty_*`, `dump*`, `show*`, "
        "`__str__`, `__repr__`, `__format__` by default), files matching `tool-patterns`, and, "
        "as for every kind, scripts, tests and examples."
    ),
    why_bad=(
        "A diagnostic printed during lowering (an op not supported, a node skipped, a "
        "deprecated format) cannot be silenced, routed or captured by the user's logging setup, "
        "and it mixes with the program's own output on stdout."
    ),
    use_instead=(
        "A logger call with the same text, at a level taken from a prefix (`Error:`/`Warning:`/"
        "`Info:`/`Debug:`, also bracketed, any case), otherwise INFO: stdout chatter becomes "
        "opt-in verbosity (`TORCH_LOGS=<component>`)."
    ),
    fix_safety=(
        "Only clear diagnostics are rewritten: the printed text says why something was not done "
        "(not supported, skipped, deprecated, failed, ignored, fall back, no config, ...) or "
        "carries a level word. The text is kept exactly, as for ETL003. Left for review: any "
        "other print (progress, results, tables), a print behind a `debug`/`verbose` flag, "
        "`end=`, star-args and text not known statically."
    ),
    detect=detect,
    options=(PRINT_FUNCTIONS, TOOL_PATTERNS),
    needles=(b"print", b"stdout"),
    spellings=(r"print\s*\(", "stdout"),
    valid=(
        Example(
            code='def print_graph(graph):\n    print("graph:", graph)\n',
            note="a function whose purpose is to print",
        ),
        Example(
            code=(
                "class Table:\n    def __str__(self):\n        return 'x'\n\n"
                "    def show(self):\n        print(self)\n"
            ),
            note="`show*` methods print by design",
        ),
        Example(
            code='def f(out):\n    print("Op not supported:", out, file=out)\n',
            note="printed to a file the caller chose",
        ),
        Example(
            code=(
                "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
                '    parser.parse_args()\n    print("skipped nothing")\n'
            ),
            note="a script with an argparse entry point",
        ),
        Example(
            code='def f(node):\n    print("not supported:", node)\n',
            path="executorch/backends/qualcomm/scripts/tool.py",
            note="scripts are not library code",
        ),
    ),
    invalid=(
        Example(
            code='def is_node_supported(op):\n    print("Op not supported: ", op)\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def is_node_supported(op):\n    logger.info("Op not supported:  %s", op)\n'
            ),
            path="executorch/backends/openvino/partitioner.py",
            note="why a node was not partitioned: INFO",
            at=((2, 5),),
        ),
        Example(
            code='def load(f):\n    print("This version of file is deprecated")\n    return f\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def load(f):\n    logger.info("This version of file is deprecated")\n'
                "    return f\n"
            ),
            at=((2, 5),),
        ),
        Example(
            code='def erase(node, e):\n    print(f"Warning: Failed to erase node {node}: {e}")\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def erase(node, e):\n    logger.warning(f"Warning: Failed to erase node {node}: {e}")\n'
            ),
            note="level from the `Warning:` prefix",
            at=((2, 5),),
        ),
        Example(
            code=(
                "import sys\n\n\ndef annotate(node):\n"
                '    sys.stdout.write(f"[QNN] {node.name} | Skipped\\n")\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def annotate(node):\n    logger.info(f"[QNN] {node.name} | Skipped")\n'
            ),
            note="`sys.stdout.write` loses its trailing newline",
            at=((5, 5),),
        ),
        Example(
            code='def calibrate(model):\n    print("Quantizing the model...")\n    return model\n',
            note="progress, not a diagnostic: review",
            at=((2, 5),),
        ),
        Example(
            code=(
                "def walk(node, debug=False):\n    if debug:\n"
                '        print(f"step failed at {node}")\n'
            ),
            note="behind a debug flag: review",
            at=((3, 9),),
        ),
        Example(
            code='def stream(data):\n    print(data, end="")\n',
            note='`end=""`: review',
            at=((2, 5),),
        ),
    ),
)
