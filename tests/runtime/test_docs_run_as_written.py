"""Issue 32: every Python block of the docs runs as written, or says that it is a fragment.

A complete example has ``<!-- example: NAME -->`` above its block. Those the runtime alone can
run are run here (``dictconfig`` in test_routing.py); those that lower a model run on the
released wheel (``tests/e2e/test_doc_examples.py``, its ``EXPECTED``). A fragment's first line
says ``# a fragment: ...`` and what it leaves to the reader. docs/rules.md is left out: it is
written from the rules' examples, which the lint and codemod tests run.
"""

from __future__ import annotations

import ast
import logging
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [
    ROOT / "README.md",
    ROOT / "et_log_runtime" / "README.md",
    *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "rules.md"),
]
WHEEL_TEST = ROOT / "tests" / "e2e" / "test_doc_examples.py"
BLOCK = re.compile(r"(?:<!-- example: (?P<name>[\w-]+) -->\n)?```python\n(?P<code>.*?)```", re.S)
FRAGMENT = "# a fragment: "
ELSEWHERE = {"dictconfig": "tests/runtime/test_routing.py"}


def blocks() -> Iterator[tuple[str, str | None, str]]:
    """(page:line, example name or None, code) for each Python block of the docs."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for found in BLOCK.finditer(text):
            line = text.count("\n", 0, found.start("code"))
            yield f"{page.relative_to(ROOT)}:{line}", found["name"], found["code"]


def example(name: str) -> str:
    (code,) = [code for _, found, code in blocks() if found == name]
    return code


def imported(code: str) -> set[str]:
    """The top-level packages ``code`` imports."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def wheel_examples() -> set[str]:
    """The example names the e2e test runs on the wheel: the keys of its ``EXPECTED``."""
    tree = ast.parse(WHEEL_TEST.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "EXPECTED":
            assert isinstance(node.value, ast.Dict)
            return {ast.literal_eval(key)[1] for key in node.value.keys if key is not None}
    raise AssertionError(f"{WHEEL_TEST}: no EXPECTED table")


def test_every_python_block_is_an_example_or_says_it_is_a_fragment() -> None:
    unmarked = [
        where for where, name, code in blocks() if name is None and not code.startswith(FRAGMENT)
    ]
    assert unmarked == [], f"mark each as <!-- example: NAME --> or begin it {FRAGMENT!r}"


def test_a_marked_example_is_not_a_fragment_and_its_name_is_unique() -> None:
    names = [name for _, name, code in blocks() if name is not None]
    assert len(names) == len(set(names)), names
    assert not [n for _, n, code in blocks() if n and code.startswith(FRAGMENT)]


def test_each_example_is_run_by_a_test_where_it_can_run() -> None:
    here = {"set-logs"}  # the tests below
    wheel = wheel_examples()
    named = {name for _, name, _ in blocks() if name is not None}
    assert named == here | wheel | set(ELSEWHERE), (named, here, wheel)
    for name in named:  # the wheel's import ExecuTorch; the others need only the runtime
        assert ("executorch" in imported(example(name))) == (name in wheel), name


def test_the_set_logs_example_runs_as_written(run) -> None:
    check = "\nprint(logging.getLogger('executorch.exir.passes').getEffectiveLevel())\n"
    proc = run(example("set-logs") + check)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == [str(logging.DEBUG)]  # the last call's setting stands
