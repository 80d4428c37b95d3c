"""The tests of what `xnnpack-verbose`'s commit changes, in XNNPACK's own partitioner tests (the
file and Buck target `test_xnnpack_partitioner` that exist): importing the partitioner leaves the
root logger alone; `verbose=True` prints its line once, on the stderr of the moment; it steps
aside for the application's handler and prints nothing where the application stopped
ExecuTorch's records. Each fails on the partitioner as it was (its import configured the root,
whose handler held the stderr of the import)."""

from __future__ import annotations

import ast

from codemods.recipes.base import Edit, Recipe, RecipePlan, find_class
from codemods.shared.review import Review

CLASS = "TestXnnpackPartitionerLogging"
_TESTS = '''\
class TestXnnpackPartitionerLogging(unittest.TestCase):
    """
    What the partitioner prints: nothing set up at import, and verbose=True's lines once, on
    the current stderr, unless the application shows them or stopped them.
    """

    VERBOSE_LINE = "Verbose logging enabled for XNNPACK partitioner."

    def setUp(self):
        self.module = importlib.import_module(XnnpackPartitioner.__module__)
        logger, root = self.module.logger, logging.getLogger()
        executorch = logging.getLogger("executorch")
        saved = (logger.level, logger.handlers[:], root.handlers[:])
        propagates = executorch.propagate

        def restore():
            logger.setLevel(saved[0])
            logger.handlers[:] = saved[1]
            root.handlers[:] = saved[2]
            executorch.propagate = propagates

        self.addCleanup(restore)
        logger.handlers[:] = []
        root.handlers[:] = []  # pytest's own handlers, or an earlier test's

    def stderr_of(self, **kwargs):
        out = io.StringIO()
        with contextlib.redirect_stderr(out):
            XnnpackPartitioner(**kwargs)
        return out.getvalue()

    def test_import_leaves_the_root_logger_unconfigured(self):
        # the module as imported again, then as it was: other modules hold its objects
        self.addCleanup(vars(self.module).update, dict(vars(self.module)))
        importlib.reload(self.module)
        self.assertEqual(logging.getLogger().handlers, [])

    def test_verbose_prints_its_line_once_on_the_current_stderr(self):
        # the handler is made before stderr is redirected
        XnnpackPartitioner(verbose=True)
        expected = f"DEBUG:{self.module.__name__}:{self.VERBOSE_LINE}"
        self.assertEqual(self.stderr_of(verbose=True).splitlines(), [expected])

    def test_verbose_leaves_its_lines_to_the_application_s_handler(self):
        shown = io.StringIO()
        logging.getLogger().addHandler(logging.StreamHandler(shown))
        self.assertEqual(self.stderr_of(verbose=True), "")
        self.assertEqual(shown.getvalue().splitlines(), [self.VERBOSE_LINE])

    def test_verbose_prints_nothing_where_the_application_stopped_executorch(self):
        logging.getLogger("executorch").propagate = False
        self.assertEqual(self.stderr_of(verbose=True), "")

    def test_without_verbose_nothing_prints(self):
        self.assertEqual(self.stderr_of(), "")


'''
_IMPORTS = ("contextlib", "importlib", "io", "logging", "unittest")


def _plain_imports(body: list[ast.stmt]) -> list[tuple[int, str]]:
    return [
        (i, alias.name)
        for i, s in enumerate(body)
        if isinstance(s, ast.Import)
        for alias in s.names
    ]


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    """The test class after the file's last class, the standard-library imports it needs in
    the sorted block of `import x` lines."""
    body = tree.body
    existing = find_class(tree, CLASS)
    if existing is not None:
        same = ast.dump(existing) == ast.dump(ast.parse(_TESTS).body[0])
        return None if same else Review(f"a different {CLASS} is already there")
    if find_class(tree, "TestXnnpackPartitioner") is None:
        return Review("no TestXnnpackPartitioner class in this file")
    plain = _plain_imports(body)
    if not plain:
        return Review("no `import x` block to add the test's imports to")
    have = {name for _, name in plain}
    added: dict[int, str] = {}  # where each goes: before the first import sorting after it
    for name in (n for n in _IMPORTS if n not in have):
        at = next((i for i, other in plain if other > name), plain[-1][0] + 1)
        added[at] = added.get(at, "") + f"import {name}\n"
    edits = [Edit(body, at, 0, text) for at, text in added.items()]
    last = max(i for i, s in enumerate(body) if isinstance(s, ast.ClassDef))
    edits.append(Edit(body, last + 1, 0, "\n\n" + _TESTS.rstrip("\n") + "\n"))
    return RecipePlan(edits, ())


RECIPE = Recipe(
    "xnnpack-verbose-tests",
    "backends/xnnpack/test/test_xnnpack_partitioner.py",
    plan,
    change=f"`{CLASS}` joins the partitioner's tests: import leaves the root logger "
    "unconfigured; `verbose=True` prints its line once on the current stderr, defers to the "
    "application's handler, and prints nothing under `propagate = False` on `executorch`",
    effect="no change; these tests fail if the partitioner configures the root logger again, "
    "or its verbose handler prints twice, to a stale stderr, or past the application",
    needs=("xnnpack-verbose",),
    family="xnnpack-verbose",
)
