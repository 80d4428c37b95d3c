"""Class A and class B (shared/DESIGN.md): a rewrite that keeps every line a program that
configured nothing prints is class A; any other is class B, carries a note saying what changes,
and `--mechanical` leaves it for its owner. Judged per site shape, then end to end: a package of
ExecuTorch's shapes, run before and after, prints the same bytes after a mechanical migration."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from codemods.migrate import main as migrate_main
from codemods.pipeline import migrate_source
from lint_rules import Config

# (shape as ExecuTorch writes it, class): each a module of its own
SHAPES = {
    "get_logger": ("import logging\nlogger = logging.getLogger(__name__)\n", "A"),
    "root_logger": ("import logging\nlogger = logging.getLogger()\n", "B"),  # renamed
    # a warning is never rewritten, whatever its stacklevel: left for its owner (ETL004)
    "warning": ("import warnings\n\ndef f():\n    warnings.warn('slow path', stacklevel=2)\n", "-"),
    "warning_at_its_line": ("import warnings\n\ndef f():\n    warnings.warn('slow path')\n", "-"),
    "warning_stacklevel_1": (
        "import warnings\n\ndef f():\n    warnings.warn('slow', UserWarning, 1)\n",
        "-",
    ),
    # a WARNING with the print's own text: the same line only while no library gave the root
    # logger a handler first, which root_call below does (the end-to-end test sees it)
    "stderr_warning": (
        "import sys\n\ndef f():\n    print('delegate skipped', file=sys.stderr)\n",
        "B",
    ),
    "root_gate": (
        "import logging\n\ndef f():\n    if logging.root.level <= logging.DEBUG:\n"
        "        return 1\n",
        "A",
    ),
    "stderr_level_word": (
        "import sys\n\ndef f():\n    print('Warning: no kernel', file=sys.stderr)\n",
        "B",
    ),
    "stderr_info": ("import sys\n\ndef f():\n    print('Info: lowered', file=sys.stderr)\n", "B"),
    "stdout_progress": ("def f():\n    print('Saved the program to out.pte')\n", "B"),
    "root_call": ("import logging\n\ndef f():\n    logging.warning('node %s skipped', 1)\n", "B"),
    "basic_config": ("import logging\nlogging.basicConfig(level=logging.INFO)\n", "B"),
    "set_level": (
        "import logging\nlogger = logging.getLogger(__name__)\nlogger.setLevel(logging.DEBUG)\n"
        "\ndef f():\n    logger.debug('x')\n",
        "B",
    ),
    "own_gate": (
        "import logging\nlogger = logging.getLogger(__name__)\n\ndef f():\n"
        "    if logger.level <= logging.DEBUG:\n        return 1\n",
        "B",
    ),
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_each_shape_s_class(config: Config, name: str) -> None:
    source, expected = SHAPES[name]
    path = f"executorch/exir/{name}.py"
    full = migrate_source(source, path, config)
    mechanical = migrate_source(source, path, config, mechanical=True)
    if expected == "-":
        assert full.error is None and not full.changed and not mechanical.changed, name
        assert [r.finding.code for r in full.review] == ["ETL004"], full.review
        return
    assert full.error is None and full.changed, (name, full.review)
    notes = [r.note for r in full.rewritten if r.note]
    if expected == "A":
        assert notes == [] and mechanical.new_text == full.new_text, notes
        assert mechanical.deferred == []
    else:
        assert notes, f"{name}: a class B rewrite must say what changes"
        assert [d.review.reason for d in mechanical.deferred] == notes
        assert mechanical.new_text != full.new_text


# A package of the shapes above that a program calls, printing what users saw.
PROGRAM = """
import importlib, warnings
for name in {names!r}:
    module = importlib.import_module(f"executorch.exir.{{name}}")
    if hasattr(module, "f"):
        module.f()
import logging
logging.getLogger("executorch.exir.after").warning("a later warning")
"""


def _package(root: Path) -> Path:
    exir = root / "executorch" / "exir"
    exir.mkdir(parents=True)
    (root / "executorch" / "__init__.py").write_text("")
    (exir / "__init__.py").write_text("")
    for name, (source, _) in SHAPES.items():
        (exir / f"{name}.py").write_text(source)
    (root / "pyproject.toml").write_text('[tool.et-log]\npackage = "executorch"\n')
    return root


def _output(root: Path) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TORCH_LOGS")}
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    code = textwrap.dedent(PROGRAM.format(names=sorted(SHAPES)))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    # a warning shown at its own line names its file: the same file in each copy
    return done.stdout, done.stderr.replace(str(root), "<copy>")


def test_a_mechanical_migration_keeps_every_line_and_a_full_one_does_not(tmp_path: Path) -> None:
    before = _output(_package(tmp_path / "before"))
    for mode, flags in (("mechanical", ["--mechanical"]), ("full", [])):
        root = _package(tmp_path / mode)
        old = Path.cwd()
        os.chdir(root)
        try:
            assert migrate_main(["executorch", "-q", *flags]) == 0
        finally:
            os.chdir(old)
        after = _output(root)
        if mode == "mechanical":
            assert after == before, "class A changed what a program that configured nothing saw"
        else:
            assert after != before, "the full migration changes output: the test can tell"
    assert "Saved the program to out.pte" in before[0]
    assert "WARNING:executorch.exir.after:a later warning" in before[1]  # the root call's doing
