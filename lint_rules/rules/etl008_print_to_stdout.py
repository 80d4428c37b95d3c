"""ETL008: a diagnostic printed to stdout in library code (`print(...)`, `sys.stdout.write(...)`)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.globs import matches_any
from lint_rules.options import PRINT_FUNCTIONS, TOOL_PATTERNS
from lint_rules.rules._output import (
    asked_for_by_caller,
    flag_test,
    in_except_block,
    literal_text,
    print_problem,
    print_target,
    write_problem,
)
from lint_rules.rules._print_text import DIAGNOSTIC, PROGRESS
from lint_rules.rules.base import Example, Rule, Site
from lint_rules.statements import FUNCTIONS

CODE = "ETL008"
# What the message says depends on what is known about the print.
DIAGNOSTIC_MESSAGE = "diagnostic printed to stdout in library code; use a call on the module logger"
DEBUG_MESSAGE = "debug output printed to stdout behind a debug/verbose flag; use logger.debug"
IMPORT_TIME_MESSAGE = "status printed to stdout at import time; use a call on the module logger"
PROGRESS_MESSAGE = "progress printed to stdout in library code; use logger.info"
PRINT_MESSAGE = "print to stdout in library code; use a call on the module logger"
NOT_A_DIAGNOSTIC = (
    "stdout print not recognised as a diagnostic: a logger call, or `# noqa: ETL008` if it is "
    "the function's output (review)"
)
BEHIND_A_FLAG = (
    "print when a debug/verbose flag is off (else branch or `not flag`): "
    "a logger call at the right level (review)"
)


@dataclass(frozen=True)
class Verdict:
    """What a stdout print is, as far as its shape tells: `level` is the level the rewrite must
    use (None: from the text's prefix, else INFO); `flag` the debug/verbose test guarding it."""

    # "diagnostic", "caught", "flag", "import-time", "progress", "flag-off" or "unknown"
    kind: str
    message: str
    level: str | None = None
    flag: str = ""

    @property
    def fixable(self) -> bool:
        return self.kind not in ("flag-off", "unknown")


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
        if _prints_by_design(chain, patterns) or asked_for_by_caller(call, chain):
            continue
        is_print = isinstance(call.func, ast.Name)
        problem = print_problem(call) if is_print else write_problem(call, "sys.stdout")
        verdict = classify(call, facts, chain)
        if problem is not None:
            yield Site(call, CODE, False, problem, message=verdict.message)
        elif verdict.kind == "flag-off":
            yield Site(call, CODE, False, BEHIND_A_FLAG, message=verdict.message)
        elif verdict.kind == "unknown":
            yield Site(call, CODE, False, NOT_A_DIAGNOSTIC, message=verdict.message)
        else:
            yield Site(call, CODE, message=verdict.message)


def classify(call: ast.Call, facts: ModuleFacts, chain: list[ast.stmt] | None = None) -> Verdict:
    """Decide a stdout print by its shape: behind a debug flag -> DEBUG; diagnostic text or in an
    `except` block -> a diagnostic; at module level -> an import-time status; a progress or
    status line of a pipeline step -> progress (both INFO). `chain`: the statements around the
    print, when the caller has them."""
    if chain is None:
        chain = facts.statements.chain_of(call)
    flag = flag_test(call, chain)
    if flag is not None:
        name, on = flag
        if on:
            return Verdict("flag", DEBUG_MESSAGE, level="debug", flag=name)
        return Verdict("flag-off", DEBUG_MESSAGE, flag=name)
    if DIAGNOSTIC.search(" ".join(literal_text(a) for a in call.args)):
        return Verdict("diagnostic", DIAGNOSTIC_MESSAGE)
    if in_except_block(call, chain):
        return Verdict("caught", DIAGNOSTIC_MESSAGE)
    if not any(isinstance(s, (*FUNCTIONS, ast.ClassDef)) for s in chain):
        return Verdict("import-time", IMPORT_TIME_MESSAGE)
    if PROGRESS.search(" ".join(literal_text(a) for a in call.args[:1])):
        return Verdict("progress", PROGRESS_MESSAGE)
    return Verdict("unknown", PRINT_MESSAGE)


def _prints_by_design(chain: list[ast.stmt], patterns: tuple[str, ...]) -> bool:
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


RULE = Rule(
    code=CODE,
    name="print-to-stdout",
    message=PRINT_MESSAGE,
    fixable=True,
    what_it_does=(
        "Flags `print(...)` to stdout (no `file=`, `file=None` or `file=sys.stdout`) and "
        "`sys.stdout.write(...)` in library code. The message says what is known: a diagnostic "
        "(its text, or an `except` block), debug output behind a flag, an import-time status, "
        "progress of a pipeline step, or only a print to stdout. Not flagged: functions whose "
        "purpose is to print (names matching `print-functions`: `print_*`, `pretty_*`, `dump*`, "
        "`show*`, `__str__`, `__repr__`, `__format__` by default) and the methods of classes "
        "whose snake-case name matches them (`PrintGraphModuleCodePass`), a print directly "
        "under `if not <quiet/silent flag>:` (output the caller asked for), files matching "
        "`tool-patterns`, and, "
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
        "A logger call with the same text, at a level taken from a prefix (`Error:`/`Warning:`/"
        "`Info:`/`Debug:`, also bracketed, any case), otherwise INFO: stdout chatter becomes "
        "opt-in verbosity (`TORCH_LOGS=<component>`). Debug output behind a flag becomes "
        "`logger.debug`."
    ),
    fix_safety=(
        "Rewritten, the text kept exactly as for ETL003: a print whose text says why something "
        "was not done (not supported, skipped, deprecated, failed, ignored, fall back, no "
        "config, ...) or carries a level word; a print in an `except` block (it reports the "
        "failure it caught); a print at module level (an import-time status: INFO); progress "
        "of a pipeline step at INFO: text ending in an ellipsis, opening on a capitalised "
        "-ing verb (`Applying ...`, no `label: value` after it), on a pipeline verb with an "
        "article (`Create the model`) or in the past tense (`Saved ...`), on `Step`/`Epoch`, or "
        "saying where a result was saved (library progress belongs to `TORCH_LOGS=<component>`, "
        "not to every user's stdout); a print "
        "statement directly under `if <debug/verbose flag>:` becomes `logger.debug`. The flag "
        "is kept: the output still needs it, and now also `TORCH_LOGS=+<component>` (the report "
        "lists these sites so a reviewer may drop the flag); keeping it leaves the function's "
        "signature and cost alone. Left for review: any other print (results, tables), a "
        "print in the `else` of such a flag or under `if not <flag>:`, `end=`, "
        "star-args and text not known statically."
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
            code='def preprocess(program):\n    print("Preprocessing", program)\n',
            path="executorch/backends/example/example_backend.py",
            note="demo folders (`example/`, `examples/`, `demo/`, `demos/`) are not library code",
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
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def calibrate(model):\n    logger.info("Quantizing the model...")\n'
                "    return model\n"
            ),
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
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                "def convert(args):\n"
                '    logger.info("Create the PyTorch model")\n'
                "    model = build(args)\n"
                '    logger.info(f"Epoch {args.epoch}")\n'
                "    return model\n"
            ),
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
            code='def walk(node, debug=False):\n    if debug:\n        print(f"step at {node}")\n',
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                'def walk(node, debug=False):\n    if debug:\n        logger.debug(f"step at {node}")\n'
            ),
            path="executorch/backends/mlx/pattern_utils.py",
            note="debug output behind a local flag: DEBUG, the flag kept",
            at=((3, 9),),
        ),
        Example(
            code=(
                "class Recipe:\n    def annotate(self):\n        if self.verbose:\n"
                "            print(self.summary())\n"
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                "class Recipe:\n    def annotate(self):\n        if self.verbose:\n"
                "            logger.debug(self.summary())\n"
            ),
            path="executorch/backends/qualcomm/quantizer/quant_recipe.py",
            note="an attribute flag counts too",
            at=((4, 13),),
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
            fixed=(
                "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n\n"
                "def load(path):\n    try:\n        return open(path).read()\n"
                "    except OSError as e:\n        logger.info(e)\n        return None\n"
            ),
            path="executorch/backends/nxp/backend/ir/converter/tensor_utils.py",
            note="in an `except` block: it reports the failure it caught",
            at=((5, 9),),
        ),
        Example(
            code=(
                'import os\n\nsdk_root = os.getenv("QNN_SDK_ROOT")\nif sdk_root:\n'
                '    print(f"[QNN] Using QNN SDK at {sdk_root}", flush=True)\n'
            ),
            fixed=(
                "import os\n\nfrom et_log_runtime import get_logger\n\n"
                "logger = get_logger(__name__)\n\n"
                'sdk_root = os.getenv("QNN_SDK_ROOT")\nif sdk_root:\n'
                '    logger.info(f"[QNN] Using QNN SDK at {sdk_root}")\n'
            ),
            path="executorch/backends/qualcomm/__init__.py",
            note="an import-time status: INFO",
            at=((5, 5),),
        ),
        Example(
            code='def stream(data):\n    print(data, end="")\n',
            note='`end=""`: review',
            at=((2, 5),),
        ),
    ),
)
