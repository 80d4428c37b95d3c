"""Hypothesis strategies for logging-heavy modules: every site spelling, in every nesting.

A generated module picks a set of import spellings (aliases, `from ... import`), then a tree of
blocks (functions, async functions, classes, decorators, if/for/with/try, lambdas, comprehensions,
f-strings) whose statements mix ordinary code with logging sites that fit the imports. The text
is valid Python by construction; `injected_program` splices sites into hypothesmith programs.
"""

from __future__ import annotations

import ast
import re
import warnings

from hypothesis import strategies as st

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

# (import line, {role: spelling}) — roles say which site expressions the import makes available.
IMPORTS: tuple[tuple[str, dict[str, str]], ...] = (
    ("import logging", {"logging": "logging"}),
    ("import logging as lg", {"logging": "lg"}),
    ("from logging import getLogger", {"getLogger": "getLogger"}),
    ("from logging import getLogger as gl", {"getLogger": "gl"}),
    ("from logging import info, warning, basicConfig", {"root": "info|warning"}),
    ("import sys", {"sys": "sys"}),
    ("import sys as _sys", {"sys": "_sys"}),
    ("from sys import stderr", {"stderr": "stderr"}),
    ("import warnings", {"warnings": "warnings"}),
    ("import warnings as _w", {"warnings": "_w"}),
    ("from warnings import warn", {"warn": "warn"}),
)

_TEXTS = (
    '"plain message"',
    '"Error: it failed"',
    '"warning: odd shape"',
    '"INFO: loaded"',
    '"100% done"',
    '"a %s b"',
    '"tab\\there"',
    '"ünïcödé ✓"',
    "'single quoted'",
    '"""triple\nquoted"""',
    'f"value {x!r:>4}"',
    'f"{x}% of {y}"',
    "f\"nested {f'{x}'}\"",
    "r'raw \\d'",
    '"implicit " "concatenation"',
    "str(x)",
    "x",
)
_ARGS = ("x", "y", "len(y)", '"lit"', "3.5", "None", "x + 1")
_LEVELS = ("debug", "info", "warning", "warn", "error", "exception", "critical")
_CATEGORIES = (
    "",
    ", UserWarning",
    ", RuntimeWarning",
    ", category=RuntimeWarning",
    ", DeprecationWarning",
    ", FutureWarning",
    ", PendingDeprecationWarning",
    ", OldApiWarning",
    ", stacklevel=2",
    ", UserWarning, stacklevel=3",
)
_LOGGER_NAMES = ("__name__", "", "__file__", '"executorch.exir.passes"', '"other.pkg"', '""')
_PAYLOAD = (
    "x = 1",
    "y = [i * 2 for i in range(3)]",
    "pass",
    "z = {k: v for k, v in zip('ab', 'cd')}",
    "# a comment line\npass",
    "x, y = y, x",
    "assert x is not None, 'x'",
    "z = None",
    "value = (x if x else y)  # trailing comment",
    "result = sum(\n    i\n    for i in range(4)\n)",
)


def _texts() -> st.SearchStrategy[str]:
    return st.sampled_from(_TEXTS)


