"""ETL008: a diagnostic printed to stdout in library code (`print(...)`, `sys.stdout.write(...)`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.globs import matches_any
from lint_rules.rules._etl008_invalid_examples import INVALID
from lint_rules.rules._output import message_text, print_problem, print_target, write_problem
from lint_rules.rules._own_gate import own_verbosity_gate
from lint_rules.rules._print_kind import PRINT_MESSAGE, classify
from lint_rules.rules._requested import PRINT_FUNCTIONS, requested_output
from lint_rules.rules.base import Example, Option, Rule, Site

TOOL_PATTERNS = Option(
    "tool-patterns", (), "file globs whose stdout prints are their output (command-line tools)"
)

CODE = "ETL008"
NOT_A_DIAGNOSTIC = (
    "stdout print not recognised as a diagnostic: a logger call if it is one, kept as it is if "
    "it is the function's output (review)"
)
PER_NODE = (
    "a skip or bookkeeping line printed once per graph node ({}): its words would make it a "
    "WARNING for every such node, which the plain print never was; a logger call at the level "
    "its owner picks (INFO or DEBUG; a rejection through `report_rejection`) (review)"
)
BEHIND_A_FLAG = (
    "print when a debug/verbose flag is off (else branch or `not flag`): "
    "a logger call at the right level (review)"
)


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    tools = TOOL_PATTERNS.read(config)
    if tools and matches_any(config.relpath(facts.path), tools):
        return
    prints = [
        c
        for c in facts.calls_to("builtins.print")
        if print_target(c, facts.qualname) == "sys.stdout"
    ]
    patterns = PRINT_FUNCTIONS.read(config)
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
        elif verdict.kind == "per-node":
            yield Site(call, review=PER_NODE.format(verdict.flag), message=verdict.message)
        elif verdict.kind == "unknown":
            yield Site(call, review=NOT_A_DIAGNOSTIC, message=verdict.message)
        else:
            yield Site(call, message=verdict.message, verdict=verdict)


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
        "structure), star-args and text not known statically, and a skip or bookkeeping line "
        "(no level word, no failure) printed once per graph node, in a loop over a graph's "
        "nodes or in a function called for each node (`is_node_supported(self, _, node: "
        "torch.fx.Node)`): its words would make it a WARNING for every node. A print, write or root-logger "
        "call behind a verbosity gate of the module's own (an early `return` or an `if` "
        "comparing a module-level setting such as `MIN_OUTPUT_IMPORTANCE` or `VERBOSITY`, not "
        "a logger's level) leaves its whole file for review: below that gate a logger call "
        "would stay hidden by the module's switch, not decided by TORCH_LOGS."
    ),
    site="a diagnostic `print(...)` to stdout in library code",
    after="a logger call with the same text: WARNING when it says something did not happen (deprecated, skipped, not supported, failed...), else INFO unless the text names a level; other prints go to review",
    detect=detect,
    file_check=own_verbosity_gate,
    options=(PRINT_FUNCTIONS, TOOL_PATTERNS),
    needles=(b"print", b"stdout"),
    spellings=(r"print\s*\(", "stdout"),
    valid=(
        Example(
            code="""
                def print_graph(graph):
                    print("graph:", graph)
            """,
            note="a function whose purpose is to print",
        ),
        Example(
            code="""
                class Table:
                    def __str__(self):
                        return 'x'

                    def show(self):
                        print(self)
            """,
            note="`show*` methods print by design",
        ),
        Example(
            code="""
                def f(out):
                    print("Op not supported:", out, file=out)
            """,
            note="printed to a file the caller chose",
        ),
        Example(
            code="""
                import argparse


                def main():
                    parser = argparse.ArgumentParser()
                    parser.parse_args()
                    print("skipped nothing")
            """,
            note="a script with an argparse entry point",
        ),
        Example(
            code="""
                def f(node):
                    print("not supported:", node)
            """,
            path="executorch/backends/qualcomm/scripts/tool.py",
            note="scripts are not library code",
        ),
        Example(
            code="""
                def register(subparsers):
                    parser = subparsers.add_parser("download")
                    parser.set_defaults(func=run)


                def run(args):
                    print("Downloaded to", args.output_dir)
            """,
            path="torchtune/_cli/download.py",
            note="a command module (argparse subcommand): its prints are the command's output",
        ),
        Example(
            code="""
                class PrintGraphModuleCodePass:
                    def call(self, graph_module):
                        print(f"{graph_module.code}")
            """,
            note="a class whose name says it prints (`print_*` in snake case)",
        ),
        Example(
            code="""
                def run(process, quiet=False):
                    for data in process:
                        if not quiet:
                            print(data, end="")
            """,
            note="echoed unless the caller passed `quiet`: output the caller asked for",
        ),
        Example(
            code="""
                class QuantRecipe:
                    def annotate(self):
                        if self.verbose:
                            print(self.summary())
            """,
            path="executorch/backends/qualcomm/quantizer/quant_recipe.py",
            note="printed because the caller set `verbose`: output the caller asked for",
        ),
        Example(
            code="""
                def walk_back(node, steps, debug=False):
                    for i, step in enumerate(steps):
                        if not step.matches(node):
                            if debug:
                                print(f"  [walk_back] step {i}: FAILED at {node}")
                            return None
            """,
            path="executorch/backends/mlx/pattern_utils.py",
            note="a debug argument, however deep the print sits under it",
        ),
        Example(
            code="""
                def export_csv(rows, path):
                    write(rows, path)
                    print(f"Intermediate debugger csv saved at: {path}")
            """,
            path="executorch/backends/qualcomm/debugger/format_outputs.py",
            note="tells the user where the result went",
        ),
        Example(
            code="""
                def preprocess(program):
                    print("Preprocessing", program)
            """,
            path="executorch/backends/example/example_backend.py",
            note="demo folders (`example/`, `examples/`, `demo/`, `demos/`) are not library code",
        ),
    ),
    invalid=INVALID,
)
