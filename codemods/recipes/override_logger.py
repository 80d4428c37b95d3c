"""`override_logger` scopes ExecuTorch's components instead of reconfiguring the root logger.

`exir/common.py`'s `override_logger(newLevel, fmtstr, filename)` raises the root logger's level,
reformats its handlers and adds a FileHandler to it while a block runs; `DebugPass(log_filename=)`
wraps its `logging.debug` calls in it. The migration moves those calls onto component loggers, which
do not propagate to the root, so the file would stay empty. After this recipe the helper is one
call of the runtime's `override_logs`: the same level and file, for every ExecuTorch component,
and its docstring says so (the old one spoke of the root logger's handlers).
"""

from __future__ import annotations

import ast

from codemods.recipes.base import Edit, Recipe, RecipePlan, find_function
from codemods.shared.review import Review

_PARAMETERS = ["newLevel", "fmtstr", "filename"]
_NEW = """\
with override_logs(newLevel, filename=filename, fmt=fmtstr or None):
    yield
"""
# The docstring of the new body (the old one described the root logger's handlers: "written to
# that file besides stderr"); it replaces whatever the function's docstring said.
_DOC = '''\
"""
While the block runs, ExecuTorch's loggers (every component) log at
``newLevel`` and, if a nonempty filename string is provided, also write their
records to that file, formatted with ``fmtstr``. The root logger and the
application's handlers are left alone.
"""
'''


def _body_start(function: ast.FunctionDef) -> int:
    first = function.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        return 1 if isinstance(first.value.value, str) else 0
    return 0


def _configures_root_around_one_yield(stmt: ast.stmt) -> bool:
    """The upstream shape: one `try` whose body yields once and which touches `logging.root`."""
    if not isinstance(stmt, ast.Try):
        return False
    yields = [s for s in stmt.body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Yield)]
    touches_root = any(
        isinstance(n, ast.Attribute)
        and n.attr == "root"
        and getattr(n.value, "id", "") == "logging"
        for n in ast.walk(stmt)
    )
    return len(yields) == 1 and touches_root


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    function = find_function(tree.body, "override_logger")
    if function is None:
        return Review("no override_logger() in this file")
    if [a.arg for a in function.args.args] != _PARAMETERS:
        return Review(f"override_logger() no longer takes ({', '.join(_PARAMETERS)})")
    start = _body_start(function)
    body = function.body[start:]
    if len(body) == 1 and ast.dump(body[0]) == ast.dump(ast.parse(_NEW).body[0]):
        return None  # applied before
    if len(body) != 1 or not _configures_root_around_one_yield(body[0]):
        return Review("override_logger() no longer configures the root logger around one yield")
    return RecipePlan([Edit(function.body, 0, start + 1, _DOC + _NEW)], ("override_logs",))


RECIPE = Recipe(
    "override-logger",
    "exir/common.py",
    plan,
    change="`override_logger(newLevel, fmtstr, filename)`'s body becomes one "
    "`with override_logs(newLevel, filename=filename, fmt=fmtstr or None): yield` instead of "
    "reconfiguring the root logger, and its docstring says what it does now",
    effect="`DebugPass(log_filename=...)` still writes its file, also under `TORCH_LOGS` (where "
    "component loggers do not propagate to the root); the file holds ExecuTorch's records only, "
    "and the application's root level and handler formats are no longer changed while the "
    "block runs. Without a file, in a program that configured nothing, DebugPass's lines still "
    "print on stderr, formatted with `fmtstr` (`Enter debug_pass` where the root's implicit "
    "handler printed `DEBUG:root:Enter debug_pass`), and the root keeps no handler afterwards",
    behaviour_change=True,
    # DebugPass's root `logging.debug` lines printed through the handler their first call made
    # (the root's implicit basicConfig) once `override_logger` put the root at DEBUG; moved to
    # its module's logger they print only through `override_logs`: one commit for both
    takes=("exir/passes/__init__.py:ETL002",),
)