@st.composite
def site(draw: st.DrawFn, roles: dict[str, str]) -> str:
    """One site expression or statement available with the imports' `roles`."""
    kinds = sorted(roles)
    role = draw(st.sampled_from(kinds))
    spelling = roles[role]
    text = draw(_texts())
    args = draw(st.lists(st.sampled_from(_ARGS), max_size=2))
    rest = "".join(f", {a}" for a in args)
    if role == "logging":
        form = draw(st.integers(0, 6))
        if form == 0:
            return f"{spelling}.getLogger({draw(st.sampled_from(_LOGGER_NAMES))})"
        if form == 1:
            level = draw(st.sampled_from(_LEVELS))
            return f"{spelling}.{level}({text}{rest})"
        if form == 2:
            return f"{spelling}.log({spelling}.INFO, {text}{rest})"
        if form == 3:
            return f"{spelling}.basicConfig(level={spelling}.DEBUG)"
        if form == 4:
            return f"{spelling}.getLogger().setLevel({spelling}.INFO)"
        if form == 5:
            return f"{spelling}.root.addHandler({spelling}.NullHandler())"
        return f"{spelling}.getLogger(__name__).setLevel({spelling}.DEBUG)"
    if role == "getLogger":
        return f"{spelling}({draw(st.sampled_from(_LOGGER_NAMES[:5]))})"
    if role == "root":
        return f"{draw(st.sampled_from(spelling.split('|')))}({text}{rest})"
    if role in ("sys", "stderr"):
        stream = f"{spelling}.stderr" if role == "sys" else spelling
        form = draw(st.integers(0, 5))
        if form == 0:
            return f'{stream}.write({text} + "\\n")'
        if form == 1:
            return f"{stream}.write({text})"
        extra = draw(st.sampled_from(("", ', sep=""', ', sep=" | "', ', end=""', ", flush=True")))
        star = draw(st.sampled_from(("", ", *y")))
        if form == 2:
            return f"print(file={stream})"
        return f"print({text}{rest}{star}{extra}, file={stream})"
    category = draw(st.sampled_from(_CATEGORIES))
    if role == "warn":
        return f"warn({text}{category})"
    return f"{spelling}.warn({text}{category})"


def _fits_fstring(expr: str) -> bool:
    """Python < 3.12 forbids backslashes and the outer quote inside an f-string expression."""
    try:
        ast.parse(f"f'''{{{expr}}}'''")
    except SyntaxError:
        return False
    return True


def _indent(lines: list[str], depth: int) -> list[str]:
    pad = "    " * depth
    return [pad + line if line.strip() else line for line in lines]


@st.composite
def statement(draw: st.DrawFn, roles: dict[str, str], depth: int) -> list[str]:
    """A statement (maybe compound) as lines at column 0; compound ones hold more statements."""
    choices = ["payload", "site", "site", "assign", "nested"]
    if depth >= 3:
        choices.remove("nested")
    choice = draw(st.sampled_from(choices)) if roles else "payload"
    if choice == "payload":
        return draw(st.sampled_from(_PAYLOAD)).split("\n")
    if choice == "site":
        line = draw(site(roles))
        noqa = draw(st.sampled_from(("", "", "", "  # why not", "  # noqa: ETL003", "  # noqa")))
        shape = draw(st.integers(0, 9))
        if shape == 0:
            return [f"x = 1; {line}; y = 2{noqa}"]  # statements sharing a line
        if shape == 1:
            return [f"if x: {line}{noqa}"]  # a one-line compound statement
        if shape == 2:
            return [f"{line} if x else None"]
        return [line + noqa]
    if choice == "assign":
        target = draw(st.sampled_from(("logger", "log", "_LOG", "self_log", "logger: object")))
        wrapper = draw(st.integers(0, 5))
        expr = draw(site(roles))
        if wrapper == 0:
            return [f"cb = lambda: {expr}"]
        if wrapper == 1:
            return [f"found = [{expr} for _ in range(2)]"]
        if wrapper == 2 and _fits_fstring(expr):
            return [f"shown = f'''{{{expr}}}'''"]
        if wrapper == 3:
            return ["found = [", f"    {expr}", "    for _ in (1, 2)", "]"]
        return [f"{target} = {expr}"]
    return draw(block(roles, depth))


@st.composite
def body(draw: st.DrawFn, roles: dict[str, str], depth: int) -> list[str]:
    stmts = draw(st.lists(statement(roles, depth + 1), min_size=1, max_size=4))
    return [line for stmt in stmts for line in stmt]


