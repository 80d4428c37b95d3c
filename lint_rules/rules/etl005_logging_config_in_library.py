"""ETL005: logging configuration in library code (`basicConfig`, root `setLevel`/`addHandler`)."""

from __future__ import annotations

from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.rules._flag_setup import kept_for_flag
from lint_rules.rules.base import Example, Rule, Site

IN_A_BLOCK = "logging configured inside a function or block: review"


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    calls = [
        c
        for m in ("setLevel", "addHandler")
        for c, r in facts.receivers_of(m)
        if facts.is_root_receiver(r)
    ]
    calls += facts.calls_to("logging.basicConfig")
    if not calls:
        return
    kept = kept_for_flag(facts)  # a verbose flag's lines print through it: it stays
    for call in calls:
        if id(call) not in facts.module_level_calls:
            yield Site(call, review=IN_A_BLOCK)
        else:
            yield Site(call, review=kept or "")


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
        "for review: a function may be a deliberate entry point. A module whose lines below "
        "WARNING under a caller's verbose/debug flag (`if self.verbose: logging.info(...)`) "
        "print only through its own root configuration keeps that configuration, for review: "
        "removed, it would leave `verbose=True` printing nothing; the flag is deprecated or "
        "re-routed in its own commit."
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
            """,
            fixed="""
                from et_log_runtime import get_logger

                logger = get_logger(__name__)
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

                FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
                logging.basicConfig(level=logging.INFO, format=FORMAT)


                class LLMEdgeManager:
                    def __init__(self, verbose=False):
                        self.verbose = verbose

                    def source_transform(self, transforms):
                        if self.verbose:
                            logging.info(f"Applied source transforms: {transforms}")
                        return self
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)

                FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
                logging.basicConfig(level=logging.INFO, format=FORMAT)


                class LLMEdgeManager:
                    def __init__(self, verbose=False):
                        self.verbose = verbose

                    def source_transform(self, transforms):
                        if self.verbose:
                            logger.info(f"Applied source transforms: {transforms}")
                        return self
            """,
            path="executorch/extension/llm/export/builder.py",
            note=(
                "kept for review: `verbose=True` prints its INFO lines only through this "
                "basicConfig; the rest of the module migrates (its logger's records reach the "
                "same handler)"
            ),
            at=((4, 1),),
        ),
        Example(
            code="""
                import logging

                logging.basicConfig(level=logging.WARNING)
                logger = logging.getLogger(__name__)


                class XnnpackPartitioner:
                    def __init__(self, verbose=False):
                        if verbose:
                            logger.setLevel(logging.DEBUG)
                            logger.debug("Verbose logging enabled.")
            """,
            fixed="""
                import logging

                from et_log_runtime import get_logger

                logger = get_logger(__name__)


                class XnnpackPartitioner:
                    def __init__(self, verbose=False):
                        if verbose:
                            logger.setLevel(logging.DEBUG)
                            logger.debug("Verbose logging enabled.")
            """,
            path="executorch/backends/xnnpack/partition/example_partitioner.py",
            note=(
                "XNNPACK's shape: the flag lifts the module logger's own level, which a WARNING root does not "
                "show: removed, and the report's note names the `setLevel`"
            ),
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
