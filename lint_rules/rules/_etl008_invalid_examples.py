"""ETL008's invalid examples, beside its rule module (which they would take past 400 lines):
they drive the lint's and the codemod's tests and docs/rules.md."""

from __future__ import annotations

from lint_rules.rules.base import Example

INVALID: tuple[Example, ...] = (
    Example(
        code="""
            def is_node_supported(op):
                print("Op not supported: ", op)
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def is_node_supported(op):
                logger.warning("Op not supported: %s", op)
        """,
        path="executorch/backends/openvino/partitioner.py",
        note="not supported: WARNING; `print`'s space after the literal's own is not doubled",
        at=((2, 5),),
    ),
    Example(
        code="""
            def load(f):
                print("This version of file is deprecated")
                return f
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def load(f):
                logger.warning("This version of file is deprecated")
                return f
        """,
        path="executorch/exir/serde/serialize.py",
        note="a deprecation: WARNING",
        at=((2, 5),),
    ),
    Example(
        code="""
            def check(m, fqn, shape):
                print(f"  Skipping {fqn}: weight shape {shape} incompatible")
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def check(m, fqn, shape):
                logger.warning(f"  Skipping {fqn}: weight shape {shape} incompatible")
        """,
        path="executorch/extension/llm/export/quantize.py",
        note="a layer left unquantized: WARNING",
        at=((2, 5),),
    ),
    Example(
        code="""
            def erase(node, e):
                print(f"Warning: Failed to erase node {node}: {e}")
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def erase(node, e):
                logger.warning(f"Failed to erase node {node}: {e}")
        """,
        note="level from the `Warning:` prefix, which the message no longer repeats",
        at=((2, 5),),
    ),
    Example(
        code="""
            def d(msg):
                print("DEBUG: ", msg)
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def d(msg):
                logger.debug(msg)
        """,
        path="executorch/backends/nxp/backend/ir/logger.py",
        note="the level word was the whole first argument: only the message is left",
        at=((2, 5),),
    ),
    Example(
        code=r"""
            import sys


            def annotate(node):
                sys.stdout.write(f"[QNN] {node.name} | Skipped\n")
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def annotate(node):
                logger.warning(f"[QNN] {node.name} | Skipped")
        """,
        note="`sys.stdout.write` loses its trailing newline",
        at=((5, 5),),
    ),
    Example(
        code="""
            def calibrate(model):
                print("Quantizing the model...")
                return model
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def calibrate(model):
                logger.info("Quantizing the model...")
                return model
        """,
        path="executorch/backends/qualcomm/export_utils.py",
        note="progress of a pipeline step: INFO",
        at=((2, 5),),
    ),
    Example(
        code="""
            def convert(args):
                print("Create the PyTorch model")
                model = build(args)
                print(f"Epoch {args.epoch}")
                return model
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def convert(args):
                logger.info("Create the PyTorch model")
                model = build(args)
                logger.info(f"Epoch {args.epoch}")
                return model
        """,
        path="executorch/extension/gguf_util/converters/llama_converter.py",
        note="a step in the imperative and a counter: progress, INFO",
        at=((2, 5), (4, 5)),
    ),
    Example(
        code="""
            def evaluate(results):
                for task, res in results.items():
                    print(f"{task}: {res}")
        """,
        note="results (label: value), not progress: review",
        at=((3, 9),),
    ),
    Example(
        code="""
            def walk(node, verbose=False):
                if not verbose:
                    print(f"at {node}")
        """,
        note="printed when the flag is off: review",
        at=((3, 9),),
    ),
    Example(
        code="""
            def load(path):
                try:
                    return open(path).read()
                except OSError as e:
                    print(e)
                    return None
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def load(path):
                try:
                    return open(path).read()
                except OSError as e:
                    logger.warning(e)
                    return None
        """,
        path="executorch/backends/nxp/backend/ir/converter/tensor_utils.py",
        note="in an `except` block: it reports the failure it caught, WARNING",
        at=((5, 9),),
    ),
    Example(
        code="""
            import os

            sdk_root = os.getenv("QNN_SDK_ROOT")
            if sdk_root:
                print(f"[QNN] Using QNN SDK at {sdk_root}", flush=True)
        """,
        fixed="""
            import os

            from et_log_runtime import get_logger as _get_logger

            _logger = _get_logger(__name__)

            sdk_root = os.getenv("QNN_SDK_ROOT")
            if sdk_root:
                _logger.info(f"[QNN] Using QNN SDK at {sdk_root}")
        """,
        path="executorch/backends/qualcomm/__init__.py",
        note="an import-time status: INFO (a package's `__init__`: a private `_logger`, the "
        "runtime's function under a private alias: the package's namespace gains no public name)",
        at=((5, 5),),
    ),
    Example(
        code="""
            def stream(data):
                print(data, end="")
        """,
        note='`end=""`: review',
        at=((2, 5),),
    ),
    Example(
        code=r"""
            def convert(params):
                for i, (fqn, p) in enumerate(params):
                    print(f"  Quantized {i + 1}: {fqn}", end="\r")
        """,
        path="executorch/extension/llm/export/quant/quantize.py",
        note="a `\\r` progress counter: it changes the line structure, review",
        at=((3, 9),),
    ),
    Example(
        code="""
            import torch


            def check_registered(so_library):
                try:
                    torch.ops.quantized_decomposed.embedding_byte.out
                except AttributeError:
                    if so_library:
                        print(f"Loading library {so_library}")
                        torch.ops.load_library(so_library)
        """,
        fixed="""
            import torch
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def check_registered(so_library):
                try:
                    torch.ops.quantized_decomposed.embedding_byte.out
                except AttributeError:
                    if so_library:
                        logger.info(f"Loading library {so_library}")
                        torch.ops.load_library(so_library)
        """,
        path="executorch/extension/llm/export/quantizer_lib.py",
        note="progress of the fallback an `except` block takes: INFO, not a caught failure",
        at=((9, 13),),
    ),
    Example(
        code="""
            def parse_skips(node_ids):
                skipped = set(node_ids.split(','))
                print("Skipping following node ids: ", skipped)
                return skipped
        """,
        fixed="""
            from et_log_runtime import get_logger

            logger = get_logger(__name__)


            def parse_skips(node_ids):
                skipped = set(node_ids.split(','))
                logger.info("Skipping following node ids: %s", skipped)
                return skipped
        """,
        path="executorch/backends/qualcomm/export_utils.py",
        note="the skip list the caller gave: it happens as asked, INFO (not a WARNING)",
        at=((3, 5),),
    ),
    Example(
        code="""
            from enum import Enum


            class MessageImportance(Enum):
                DEBUG = 0
                INFO = 1
                WARNING = 2


            MIN_OUTPUT_IMPORTANCE = MessageImportance.WARNING


            def d(msg: str):
                if MIN_OUTPUT_IMPORTANCE.value > MessageImportance.DEBUG.value:
                    return

                print("DEBUG: ", msg)
        """,
        fixed=None,
        path="executorch/backends/nxp/backend/ir/logger.py",
        note="behind the module's own verbosity gate: `logger.debug` there would stay hidden by "
        "the gate, not switched by TORCH_LOGS; the whole file is left for review",
        at=((17, 5),),
    ),
    Example(
        code="""
            import torch


            class _AnnotationSkipper:
                def is_node_supported(self, _, node: torch.fx.Node) -> bool:
                    if node.op in ("placeholder", "output"):
                        print(f"[QNN Quantizer Annotation]: {node.name} | Skipped")
                        return False
                    return True
        """,
        fixed=None,
        path="executorch/backends/qualcomm/utils/utils.py",
        note="a skip line printed once per graph node: as a WARNING it would show for every "
        "placeholder and output node; its owner picks the level (review)",
        at=((7, 13),),
    ),
)
