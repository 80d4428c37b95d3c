"""ETL006's invalid examples, beside its rule module (which they would take past 400 lines):
they drive the lint's and the codemod's tests and docs/rules.md."""

from __future__ import annotations

from lint_rules.rules.base import Example

INVALID: tuple[Example, ...] = (
    Example(
        code="""
            import logging

            from et_log_runtime import get_logger

            logger = get_logger(__name__)
            logger.setLevel(logging.WARNING)


            def preprocess(nodes):
                for node in nodes:
                    logger.info(f"Visiting: {node}, {node.target.__name__}")
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def preprocess(nodes):
                for node in nodes:
                    logger.debug(f"Visiting: {node}, {node.target.__name__}")
        """,
        note="XNNPACK's preprocess: the mute goes and its per-node INFO line moves to DEBUG, "
        "so an application logging at INFO sees what it saw",
        at=((6, 1),),
    ),
    Example(
        code="""
            import logging

            from et_log_runtime import get_logger

            logger = get_logger(__name__)
            logger.setLevel(logging.WARNING)


            def serialize(graph):
                if logger.getEffectiveLevel() == logging.DEBUG:
                    dump(graph, "./graph.json")
        """,
        note="XNNPACK's serializer: the level also decides whether a file is written, so it "
        "stays (review)",
        at=((6, 1),),
    ),
    Example(
        code="""
            import logging

            from et_log_runtime import get_logger

            logger = get_logger(__name__)
            logger.setLevel(logging.WARNING)


            def run(passes, module):
                for fn in passes:
                    module = fn(module)
                    logger.debug("Graph after pass '%s': %s", fn.__name__, module.graph)
        """,
        note="exir's pass manager: removed, the mute would show a whole graph after every pass "
        "to each application at DEBUG, so it stays (review: an artifact, or the level)",
        at=((6, 1),),
    ),
    Example(
        code="""
            import logging

            logger = logging.getLogger(__name__)
            logger.setLevel(logging.WARNING)


            def run():
                logger.warning("no plan")
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def run():
                logger.warning("no plan")
        """,
        note="a constant override at module level is removed: the component decides",
        at=((4, 1),),
    ),
    Example(
        code="""
            import logging

            import torch

            logger = logging.getLogger(__name__)
            logger.setLevel(logging.WARNING)


            def run():
                return torch.zeros(1)
        """,
        fixed="""
            import torch


            def run():
                return torch.zeros(1)
        """,
        note="on a logger the module never logs on: deleted with the logger (review r02a)",
        at=((6, 1),),
    ),
    Example(
        code="""
            import logging

            from et_log_runtime import get_logger

            logger = get_logger(__name__)
            logger.setLevel(logging.DEBUG)


            def f(node):
                logger.debug('checking %s', node)
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def f(node):
                logger.debug('checking %s', node)
        """,
        path="executorch/backends/qualcomm/partition/qnn_partitioner.py",
        note="a module pinned to DEBUG: quiet by default now, `+qualcomm` shows it",
        at=((6, 1),),
    ),
    Example(
        code="""
            from et_log_runtime import get_logger

            get_logger("executorch.backends.vulkan").setLevel("INFO")


            def enable_verbose(verbose):
                if verbose:
                    get_logger("executorch.backends").setLevel("DEBUG")
        """,
        path="executorch/backends/vulkan/example.py",
        note="directly on named loggers, also behind a flag: review",
        at=((3, 1), (8, 9)),
    ),
    Example(
        code="""
            import logging
            import os

            from et_log_runtime import get_logger

            _DEBUG = os.environ.get("ET_MLX_DEBUG", "") not in ("", "0")
            logger = get_logger("executorch.backends.mlx")
            logger.setLevel(logging.DEBUG if _DEBUG else logging.INFO)
            logger.propagate = False
        """,
        path="executorch/backends/mlx/_logging.py",
        note="a level from an environment variable: review, with a suggestion",
        at=((8, 1),),
    ),
    Example(
        code="""
            import logging

            from et_log_runtime import get_logger

            # progress of a long evaluation
            logger = get_logger(__name__)
            # deliberate: progress is shown at INFO (TICKET-893)
            logger.setLevel(logging.INFO)
        """,
        path="executorch/backends/arm/util/arm_model_evaluator.py",
        note=(
            "a level its author documented (a comment, a ticket): users may rely on it, "
            "so it is not removed silently: review"
        ),
        at=((8, 1),),
    ),
)
