"""ETL005: logging configuration in library code (`basicConfig`, root `setLevel`/`addHandler`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.rules.base import Example, Rule, Site

IN_A_BLOCK = "logging configured inside a function or block: review"


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    for method in ("setLevel", "addHandler"):
        for call, receiver in facts.receivers_of(method):
            if facts.is_root_receiver(receiver):
                yield _site(call, facts)
    for call in facts.calls_to("logging.basicConfig"):
        yield _site(call, facts)


def _site(call: ast.Call, facts: ModuleFacts) -> Site:
    if id(call) in facts.module_level_calls:
        return Site(call)
    return Site(call, review=IN_A_BLOCK)


RULE = Rule(
    code="ETL005",
    name="logging-config-in-library",
    message="logging configuration in library code; leave it to the application (TORCH_LOGS)",
    fixable=True,
    command="RemoveLoggingConfig",
    what_it_does=(
        "Flags `logging.basicConfig(...)` and `setLevel`/`addHandler` on the root logger "
        '(`logging.getLogger()`, `logging.getLogger("")`, `logging.root`) in library code.'
    ),
    why_bad=(
        "Configuring the root logger at import time takes the choice away from the user: their "
        "own `basicConfig` becomes a no-op, lines get printed twice, and importing a backend "
        "changes what unrelated libraries print."
    ),
    use_instead=(
        "Nothing in library code: applications configure logging, and ExecuTorch components "
        "are controlled with `TORCH_LOGS` or `et_log_runtime.set_logs`."
    ),
    fix_safety=(
        "A statement at module level is removed. Inside a function, class or block it is left "
        "for review: a function may be a deliberate entry point."
    ),
    site="module-level `logging.basicConfig(...)`, root `setLevel`/`addHandler`",
    after="removed",
    detect=detect,
    needles=(b"logging",),  # root configuration needs `logging` itself
    spellings=("basicConfig", "setLevel", "addHandler"),
    valid=(
        Example(
            code="""
                import logging


                def make_handler():
                    handler = logging.StreamHandler()
                    handler.setLevel(logging.INFO)
                    return handler
            """,
            note="a handler's level is not the root logger's",
        ),
        Example(
            code="""
                import logging


                def main():
                    logging.basicConfig(level=logging.INFO)


                if __name__ == "__main__":
                    main()
            """,
            note="scripts configure logging",
        ),
        Example(
            code="""
                import logging

                logging.basicConfig(level=logging.DEBUG)
            """,
            path="executorch/exir/tests/conftest.py",
            note="tests are not library code",
        ),
    ),
    invalid=(
        Example(
            code="""
                import logging

                logging.basicConfig(level=logging.INFO)

                LEVEL = logging.DEBUG
            """,
            fixed="""
                import logging

                LEVEL = logging.DEBUG
            """,
            at=((3, 1),),
        ),
        Example(
            code="""
                import logging as lg

                lg.basicConfig()
                logger = lg.getLogger(__name__)


                def run():
                    logger.info("ready")
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                def run():
                    logger.info("ready")
            """,
            note="module alias, together with ETL001",
            at=((3, 1),),
        ),
        Example(
            code="""
                import logging

                logging.getLogger().setLevel(logging.INFO)

                LEVEL = logging.DEBUG
            """,
            fixed="""
                import logging

                LEVEL = logging.DEBUG
            """,
            note="root setLevel",
            at=((3, 1),),
        ),
        Example(
            code="""
                import logging

                logging.root.addHandler(logging.StreamHandler())

                LEVEL = logging.DEBUG
            """,
            fixed="""
                import logging

                LEVEL = logging.DEBUG
            """,
            note="root addHandler",
            at=((3, 1),),
        ),
        Example(
            code="""
                import logging


                def setup(verbose):
                    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO)
            """,
            fixed=None,
            note="inside a function: review",
            at=((5, 5),),
        ),
        Example(
            code="""
                import logging
                import os

                if os.environ.get("ET_DEBUG"):
                    logging.basicConfig(level=logging.DEBUG)
            """,
            fixed=None,
            note="inside a block: review",
            at=((5, 5),),
        ),
    ),
)
