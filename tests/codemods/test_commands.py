"""The libcst codemod commands give the driver's result, inside libcst's own machinery."""

from __future__ import annotations

import pickle
import subprocess

import libcst as cst
from codemod_support import PYTHON, REPO
from libcst.codemod import (
    CodemodContext,
    SkipFile,
    TransformSuccess,
    VisitorBasedCodemodCommand,
    transform_module,
)

from codemods.commands import MigrateLogging, MigrateRootCalls

SRC = (
    "import logging\nimport warnings\n\nlogger = logging.getLogger(__name__)\n\n\n"
    'def f():\n    logging.info("i")\n    warnings.warn("w")\n'
)


def _context() -> CodemodContext:
    return CodemodContext(filename="executorch/exir/mod.py")


def test_migrate_logging_command_matches_the_engine(config):
    from codemod_support import migrate

    result = transform_module(MigrateLogging(_context()), SRC)
    assert isinstance(result, TransformSuccess)
    assert result.code == migrate(SRC, config).new_text


def test_single_kind_command_only_touches_its_kind():
    result = transform_module(MigrateRootCalls(_context()), SRC)
    assert isinstance(result, TransformSuccess)
    assert 'logger.info("i")' in result.code
    assert "logging.getLogger(__name__)" in result.code
    assert 'warnings.warn("w")' in result.code


def test_nothing_to_do_is_a_skip():
    command = MigrateLogging(_context())
    try:
        command.transform_module_impl(cst.parse_module("x = 1\n"))
    except SkipFile:
        return
    raise AssertionError("expected SkipFile")


def test_libcst_tool_runs_the_command(sample_copy):
    target = sample_copy / "exir" / "program" / "program.py"
    proc = subprocess.run(
        [PYTHON, "-m", "libcst.tool", "codemod", "-x", "codemods.commands.MigrateLogging"]
        + ["--no-format", "-j", "1", str(target)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Transformed 1 files successfully" in proc.stderr
    assert b'logger.error("no program to lower")\r\n' in target.read_bytes()


def test_one_plain_command_class_per_fixable_kind():
    import codemods.commands as commands
    from codemods.fixes import FIXES
    from lint_rules.rules import RULES_BY_CODE

    assert set(commands.KIND_COMMANDS) == set(FIXES)
    for code, fix in FIXES.items():
        name = RULES_BY_CODE[code].command
        command = getattr(commands, name)
        assert command is commands.KIND_COMMANDS[code] and command.SELECT == (code,)
        assert name in commands.__all__
        assert command.__doc__ == f"{code} only: {fix.description}."
        # libcst's workers receive the command by pickle: it is found again by its name
        assert pickle.loads(pickle.dumps(command)) is command
    # a CodemodCommand that transforms whole modules, not an unused visitor
    assert not issubclass(MigrateLogging, VisitorBasedCodemodCommand)


def test_the_command_leaves_out_the_recipes_the_config_skips(sample_copy, monkeypatch):
    """`[tool.et-log] skip-recipes` holds for the libcst command as for the driver."""
    rel = "backends/apple/coreml/partition/coreml_partitioner.py"
    source = (sample_copy / rel).read_text()
    context = CodemodContext(filename=str(sample_copy / rel))
    monkeypatch.chdir(sample_copy)
    taken = transform_module(MigrateLogging(context), source)
    notset = "default_level=logging.NOTSET"
    assert isinstance(taken, TransformSuccess) and notset in taken.code
    pyproject = sample_copy / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + 'skip-recipes = ["behaviour-changes"]\n')
    left = transform_module(MigrateLogging(CodemodContext(filename=str(sample_copy / rel))), source)
    assert not isinstance(left, TransformSuccess) or notset not in left.code


def test_the_command_applies_a_recipe_only_once_what_it_needs_is_applied(sample_copy, monkeypatch):
    """XNNPACK's `why(..., code=...)` needs why-no-partition-info's parameter in
    exir/backend/utils.py: while that file lacks it, the command leaves the calls as they are
    and warns; once it has it, the command applies the recipe."""
    rel = "backends/xnnpack/partition/config/gemm_configs.py"
    source = (sample_copy / rel).read_text()
    monkeypatch.chdir(sample_copy)
    record = ("delegation-record",)  # the record's recipes are opt-in
    command = MigrateLogging(CodemodContext(filename=str(sample_copy / rel)), recipes=record)
    waiting = transform_module(command, source)
    assert 'code="XNN.' not in getattr(waiting, "code", source)
    (warning,) = [w for w in command.context.warnings if "xnnpack-codes-gemm" in w]
    assert (
        "it needs `why-no-partition-info`, which is not applied to exir/backend/utils.py yet"
        in (warning)
    )
    utils = sample_copy / "exir/backend/utils.py"
    core = transform_module(
        MigrateLogging(CodemodContext(filename=str(utils)), recipes=record), utils.read_text()
    )
    assert isinstance(core, TransformSuccess)
    utils.write_text(core.code)
    applied = transform_module(
        MigrateLogging(CodemodContext(filename=str(sample_copy / rel)), recipes=record), source
    )
    assert isinstance(applied, TransformSuccess) and 'code="XNN.' in applied.code