@st.composite
def block(draw: st.DrawFn, roles: dict[str, str], depth: int) -> list[str]:
    """A compound statement: def, async def, class, decorated def, if/for/while/with/try."""
    kind = draw(st.sampled_from(("def", "async", "class", "decorated", "if", "for", "with", "try")))
    inner = _indent(draw(body(roles, depth)), 1)
    name = f"f{depth}_{draw(st.integers(0, 9))}"
    if kind == "def":
        return [f"def {name}(x=None, y=(), *args, **kwargs):", *inner]
    if kind == "async":
        return [f"async def {name}(x=None, y=()):", *inner]
    if kind == "class":
        method = _indent([f"def {name}(self, x=None, y=()):", *inner], 1)
        return [f"class C{name}:", '    """Docstring."""', "", *method]
    if kind == "decorated":
        deco = draw(site(roles)) if roles else "staticmethod"
        return [
            "def deco(*a, **k):",
            "    return lambda fn: fn",
            "",
            f"@deco({deco})",
            f"def {name}(x=None, y=()):",
            *inner,
        ]
    if kind == "if":
        tail = ["else:", *inner] if draw(st.booleans()) else []
        return ["if x:", *inner, *tail]
    if kind == "for":
        return ["for x in range(2):", *inner]
    if kind == "with":
        return ["with open(__file__) as handle:", *inner]
    return ["try:", *inner, "except Exception as exc:", "    raise RuntimeWarning(exc)"]


@st.composite
def logging_module(draw: st.DrawFn) -> str:
    """A whole module: optional docstring/__future__, imports, module-level code and blocks."""
    picks = draw(st.lists(st.integers(0, len(IMPORTS) - 1), min_size=1, max_size=4, unique=True))
    chosen = [IMPORTS[i] for i in sorted(picks)]
    roles: dict[str, str] = {}
    for _, provides in chosen:
        roles.update(provides)
    head: list[str] = []
    if draw(st.booleans()):
        head.append('"""Module docstring."""')
    if draw(st.booleans()):
        head.append("from __future__ import annotations")
    head += ["import os", *(line for line, _ in chosen)]
    if draw(st.booleans()):
        head.append("class OldApiWarning(DeprecationWarning):\n    pass")
    else:
        head.append("OldApiWarning = UserWarning")
    clash = draw(st.sampled_from(("", "logger = object()", "get_logger = len", "warn = 1")))
    if clash:
        head.append(clash)
    head += ["x = None", "y = ()"]
    stmts = draw(st.lists(statement(roles, 0), min_size=1, max_size=6))
    lines = head + [line for stmt in stmts for line in stmt]
    if draw(st.integers(0, 9)) == 0:
        lines += ['if __name__ == "__main__":', '    print("cli", file=__import__("sys").stderr)']
    text = "\n".join(lines) + "\n"
    ast.parse(text)  # valid by construction; a generator bug shows up here, not as a finding
    return text


def _insertion_points(text: str) -> list[tuple[int, int]]:
    """(line, column) of statements that start their own physical line, safe to insert before."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    lines = _LINE_BREAK.split(text)
    points = []
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            if not isinstance(stmts, list):
                continue
            for stmt in stmts:
                if not isinstance(stmt, ast.stmt) or stmt.lineno > len(lines):
                    continue
                line = lines[stmt.lineno - 1]
                before = lines[stmt.lineno - 2] if stmt.lineno > 1 else ""
                if (
                    line[: stmt.col_offset].strip() == ""
                    and line[: stmt.col_offset].isascii()
                    and not before.rstrip().endswith("\\")
                    and not getattr(stmt, "decorator_list", None)
                ):
                    points.append((stmt.lineno, stmt.col_offset))
    return sorted(set(points))


@st.composite
def injected_program(draw: st.DrawFn, programs: st.SearchStrategy[str]) -> str:
    """A hypothesmith program with logging imports on top and sites spliced into its blocks."""
    program = draw(programs)
    roles = {"logging": "logging", "sys": "sys", "warnings": "warnings"}
    header = "import logging\nimport sys\nimport warnings\n"
    lines = _LINE_BREAK.split(program)
    points = _insertion_points(program)
    chosen = draw(st.lists(st.sampled_from(points), max_size=4, unique=True)) if points else []
    for lineno, col in sorted(chosen, reverse=True):
        lines.insert(lineno - 1, " " * col + draw(site(roles)))
    tail = draw(site(roles))
    for candidate in ("\n".join([*lines, tail, ""]), "\n".join(lines), program):
        spliced = header + candidate
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                compile(spliced, "<injected>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # e.g. a site landed after a line continuation: try with fewer sites
        return spliced
    return header + program
