"""A module that sets up a logger of its own at import time (its own handler, propagation turned
off, its handler list replaced): all or nothing. The migration cannot finish such a setup (the
handler and the propagation stay, so TORCH_LOGS would not decide, while half of the module moves
to the component), so every site of the file is left for review and the file is not touched:
ExecuTorch's `backends/mlx/_logging.py` documents "info always visible" through exactly such a
setup, which only its owner can trade for the component (a recipe's job, not a generic rewrite).
"""

from __future__ import annotations

import ast

from lint_rules.facts import ModuleFacts

_HANDLER_CALLS = ("addHandler", "removeHandler")


def private_output(name: str, facts: ModuleFacts) -> list[str]:
    """What the module does at import time to give the logger bound to `name` an output of its
    own: `a handler of its own`, `propagate = ...`, `its handler list`."""
    found: list[str] = []
    index = facts.statements
    for method in _HANDLER_CALLS:
        for call, receiver in facts.receivers_of(method):
            mine = isinstance(receiver, ast.Name) and receiver.id == name
            if mine and not index.in_function(call):
                found.append(f"{method}() on it")
    for stmt in facts.attribute_stores:
        for target in stmt.targets:
            owner = target.value if isinstance(target, ast.Attribute) else None
            mine = isinstance(owner, ast.Name) and owner.id == name
            if mine and not index.in_function(stmt):
                found.append(f"`{ast.unparse(stmt).splitlines()[0]}`")
    return list(dict.fromkeys(found))


def own_logging_setup(facts: ModuleFacts, sites: list[ast.expr | ast.stmt]) -> str | None:
    """Why the file must stay as it is, when it sets up a logger of its own; None otherwise
    (whatever its `sites`)."""
    _, names, _ = facts.logger_variables
    for name in sorted(names):
        what = private_output(name, facts)
        if what:
            return (
                f"the module sets up its own logger `{name}` ({', '.join(what)}): migrating the "
                "rest would leave a half-migrated logger, so the file is left as it is: review "
                "(trade the setup for the component, or keep the file as it is)"
            )
    return None
