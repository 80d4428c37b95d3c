"""ETL008's decisions by shape: what the message says, which prints are rewritten at which level,
and which files are not library code (command modules, demo folders)."""

from __future__ import annotations

import pytest

from codemods.pipeline import migrate_source
from lint_rules import Config, detect_source
from lint_rules.rules.etl008_print_to_stdout import (
    DEBUG_MESSAGE,
    DIAGNOSTIC_MESSAGE,
    IMPORT_TIME_MESSAGE,
    PRINT_MESSAGE,
    PROGRESS_MESSAGE,
)

CONFIG = Config()
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
        ('def f(op):\n    print("op not supported:", op)\n', (2, 5, DIAGNOSTIC_MESSAGE, True)),
        ('def f(task, res):\n    print(f"{task}: {res}")\n', (2, 5, PRINT_MESSAGE, False)),
        ('def f():\n    print("Quantizing the model...")\n', (2, 5, PROGRESS_MESSAGE, True)),
        (
            "def f(p):\n    try:\n        g(p)\n    except OSError as e:\n        print(e)\n",
            (5, 9, DIAGNOSTIC_MESSAGE, True),
        ),
        (
            'def f(x, verbose):\n    if verbose:\n        print("at", x)\n',
            (3, 9, DEBUG_MESSAGE, True),
        ),
        ("def f(x, debug):\n    if debug:\n        pass\n    else:\n        print(x)\n", None),
        (
            'import os\n\nif os.getenv("X"):\n    print("using X")\n',
            (4, 5, IMPORT_TIME_MESSAGE, True),
        ),
        ('class A:\n    print("in a class body")\n', (2, 5, PRINT_MESSAGE, False)),
    ],
    ids=[
        "diagnostic",
        "unknown",
        "progress",
        "caught",
        "flag",
        "flag-else",
        "import-time",
        "class-body",
    ],
)
def test_message_says_what_is_known(text: str, expected: tuple[int, int, str, bool] | None) -> None:
    found = etl008(text)
    if expected is None:  # the else branch of a debug flag: review, message still the flag's
        assert [(m, fixable) for _, _, m, fixable in found] == [(DEBUG_MESSAGE, False)]
    else:
        assert found == [expected]


@pytest.mark.parametrize(
    ("text", "progress"),
    [
        ('print(f"  Applying {config} linear quantization (group_size={size})...")', True),
        ('print("Exporting to ExecuTorch.")', True),
        ('print("Load the weights into the PyTorch model")', True),
        ('print("PTQ: Quantize the model")', True),
        ('print("  Re-tied lm_head weights to embedding")', True),
        ('print(f"Epoch {i}")', True),
        ('print(f"Intermediate debugger csv saved at: {path}")', True),
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


def test_classes_named_for_printing_are_exempt() -> None:
    text = "class {}:\n    def call(self, gm):\n        print(gm.code)\n"
    assert etl008(text.format("PrintGraphModuleCodePass")) == []
    assert etl008(text.format("DumpTables")) == []
    assert [line for line, _, _, _ in etl008(text.format("GraphPass"))] == [3]


def test_print_of_unknown_kind_does_not_claim_a_diagnostic() -> None:
    (finding,) = detect_source("def f(rows):\n    print(rows)\n", LIB, CONFIG)
    assert "diagnostic" not in finding.message
    assert finding.message.startswith("print to stdout in library code")


def test_flag_print_becomes_debug_even_with_a_level_prefix() -> None:
    text = 'def f(x, debug=False):\n    if debug:\n        print(f"Warning: {x}")\n'
    result = migrate_source(text, LIB, CONFIG)
    assert 'logger.debug(f"Warning: {x}")' in result.new_text
    ((finding, note),) = result.notes
    assert finding.code == "ETL008"
    assert note.startswith("printed when `debug` is true; now logger.debug")
    assert "TORCH_LOGS=+{component}" in note


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
