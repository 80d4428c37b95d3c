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


# Issue 21, class 7: the removals a rewrite may make besides its sites, exactly and no more.
DEL_OLD = (
    "try:\n    import torch\nexcept ImportError:\n    import logging\n\n"
    '    logging.info("no torch")\n    del logging\n'
)
DEL_NEW = (
    "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n"
    'try:\n    import torch\nexcept ImportError:\n    logger.info("no torch")\n'
)
FORMAT_OLD = (
    "import logging\n\n"
    'FORMAT = "[%(levelname)s] %(message)s"\nlogging.basicConfig(level=logging.INFO, format=FORMAT)\n'
    "LEVEL = logging.INFO\n"
)
FORMAT_NEW = "import logging\n\nLEVEL = logging.INFO\n"


def _site(tree: ast.Module, func: str) -> ast.Call:
    return next(
        n for n in ast.walk(tree) if isinstance(n, ast.Call) and ast.unparse(n.func) == func
    )


def _allowed_for(tree: ast.Module, rewritten: str = "", removed: str = "", **changes) -> Allowed:
    sites = frozenset({span(_site(tree, rewritten))}) if rewritten else frozenset()
    gone = _site(tree, removed) if removed else None
    return Allowed(
        sites=sites,
        removed=frozenset({(gone.lineno, gone.col_offset)}) if gone else frozenset(),
        runtime="et_log_runtime",
        runtime_names=frozenset(changes.pop("runtime_names", {"get_logger"})),
        logger=changes.pop("logger", "logger"),
        **changes,
    )


def test_an_import_used_only_by_its_del_goes_with_the_del():
    tree = ast.parse(DEL_OLD)
    check(tree, DEL_OLD, DEL_NEW, "x.py", _allowed_for(tree, "logging.info"))


@pytest.mark.parametrize(
    "bad",
    [
        DEL_NEW.replace('logger.info("no torch")', 'logger.info("no torch")\n    del torch'),
        DEL_NEW + "del torch\n",
    ],
    ids=["a-del-added", "statement-added"],
)
def test_a_del_goes_only_with_an_import_nothing_uses(bad):
    tree = ast.parse(DEL_OLD)
    with pytest.raises(GuardError):
        check(tree, DEL_OLD, bad, "x.py", _allowed_for(tree, "logging.info"))


def test_a_del_stays_while_its_import_is_still_used():
    old = DEL_OLD.replace("    del logging\n", '    logging.warning("kept")\n    del logging\n')
    new = DEL_NEW.replace(
        "except ImportError:\n",
        "except ImportError:\n    import logging\n\n",
    ).replace('logger.info("no torch")\n', 'logger.info("no torch")\n    logging.warning("kept")\n')
    tree = ast.parse(old)
    with pytest.raises(GuardError):
        check(tree, old, new, "x.py", _allowed_for(tree, "logging.info"))
    check(tree, old, new + "    del logging\n", "x.py", _allowed_for(tree, "logging.info"))


def test_a_del_of_another_name_may_not_go():
    old = DEL_OLD.replace("    del logging\n", "    del logging, torch_missing\n")
    new = DEL_NEW  # `del torch_missing` dropped too: not a name the rewrite left dead
    tree = ast.parse(old)
    with pytest.raises(GuardError):
        check(tree, old, new, "x.py", _allowed_for(tree, "logging.info"))
    kept = DEL_NEW + "    del torch_missing\n"
    check(tree, old, kept, "x.py", _allowed_for(tree, "logging.info"))


def test_a_constant_its_removed_call_alone_read_goes():
    tree = ast.parse(FORMAT_OLD)
    allowed = _allowed_for(
        tree, removed="logging.basicConfig", logger=None, constants=frozenset({"FORMAT"})
    )
    check(tree, FORMAT_OLD, FORMAT_NEW, "x.py", allowed)


@pytest.mark.parametrize(
    ("old", "constants"),
    [
        (FORMAT_OLD, frozenset()),  # not named by the migration
        (FORMAT_OLD.replace("LEVEL = logging.INFO", "LEVEL = FORMAT"), frozenset({"FORMAT"})),
        (
            FORMAT_OLD.replace(
                '"[%(levelname)s] %(message)s"', 'str("[%(levelname)s] %(message)s")'
            ),
            frozenset({"FORMAT"}),
        ),
    ],
    ids=["not-named", "still-read", "not-a-literal"],
)
def test_a_constant_goes_only_when_named_dead_and_literal(old, constants):
    tree = ast.parse(old)
    new = (
        FORMAT_NEW.replace("LEVEL = logging.INFO", "LEVEL = FORMAT")
        if "= FORMAT" in old
        else FORMAT_NEW
    )
    allowed = _allowed_for(tree, removed="logging.basicConfig", logger=None, constants=constants)
    with pytest.raises(GuardError):
        check(tree, old, new, "x.py", allowed)


def test_a_comparison_site_may_become_a_call_and_nothing_around_it_may_change():
    old = (
        "import logging\n\n\ndef f(g):\n    if logging.root.level <= logging.INFO:\n        g(1)\n"
    )
    new = (
        "import logging\n\nfrom et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n"
        "\n\ndef f(g):\n    if logger.isEnabledFor(logging.INFO):\n        g(1)\n"
    )
    tree = ast.parse(old)
    compare = next(n for n in ast.walk(tree) if isinstance(n, ast.Compare))
    allowed = Allowed(
        sites=frozenset({span(compare)}),
        removed=frozenset(),
        runtime="et_log_runtime",
        runtime_names=frozenset({"get_logger"}),
        logger="logger",
    )
    check(tree, old, new, "x.py", allowed)
    with pytest.raises(GuardError):
        check(tree, old, new.replace("g(1)", "g(2)"), "x.py", allowed)


def test_a_site_is_its_whole_span_not_the_call_around_it():
    """`logging.getLogger(__name__).getChild("x")`: the outer call starts where the site does;
    rewriting the site must not let the outer call change."""
    old = 'import logging\n\nlogger = logging.getLogger(__name__).getChild("x")\n'
    tree = ast.parse(old)
    inner = next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and ast.unparse(n.func) == "logging.getLogger"
    )
    allowed = Allowed(
        sites=frozenset({span(inner)}),
        removed=frozenset(),
        runtime="et_log_runtime",
        runtime_names=frozenset({"get_logger"}),
        logger=None,
    )
    good = 'from et_log_runtime import get_logger\n\nlogger = get_logger(__name__).getChild("x")\n'
    check(tree, old, good, "x.py", allowed)
    with pytest.raises(GuardError):
        check(tree, old, good.replace('getChild("x")', 'getChild("y")'), "x.py", allowed)


def test_the_runtime_warn_may_take_the_name_of_warnings_warn_but_not_beside_it():
    old = 'from warnings import warn\n\n\ndef f():\n    warn("m")\n'
    new = (
        "from et_log_runtime import get_logger, warn\n\nlogger = get_logger(__name__)\n\n\n"
        'def f():\n    warn(logger, "m")\n'
    )
    tree = ast.parse(old)
    allowed = _allowed_for(tree, "warn", runtime_names={"get_logger", "warn"})
    check(tree, old, new, "x.py", allowed)
    both = "from warnings import warn\n" + new
    with pytest.raises(GuardError):
        check(tree, old, both, "x.py", allowed)
