"""ETL008: a diagnostic printed to stdout in library code (`print(...)`, `sys.stdout.write(...)`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.globs import matches_any
from lint_rules.options import PRINT_FUNCTIONS, TOOL_PATTERNS
from lint_rules.rules._output import message_text, print_problem, print_target, write_problem
from lint_rules.rules._print_kind import PRINT_MESSAGE, classify
from lint_rules.rules._requested import requested_output
from lint_rules.rules.base import Example, Rule, Site

CODE = "ETL008"
NOT_A_DIAGNOSTIC = (
    "stdout print not recognised as a diagnostic: a logger call, or `# noqa: ETL008` if it is "
    "the function's output (review)"
)
BEHIND_A_FLAG = (
    "print when a debug/verbose flag is off (else branch or `not flag`): "
    "a logger call at the right level (review)"
)


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    tools = config.option(TOOL_PATTERNS.key)
    if tools and matches_any(config.relpath(facts.path), tools):
        return
    prints = [
        c
        for c in facts.calls_to("builtins.print")
        if print_target(c, facts.qualname) == "sys.stdout"
    ]
    patterns = config.option(PRINT_FUNCTIONS.key)
    for call in prints + facts.calls_to("sys.stdout.write"):
        chain = facts.statements.chain_of(call)  # once per print, for every check below
        if requested_output(chain, patterns, message_text(call)):
            continue
        is_print = isinstance(call.func, ast.Name)
        problem = print_problem(call) if is_print else write_problem(call, "sys.stdout")
        verdict = classify(call, facts, chain)
        if problem is not None:
            what = verdict.message.partition(";")[0]
            yield Site(call, review=problem, message=f"{what}; {problem}")
        elif verdict.kind == "flag-off":
            yield Site(call, review=BEHIND_A_FLAG, message=verdict.message)
        elif verdict.kind == "unknown":
            yield Site(call, review=NOT_A_DIAGNOSTIC, message=verdict.message)
        else:
            yield Site(call, message=verdict.message, verdict=verdict)


# The header every rewritten example starts with.
_HEADER = "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"

RULE = Rule(
    code=CODE,
    name="print-to-stdout",
    message=PRINT_MESSAGE,
    fixable=True,
    command="MigrateStdoutDiagnostics",
    channel="stdout",
    what_it_does=(
        "Flags `print(...)` to stdout (no `file=`, `file=None` or `file=sys.stdout`) and "
        "`sys.stdout.write(...)` in library code. The message says what is known: a diagnostic "
        "(its text, or an `except` block), an import-time status, progress of a pipeline step, "
        "or only a print to stdout, and the level the rewrite uses. Not flagged, as for ETL002 "
        "and ETL003: output the caller asked for, i.e. prints in functions whose purpose is to "
        "print (names matching `print-functions`: `print_*`, `pretty_*`, `dump*`, `show*`, "
        "`__str__`, `__repr__`, `__format__` by default) and in the methods of classes whose "
        "snake-case name matches them (`PrintGraphModuleCodePass`), prints in the body of `if "
        "<verbose/debug flag>:` (an argument or attribute: `verbose`, `self.verbose`, "
        "`args.debug`) or of `if not <quiet/silent flag>:`, and a message telling where a "
        "result was written (`csv saved at: <path>`); files matching `tool-patterns`; and, "
        "as for every kind, scripts (a `__main__` guard, an argparse entry point, or a command "
        "module: `add_subparsers(...)`, or `add_parser(...)` with `set_defaults(func=...)`), "
        "tests, examples and demos (`examples/`, `example/`, `demo/`, `demos/`)."
    ),
    why_bad=(
        "A diagnostic printed during lowering (an op not supported, a node skipped, a "
        "deprecated format) cannot be silenced, routed or captured by the user's logging setup, "
        "and it mixes with the program's own output on stdout."
    ),
    use_instead=(
        "A logger call with the same text, at the level the text gives: its level word "
        "(`Error:`/`Warning:`/`Info:`/`Debug:`, also bracketed, any case; dropped from the "
        "message, since the logger shows the level), else WARNING when it says something did not "
        "happen as asked (deprecated, skipped, not supported, incompatible, failed, fell back, "
        "ignored, cannot...), else INFO (WARNING for a failure caught in an `except` block, "
        "but INFO for the progress of the fallback it takes there: `Loading library <path>`). "
        "The lint's message names that level."
    ),
    fix_safety=(
        "Rewritten, the text kept as for ETL003: a print whose text says why something was not "
        "done or carries a level word; a print in an `except` block (it reports the failure it "
        "caught); a print at module level (an import-time status); progress of a pipeline step: "
        "text ending in an ellipsis, opening on a capitalised -ing verb (`Applying ...`, no "
        "`label: value` after it), on a pipeline verb with an article (`Create the model`) or "
        "in the past tense (`Re-tied ...`), on `Step`/`Epoch` (library progress belongs to "
        "`TORCH_LOGS=<component>`, not to every user's stdout). Left for review, the message "
        "saying why: any other print (results, tables), a print in the `else` of a verbose "
        "flag or under `if not <flag>:`, `end=` (a `\\r` progress counter: it changes the line "
        "structure), star-args and text not known statically."
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
        Example(
            code=(
                "def register(subparsers):\n"
                '    parser = subparsers.add_parser("download")\n'
                "    parser.set_defaults(func=run)\n\n\n"
                "def run(args):\n"
                '    print("Downloaded to", args.output_dir)\n'
            ),
            path="torchtune/_cli/download.py",
            note="a command module (argparse subcommand): its prints are the command's output",
        ),
        Example(
            code=(
                "class PrintGraphModuleCodePass:\n    def call(self, graph_module):\n"
                '        print(f"{graph_module.code}")\n'
            ),
            note="a class whose name says it prints (`print_*` in snake case)",
        ),
        Example(
            code=(
                "def run(process, quiet=False):\n    for data in process:\n"
                '        if not quiet:\n            print(data, end="")\n'
            ),
            note="echoed unless the caller passed `quiet`: output the caller asked for",
        ),
        Example(
            code=(
                "class QuantRecipe:\n    def annotate(self):\n        if self.verbose:\n"
                "            print(self.summary())\n"
            ),
            path="executorch/backends/qualcomm/quantizer/quant_recipe.py",
            note="printed because the caller set `verbose`: output the caller asked for",
        ),
        Example(
            code=(
                "def walk_back(node, steps, debug=False):\n    for i, step in enumerate(steps):\n"
                "        if not step.matches(node):\n            if debug:\n"
                '                print(f"  [walk_back] step {i}: FAILED at {node}")\n'
                "            return None\n"
            ),
            path="executorch/backends/mlx/pattern_utils.py",
            note="a debug argument, however deep the print sits under it",
        ),
        Example(
            code=(
                "def export_csv(rows, path):\n    write(rows, path)\n"
                '    print(f"Intermediate debugger csv saved at: {path}")\n'
            ),
            path="executorch/backends/qualcomm/debugger/format_outputs.py",
            note="tells the user where the result went",
        ),
        Example(
            code='def preprocess(program):\n    print("Preprocessing", program)\n',
            path="executorch/backends/example/example_backend.py",
            note="demo folders (`example/`, `examples/`, `demo/`, `demos/`) are not library code",
        ),
    ),
    invalid=(
        Example(
            code='def is_node_supported(op):\n    print("Op not supported: ", op)\n',
            fixed=_HEADER
            + 'def is_node_supported(op):\n    logger.warning("Op not supported: %s", op)\n',
            path="executorch/backends/openvino/partitioner.py",
            note="not supported: WARNING; `print`'s space after the literal's own is not doubled",
            at=((2, 5),),
        ),
        Example(
            code='def load(f):\n    print("This version of file is deprecated")\n    return f\n',
            fixed=_HEADER
            + 'def load(f):\n    logger.warning("This version of file is deprecated")\n'
            "    return f\n",
            path="executorch/exir/serde/serialize.py",
            note="a deprecation: WARNING",
            at=((2, 5),),
        ),
        Example(
            code=(
                "def check(m, fqn, shape):\n"
                '    print(f"  Skipping {fqn}: weight shape {shape} incompatible")\n'
            ),
            fixed=_HEADER + "def check(m, fqn, shape):\n"
            '    logger.warning(f"  Skipping {fqn}: weight shape {shape} incompatible")\n',
            path="executorch/extension/llm/export/quantize.py",
            note="a layer left unquantized: WARNING",
            at=((2, 5),),
        ),
        Example(
            code='def erase(node, e):\n    print(f"Warning: Failed to erase node {node}: {e}")\n',
            fixed=_HEADER
            + 'def erase(node, e):\n    logger.warning(f"Failed to erase node {node}: {e}")\n',
            note="level from the `Warning:` prefix, which the message no longer repeats",
            at=((2, 5),),
        ),
        Example(
            code='def d(msg):\n    print("DEBUG: ", msg)\n',
            fixed=_HEADER + "def d(msg):\n    logger.debug(msg)\n",
            path="executorch/backends/nxp/backend/ir/logger.py",
            note="the level word was the whole first argument: only the message is left",
            at=((2, 5),),
        ),
        Example(
            code=(
                "import sys\n\n\ndef annotate(node):\n"
                '    sys.stdout.write(f"[QNN] {node.name} | Skipped\\n")\n'
            ),
            fixed=_HEADER
            + 'def annotate(node):\n    logger.warning(f"[QNN] {node.name} | Skipped")\n',
            note="`sys.stdout.write` loses its trailing newline",
            at=((5, 5),),
        ),
        Example(
            code='def calibrate(model):\n    print("Quantizing the model...")\n    return model\n',
            fixed=_HEADER + 'def calibrate(model):\n    logger.info("Quantizing the model...")\n'
            "    return model\n",
            path="executorch/backends/qualcomm/export_utils.py",
            note="progress of a pipeline step: INFO",
            at=((2, 5),),
        ),
        Example(
            code=(
                "def convert(args):\n"
                '    print("Create the PyTorch model")\n'
                "    model = build(args)\n"
                '    print(f"Epoch {args.epoch}")\n'
                "    return model\n"
            ),
            fixed=_HEADER + "def convert(args):\n"
            '    logger.info("Create the PyTorch model")\n'
            "    model = build(args)\n"
            '    logger.info(f"Epoch {args.epoch}")\n'
            "    return model\n",
            path="executorch/extension/gguf_util/converters/llama_converter.py",
            note="a step in the imperative and a counter: progress, INFO",
            at=((2, 5), (4, 5)),
        ),
        Example(
            code=(
                "def evaluate(results):\n    for task, res in results.items():\n"
                '        print(f"{task}: {res}")\n'
            ),
            note="results (label: value), not progress: review",
            at=((3, 9),),
        ),
        Example(
            code=(
                'def walk(node, verbose=False):\n    if not verbose:\n        print(f"at {node}")\n'
            ),
            note="printed when the flag is off: review",
            at=((3, 9),),
        ),
        Example(
            code=(
                "def load(path):\n    try:\n        return open(path).read()\n"
                "    except OSError as e:\n        print(e)\n        return None\n"
            ),
            fixed=_HEADER + "def load(path):\n    try:\n        return open(path).read()\n"
            "    except OSError as e:\n        logger.warning(e)\n        return None\n",
            path="executorch/backends/nxp/backend/ir/converter/tensor_utils.py",
            note="in an `except` block: it reports the failure it caught, WARNING",
            at=((5, 9),),
        ),
        Example(
            code=(
                'import os\n\nsdk_root = os.getenv("QNN_SDK_ROOT")\nif sdk_root:\n'
                '    print(f"[QNN] Using QNN SDK at {sdk_root}", flush=True)\n'
            ),
            fixed=(
                "import os\n\nfrom et_log_runtime import get_logger\n\n"
                "_logger = get_logger(__name__)\n\n"
                'sdk_root = os.getenv("QNN_SDK_ROOT")\nif sdk_root:\n'
                '    _logger.info(f"[QNN] Using QNN SDK at {sdk_root}")\n'
            ),
            path="executorch/backends/qualcomm/__init__.py",
            note="an import-time status: INFO (a package's `__init__`: a private `_logger`)",
            at=((5, 5),),
        ),
        Example(
            code='def stream(data):\n    print(data, end="")\n',
            note='`end=""`: review',
            at=((2, 5),),
        ),
        Example(
            code=(
                "def convert(params):\n    for i, (fqn, p) in enumerate(params):\n"
                '        print(f"  Quantized {i + 1}: {fqn}", end="\\r")\n'
            ),
            path="executorch/extension/llm/export/quant/quantize.py",
            note="a `\\r` progress counter: it changes the line structure, review",
            at=((3, 9),),
        ),
        Example(
            code=(
                "import torch\n\n\ndef check_registered(so_library):\n    try:\n"
                "        torch.ops.quantized_decomposed.embedding_byte.out\n"
                "    except AttributeError:\n        if so_library:\n"
                '            print(f"Loading library {so_library}")\n'
                "            torch.ops.load_library(so_library)\n"
            ),
            fixed=(
                "import torch\nfrom et_log_runtime import get_logger\n\n"
                "logger = get_logger(__name__)\n\n\n"
                "def check_registered(so_library):\n    try:\n"
                "        torch.ops.quantized_decomposed.embedding_byte.out\n"
                "    except AttributeError:\n        if so_library:\n"
                '            logger.info(f"Loading library {so_library}")\n'
                "            torch.ops.load_library(so_library)\n"
            ),
            path="executorch/extension/llm/export/quantizer_lib.py",
            note="progress of the fallback an `except` block takes: INFO, not a caught failure",
            at=((9, 13),),
        ),
        Example(
            code=(
                "def parse_skips(node_ids):\n    skipped = set(node_ids.split(','))\n"
                '    print("Skipping following node ids: ", skipped)\n    return skipped\n'
            ),
            fixed=(
                _HEADER + "def parse_skips(node_ids):\n    skipped = set(node_ids.split(','))\n"
                '    logger.info("Skipping following node ids: %s", skipped)\n    return skipped\n'
            ),
            path="executorch/backends/qualcomm/export_utils.py",
            note="the skip list the caller gave: it happens as asked, INFO (not a WARNING)",
            at=((3, 5),),
        ),
    ),
)
