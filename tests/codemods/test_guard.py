"""The guard: only the sites, the imports and the logger line may differ; else nothing is written."""

from __future__ import annotations

import ast

import libcst as cst
import pytest

from codemods.guard import Allowed, GuardError, check, span
from codemods.migrate import main
from codemods.rewrite import transformer as _rewrite

OLD = (
    '"""Module."""\n\nimport logging\nimport sys\n\n\n'
    'def f(x):\n    logging.info("x %s", x)\n    return sys.argv, print("out")\n'
)


def _allowed(tree: ast.Module) -> Allowed:
    site = next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and ast.unparse(n.func) == "logging.info"
    )
    return Allowed(
        sites=frozenset({span(site)}),
        removed=frozenset(),
        runtime="et_log_runtime",
        runtime_names=frozenset({"get_logger"}),
        logger="logger",
    )


GOOD = (
    '"""Module."""\n\nimport sys\n\nfrom et_log_runtime import get_logger\n\n'
    "logger = get_logger(__name__)\n\n\n"
    'def f(x):\n    logger.info("x %s", x)\n    return sys.argv, print("out")\n'
)


def test_a_correct_migration_passes():
    tree = ast.parse(OLD)
    check(tree, OLD, GOOD, "x.py", _allowed(tree))


@pytest.mark.parametrize(
    "bad",
    [
        GOOD.replace('print("out")', 'print("OUT")'),  # a change outside the site
        GOOD.replace("import sys\n\n", ""),  # an import still in use removed
        GOOD.replace("return sys.argv", "return sys.path"),
        GOOD + "extra = 1\n",  # a statement added
        GOOD.replace("logger = get_logger(__name__)", "logger = get_logger('x')"),
        GOOD.replace("    return", "  return"),  # does not compile
    ],
)
def test_wrong_rewrites_are_rejected(bad):
    tree = ast.parse(OLD)
    with pytest.raises(GuardError):
        check(tree, OLD, bad, "x.py", _allowed(tree))


def test_deliberately_wrong_transform_leaves_file_byte_identical(tmp_path, monkeypatch, capsys):
    """A transform bug that also renames an unrelated name (`import sys` -> `import os`, in the
    import lines libcst rewrites) is caught; the file is left untouched."""
    target = tmp_path / "exir" / "mod.py"
    target.parent.mkdir()
    target.write_bytes(OLD.encode())

    def corrupting_leave(self, original_node, updated_node):
        if updated_node.value == "sys":
            return updated_node.with_changes(value="os")
        return updated_node

    monkeypatch.setattr(_rewrite.UnitTransformer, "leave_Name", corrupting_leave, raising=False)
    assert main([str(tmp_path / "exir"), "--jobs", "1"]) == 1
    assert target.read_bytes() == OLD.encode()
    err = capsys.readouterr().err
    assert "mod.py" in err and "GuardError" in err


def test_the_transform_is_really_used_by_the_driver(monkeypatch, tmp_path):
    """Sanity check for the test above: with the hook but no corruption, the file changes."""
    target = tmp_path / "exir" / "mod.py"
    target.parent.mkdir()
    target.write_bytes(OLD.encode())
    calls = []

    def counting_leave(self, original_node, updated_node):
        calls.append(updated_node.value)
        return updated_node

    monkeypatch.setattr(_rewrite.UnitTransformer, "leave_Name", counting_leave, raising=False)
    assert main([str(tmp_path / "exir"), "--jobs", "1", "--quiet"]) == 0
    assert "sys" in calls and target.read_text() == GOOD
    assert isinstance(cst.parse_module(GOOD), cst.Module)
