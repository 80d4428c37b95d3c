"""ETL008's decisions by shape: what the message says, which prints are rewritten at which level,
which are output the caller asked for, and which files are not library code (command modules,
demo folders)."""

from __future__ import annotations

import re

import pytest

from codemods.pipeline import migrate_source
from lint_rules import Config, detect_source
from lint_rules.rules import RULES_BY_CODE
from lint_rules.rules._print_kind import ADVICE, PRINT_MESSAGE

CONFIG = Config()
DIAGNOSTIC_MESSAGE = ADVICE["diagnostic"]
PROGRESS_MESSAGE = ADVICE["progress"].format("info")
LIB = "executorch/exir/passes/example.py"


def etl008(text: str, path: str = LIB) -> list[tuple[int, int, str, bool]]:
    return [
        (f.line, f.col, f.message, f.fixable)
        for f in detect_source(text, path, CONFIG)
        if f.code == "ETL008"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'def f(op):\n    print("op not supported:", op)\n',
            (2, 5, DIAGNOSTIC_MESSAGE.format("warning"), True),
        ),
        (
            'def f(op):\n    print("op not partitioned:", op)\n',
            (2, 5, DIAGNOSTIC_MESSAGE.format("info"), True),
        ),
        ('def f(task, res):\n    print(f"{task}: {res}")\n', (2, 5, PRINT_MESSAGE, False)),
        ('def f():\n    print("Quantizing the model...")\n', (2, 5, PROGRESS_MESSAGE, True)),
        (
            "def f(p):\n    try:\n        g(p)\n    except OSError as e:\n        print(e)\n",
            (5, 9, ADVICE["caught"].format("warning"), True),
        ),
        ('def f(x, verbose):\n    if verbose:\n        print("at", x)\n', None),
        (
            'import os\n\nif os.getenv("X"):\n    print("using X")\n',
            (4, 5, ADVICE["import-time"].format("info"), True),
        ),
        ('class A:\n    print("in a class body")\n', (2, 5, PRINT_MESSAGE, False)),
    ],
    ids=[
        "not-supported",
        "not-partitioned",
        "unknown",
        "progress",
        "caught",
        "flag",
        "import-time",
        "class-body",
    ],
)
def test_message_says_what_is_known(text: str, expected: tuple[int, int, str, bool] | None) -> None:
    assert etl008(text) == ([] if expected is None else [expected])


def test_a_print_when_the_flag_is_off_is_reviewed_and_says_so() -> None:
    text = "def f(x, debug):\n    if debug:\n        pass\n    else:\n        print(x)\n"
    ((_, _, message, fixable),) = etl008(text)
    assert not fixable and "`debug` is off" in message


def test_a_carriage_return_counter_is_reviewed_for_its_line_structure() -> None:
    """Issue 21, class 10: the advice is the report's reason, not a level to use."""
    text = (
        "def convert(params, verbose):\n    for i, p in enumerate(params):\n"
        '        print(f"  Quantized {i + 1}: {p}", end="\\r")\n'
    )
    ((finding,),) = [[f for f in detect_source(text, LIB, CONFIG) if f.code == "ETL008"]]
    assert not finding.fixable
    assert "changes the line structure" in finding.message
    assert "logger.debug" not in finding.message and "use logger" not in finding.message
    assert finding.reason in finding.message
    under_flag = text.replace("        print(", "        if verbose:\n            print(")
    assert etl008(under_flag) == []  # asked for by the caller: not flagged at all


FIXED_OUTPUT = [
    pytest.param(code, example, id=f"{code}-invalid-{i}")
    for code in ("ETL003", "ETL008")
    for i, example in enumerate(RULES_BY_CODE[code].invalid)
    if example.fixed is not None
]


@pytest.mark.parametrize(("code", "example"), FIXED_OUTPUT)
def test_the_advice_names_the_level_the_rewrite_uses(code: str, example) -> None:
    """Issue 21, class 5: the lint's message and the codemod's rewrite agree on the level."""
    findings = [f for f in detect_source(example.code, example.path, CONFIG) if f.code == code]
    for finding in findings:
        level = re.search(r"use logger\.(\w+)", finding.message)
        assert level is not None, finding.message
        line = example.fixed.splitlines()[finding.line - 1 + _shift(example)]
        assert f"logger.{level.group(1)}(" in line


def _shift(example) -> int:
    """Lines the header added above the sites (the runtime import and the logger)."""
    return len(example.fixed.splitlines()) - len(example.code.splitlines())


@pytest.mark.parametrize(
    ("text", "progress"),
    [
        ('print(f"  Applying {config} linear quantization (group_size={size})...")', True),
        ('print("Exporting to ExecuTorch.")', True),
        ('print("Load the weights into the PyTorch model")', True),
        ('print("PTQ: Quantize the model")', True),
        ('print("  Re-tied lm_head weights to embedding")', True),
        ('print(f"Epoch {i}")', True),
        ('print(f"Embedding dim {dim}")', False),  # a noun in -ing
        ('print(f"Loading time: {seconds}")', False),  # label: value is a result
        ('print("Speed up the model")', False),  # not a pipeline verb
        ('print("...")', False),  # an ellipsis alone elides a table
        ('print(f"{input_node} has more than one user")', False),
    ],
)
def test_progress_of_a_pipeline_step_is_info(text: str, progress: bool) -> None:
    source = f"def f(config, size, i, path, dim, seconds, input_node):\n    {text}\n"
    ((_, _, message, fixable),) = etl008(source)
    assert (message == PROGRESS_MESSAGE, fixable) == (progress, progress)
    if progress:
        new_text = migrate_source(source, LIB, CONFIG).new_text
        assert f"    logger.info({text.removeprefix('print(')}" in new_text


