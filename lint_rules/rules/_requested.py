"""Output the caller asked for, in one place for every kind that would move it (ETL003 stderr
prints, ETL008 stdout prints) and for ETL006's level switch behind a flag.

Such output is not flagged: rewriting it into a logger call would hide it behind `TORCH_LOGS`
(a component is quiet by default), and the caller already chose to see it. It is:
- output in a function whose name says it prints (the `print-functions` globs: `print_*`,
  `pretty_*`, `dump*`, `show*`, `__str__`...), or in a method of a class whose snake-case name
  matches one (`PrintGraphModuleCodePass`);
- output in the body of `if <verbose/debug flag>:` (a name or attribute such as `verbose`,
  `self.verbose`, `args.debug`, also `flag and ...` or `verbosity > 1`), at any depth within the
  function, or under `if not <quiet/silent flag>:`;
- a print telling where a result was written (`csv saved at: <path>`).
A root-logger call (ETL002) is never such output: no flag alone ever showed it (the logging
configuration did), and left on the root it would make its module write to two loggers. Where that
configuration was the module's own `basicConfig` (ETL005 removes it), the rewrite's note says that
the flag no longer shows the line (class B, for the owner to take or leave).
"""

from __future__ import annotations

import ast
import re
from fnmatch import fnmatchcase

from lint_rules.facts import last_identifier
from lint_rules.lazy_pattern import LazyPattern
from lint_rules.rules.base import Option
from lint_rules.statements import FUNCTIONS

# The kinds that move output (ETL003, ETL008; ETL002 reads it too) leave these functions' prints.
PRINT_FUNCTIONS = Option(
    "print-functions",
    ("print_*", "pretty_*", "dump*", "show*", "__str__", "__repr__", "__format__"),
    "function-name globs whose prints are their output (not diagnostics)",
)

# A debug/verbose switch (`verbose`, `self.debug`, `is_verbose`, `debug_mode`, `verbosity`), not
# any name that contains the word (`debug_handle`, `debug_data` are data, not switches).
DEBUG_FLAG = LazyPattern(
    r"_*(?:is_|enable_|enabled_|print_|show_|use_)?(?:verbose|verbosity|debug)"
    r"(?:_(?:mode|output|logging|log|prints?|enabled))?",
    re.IGNORECASE,
)
QUIET_FLAG = LazyPattern(r"_*(?:is_|be_)?(?:quiet|silent)(?:_(?:mode|output))?", re.IGNORECASE)
# Where a result went: `saved at`, `written to`, `exported to <path>`.
WHERE_WRITTEN = LazyPattern(
    r"\b(?:saved|written|wrote|exported|stored)\s+(?:at|to|in|into)\b", re.IGNORECASE
)


def _flag_name(node: ast.expr) -> str | None:
    return last_identifier(node) if isinstance(node, (ast.Name, ast.Attribute)) else None


def switched_on(test: ast.expr) -> bool:
    """True when `test` holds only when the caller asked for output: a debug/verbose flag (alone,
    in an `and`, or compared upwards: `verbosity > 1`), or a quiet/silent flag negated."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(switched_on(value) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        name = _flag_name(test.operand)
        return name is not None and QUIET_FLAG.fullmatch(name) is not None
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        name = _flag_name(test.left)
        upwards = isinstance(test.ops[0], (ast.Gt, ast.GtE, ast.NotEq))
        return upwards and name is not None and DEBUG_FLAG.fullmatch(name) is not None
    name = _flag_name(test)
    return name is not None and DEBUG_FLAG.fullmatch(name) is not None


def switched_off(test: ast.expr) -> bool:
    """`not <debug/verbose flag>`: the branch runs when the caller did not ask for output."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        name = _flag_name(test.operand)
        return name is not None and DEBUG_FLAG.fullmatch(name) is not None
    return False


def _inner(chain: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of `chain` inside its innermost function (all of it at module level)."""
    for index in range(len(chain) - 1, -1, -1):
        if isinstance(chain[index], FUNCTIONS):
            return chain[index + 1 :]
    return chain


def under_switch(chain: list[ast.stmt]) -> ast.expr | None:
    """The test of an `if` of the innermost function whose body (not its `else`) holds the last
    statement of `chain` and which is switched on by the caller (see `switched_on`)."""
    inner = _inner(chain)
    for parent, child in zip(inner, inner[1:], strict=False):
        if isinstance(parent, ast.If) and any(s is child for s in parent.body):
            if switched_on(parent.test):
                return parent.test
    return None


def flag_off(chain: list[ast.stmt]) -> str | None:
    """The flag, when the last statement of `chain` runs only with debug/verbose output off:
    in the `else` of `if <flag>:`, or in the body of `if not <flag>:`."""
    if len(chain) < 2 or not isinstance(chain[-2], ast.If):
        return None
    branch, statement = chain[-2], chain[-1]
    if any(s is statement for s in branch.orelse) and _flag_name(branch.test):
        name = _flag_name(branch.test) or ""
        return ast.unparse(branch.test) if DEBUG_FLAG.fullmatch(name) else None
    if any(s is statement for s in branch.body) and switched_off(branch.test):
        return ast.unparse(branch.test)
    return None


def prints_by_design(chain: list[ast.stmt], patterns: tuple[str, ...]) -> bool:
    """In a function whose name matches `patterns` (the innermost one of `chain`), or in a
    method of a class whose name does once written in snake case (`PrintGraphModuleCodePass`
    matches `print_*`)."""
    function = next((s for s in reversed(chain) if isinstance(s, FUNCTIONS)), None)
    if function is not None and any(fnmatchcase(function.name, p) for p in patterns):
        return True
    classes = [s for s in chain if isinstance(s, ast.ClassDef)]
    return any(
        fnmatchcase(_snake_case(c.name), p) for c in classes for p in patterns if p.islower()
    )


def _snake_case(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def requested_output(
    chain: list[ast.stmt], patterns: tuple[str, ...], text: str = ""
) -> str | None:
    """Why the print that is the last statement of `chain` was asked for by the caller (see the
    module's docstring), or None. `text`: the print's literal text."""
    if prints_by_design(chain, patterns):
        return "in a function whose job is to print"
    test = under_switch(chain)
    if test is not None:
        return f"printed when the caller sets `{ast.unparse(test)}`"
    if WHERE_WRITTEN.search(text):
        return "it tells where a result was written"
    return None