def test_output_the_caller_asked_for_is_not_flagged() -> None:
    quiet = 'def run(data, quiet=False):\n    if not quiet:\n        print(data, end="")\n'
    assert etl008(quiet) == []
    loud = 'def run(data, quiet=False):\n    if quiet:\n        print(data, end="")\n'
    assert [(line, col) for line, col, _, _ in etl008(loud)] == [(3, 9)]


@pytest.mark.parametrize(
    ("test", "asked"),
    [
        ("self.verbose", True),
        ("args.debug", True),
        ("verbose and node is not None", True),
        ("self.verbosity > 1", True),
        ("is_debug_mode", True),
        ("not silent", True),
        ("self.debug_handle", False),  # data named after debugging, not a switch
        ("node.debug_data", False),
        ("verbose or force", False),
        ("not verbose", False),
    ],
)
def test_a_switch_the_caller_sets(test: str, asked: bool) -> None:
    text = f"def f(self, args, node, force, silent, verbose, is_debug_mode):\n    if {test}:\n"
    text += '        for x in node:\n            print("not supported:", x)\n'
    assert (etl008(text) == []) is asked


def test_classes_named_for_printing_are_exempt() -> None:
    text = "class {}:\n    def call(self, gm):\n        print(gm.code)\n"
    assert etl008(text.format("PrintGraphModuleCodePass")) == []
    assert etl008(text.format("DumpTables")) == []
    assert [line for line, _, _, _ in etl008(text.format("GraphPass"))] == [3]


def test_print_of_unknown_kind_does_not_claim_a_diagnostic() -> None:
    (finding,) = detect_source("def f(rows):\n    print(rows)\n", LIB, CONFIG)
    assert "diagnostic" not in finding.message
    assert finding.message.startswith("print to stdout in library code")


def test_negated_flag_is_left_for_review() -> None:
    text = 'def f(x, verbose=False):\n    if not verbose:\n        print("at", x)\n'
    result = migrate_source(text, LIB, CONFIG)
    assert result.new_text == text
    assert [r.finding.code for r in result.review] == ["ETL008"]


@pytest.mark.parametrize(
    "text",
    [
        'def register(sub):\n    p = sub.add_parser("x")\n    p.set_defaults(func=run)\n\n\n'
        'def run(args):\n    print("done", args)\n',
        "import argparse\n\n\ndef cli():\n    parser = argparse.ArgumentParser()\n"
        '    parser.add_subparsers()\n    print("done")\n',
    ],
    ids=["add_parser+set_defaults", "add_subparsers"],
)
def test_command_modules_are_scripts(text: str) -> None:
    assert detect_source(text, LIB, CONFIG) == []


def test_add_parser_alone_is_not_a_command_module() -> None:
    text = 'def f(registry):\n    registry.add_parser("x")\n    print("not supported")\n'
    assert [f.code for f in detect_source(text, LIB, CONFIG)] == ["ETL008"]


@pytest.mark.parametrize(
    ("path", "excluded"),
    [
        ("backends/example/example_backend.py", True),
        ("backends/example/example_operators/linear.py", True),
        ("exir/backend/test/demos/rpc/executor_backend.py", True),
        ("examples/demo/model.py", True),
        ("backends/xnnpack/partition/example_config.py", False),
        ("backends/xnnpack/examples_utils.py", False),
    ],
)
def test_demo_folders_are_not_library_code(path: str, excluded: bool) -> None:
    assert CONFIG.is_script_path(path) is excluded


@pytest.mark.parametrize(
    ("body", "level"),
    [
        ('print("This version of file is deprecated")', "warning"),
        ('print(f"  Skipping {x}: weight shape {x} incompatible with {x}")', "warning"),
        ('print("Fakeifying a Tensor subclass is not supported")', "warning"),
        ('print(f"No quant config is implemented for op, {x}")', "warning"),
        ('print(f"[QNN Quantizer Annotation]: {x} | Skipped")', "warning"),
        ('print(f"{x} not partitioned: no kernel")', "info"),
        ('print("INFO: ", x)', "info"),
        ('print("Error: skipping", x)', "error"),  # the level word wins over the meaning
        ('print(f"Loading the library {x}...")', "info"),  # progress
        ('print("Skipping following node ids: ", x)', "info"),  # the caller's own skip list
    ],
)
def test_levels_from_meaning(body: str, level: str) -> None:
    """Issue 21, class 5: deprecation, skipping, not supported, incompatible, failed, fallback
    -> WARNING (ExecuTorch's serialize.py, quantize.py, pass_base.py shapes)."""
    source = f"def f(x):\n    {body}\n"
    ((_, _, message, fixable),) = etl008(source)
    assert fixable and message.endswith(f"use logger.{level}")
    assert f"logger.{level}(" in migrate_source(source, LIB, CONFIG).new_text


def test_a_print_in_an_except_block_is_a_warning_unless_it_is_the_fallback_s_progress() -> None:
    """The failure an `except` block caught is a WARNING; the fallback's progress is not
    (ExecuTorch's quantizer lib loads the library it lacked: "Loading library <path>")."""
    caught = (
        "def f(lib):\n    try:\n        load()\n    except AttributeError:\n"
        '        print(f"{lib} lacks the op")\n        load_library(lib)\n'
    )
    ((_, _, message, _),) = etl008(caught)
    assert message.endswith("use logger.warning")
    fallback = caught.replace("{lib} lacks the op", "Loading library {lib}")
    ((_, _, message, _),) = etl008(fallback)
    assert message == "progress printed to stdout in library code; use logger.info"
