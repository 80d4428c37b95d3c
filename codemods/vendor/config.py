"""Edits of the checkout's configuration that make the vendored runtime part of it.

``pyproject.toml``: the ``torch.backends`` entry point (the hook's pull request), as a line
insertion checked by re-parsing. ``pytest.ini``: the runtime's tests among ``testpaths``.
``setup.py``: the runtime's package beside the exporter's in a minimal build's package list
(libcst, layout kept). Each edit leaves every other byte as it was, and raises VendorError (with
what to add by hand) where it cannot be sure of that.
"""

from __future__ import annotations

import configparser
import copy
import re
import sys

import libcst as cst

from codemods.vendor.cst_lists import insert_string, strings_of
from codemods.vendor.text import VendorError

ENTRY_POINT_GROUP = '[project.entry-points."torch.backends"]'
ENTRY_POINT_NAME = "executorch_logging"


def _headers(lines: list[str]) -> list[tuple[int, str]]:
    return [(i, line.strip()) for i, line in enumerate(lines) if re.match(r"\s*\[", line)]


def _table_end(lines: list[str], start: int) -> int:
    """Index after the last key line of the table whose header is at ``start``."""
    end = start + 1
    for i in range(start + 1, len(lines)):
        if re.match(r"\s*\[", lines[i]):
            break
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            end = i + 1
    return end


def _set_key(lines: list[str], header_line: str, key: str, value: str) -> list[str] | None:
    """Lines with ``key = value`` in table ``header_line`` (appended to the file if absent).

    None when the key exists with another value in a form we do not rewrite (multi-line).
    """
    wanted = f"{key} = {value}\n"
    headers = _headers(lines)
    found = [i for i, text in headers if text == header_line]
    if not found:
        if lines and not lines[-1].endswith("\n"):
            lines = [*lines[:-1], lines[-1] + "\n"]
        owner = header_line.strip("[]").split(".")[0]  # a new [project.x] goes after [project*]
        siblings = [i for i, text in headers if text.strip("[]").split(".")[0] == owner]
        if siblings:
            at = _table_end(lines, siblings[-1])
            return [*lines[:at], "\n", f"{header_line}\n", wanted, *lines[at:]]
        tail = [] if not lines or lines[-1].strip() == "" else ["\n"]
        return [*lines, *tail, f"{header_line}\n", wanted]
    start = found[0]
    end = _table_end(lines, start)
    for i in range(start + 1, end):
        if re.match(rf"\s*{re.escape(key)}\s*=", lines[i]):
            if lines[i] == wanted:
                return lines
            one_line = re.fullmatch(
                rf"\s*{re.escape(key)}\s*=\s*(\"[^\"]*\"|\[[^\]]*\])\s*\n?", lines[i]
            )
            return [*lines[:i], wanted, *lines[i + 1 :]] if one_line else None
    return [*lines[:end], wanted, *lines[end:]]


def edit_pyproject(text: str, entry_point: str) -> str:
    """``pyproject.toml`` with the ``torch.backends`` entry point; byte-identical elsewhere.

    Raises VendorError when the file declares entry points in a form not safe to edit by text.
    """
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib

    try:
        before = tomllib.loads(text)
    except ValueError as exc:
        raise VendorError(f"pyproject.toml: cannot parse: {exc}") from exc
    project = before.get("project")
    if not isinstance(project, dict):
        raise VendorError(
            "pyproject.toml: no [project] table to carry the torch.backends entry point"
        )
    wanted = f'{ENTRY_POINT_GROUP}\n{ENTRY_POINT_NAME} = "{entry_point}"'
    if "entry-points" in project and not text.count("[project.entry-points"):
        raise VendorError(f"pyproject.toml: [project] declares entry-points inline; add:\n{wanted}")
    edited = _set_key(
        text.splitlines(keepends=True), ENTRY_POINT_GROUP, ENTRY_POINT_NAME, f'"{entry_point}"'
    )
    if edited is None:
        raise VendorError(
            f"pyproject.toml: the entry point is written in a form not edited by text; add:\n{wanted}"
        )
    result = "".join(edited)
    expected = copy.deepcopy(before)
    points = expected["project"].setdefault("entry-points", {}).setdefault("torch.backends", {})
    points[ENTRY_POINT_NAME] = entry_point
    if tomllib.loads(result) != expected:
        raise VendorError("pyproject.toml: the edit would change other settings; not written")
    return result


def _testpaths(text: str) -> list[str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(text)
    return parser.get("pytest", "testpaths", fallback="").split()


def edit_pytest_ini(text: str, folder: str, comment: str) -> str:
    """``pytest.ini`` whose ``testpaths`` also names ``folder``: in its own group, ``# comment``
    above it, between the groups where its path sorts (or among the lines, without groups)."""
    try:
        before = _testpaths(text)
    except configparser.Error as exc:
        raise VendorError(f"pytest.ini: cannot parse: {exc}") from exc
    if folder in before:
        return text
    lines = text.splitlines(keepends=True)
    key = next((i for i, line in enumerate(lines) if re.match(r"testpaths\s*=\s*$", line)), None)
    if not before or key is None:
        raise VendorError(f"pytest.ini: no testpaths list, one path a line; add {folder} to it")
    end = key + 1
    while end < len(lines) and (not lines[end].strip() or lines[end][0] in " \t"):
        end += 1
    while not lines[end - 1].strip():
        end -= 1
    block = lines[key + 1 : end]
    first = next(line for line in block if line.strip())
    indent = first[: len(first) - len(first.lstrip())]
    entry = f"{indent}{folder}\n"
    starts = [
        i for i, line in enumerate(block) if line.strip() and (i == 0 or not block[i - 1].strip())
    ]
    grouped = len(starts) > 1 and all(block[i].strip().startswith("#") for i in starts[1:])
    if grouped:
        firsts = [_first_path(block, i) for i in starts]
        at = next((s for s, p in zip(starts, firsts, strict=True) if p > folder), None)
        group = [f"{indent}# {comment}\n", entry]
        new = block[:at] + group + ["\n"] + block[at:] if at is not None else block + ["\n", *group]
    else:
        paths = [i for i, line in enumerate(block) if line.strip() and line.strip()[0] != "#"]
        at = next((i for i in paths if block[i].strip() > folder), len(block))
        new = block[:at] + [entry] + block[at:]
    result = "".join([*lines[: key + 1], *new, *lines[end:]])
    after = _testpaths(result)
    if sorted(after) != sorted([*before, folder]):
        raise VendorError(f"pytest.ini: the edit would change testpaths otherwise; add {folder}")
    return result


def _first_path(block: list[str], start: int) -> str:
    for line in block[start:]:
        if line.strip() and not line.strip().startswith("#"):
            return line.strip()
    return ""


class _AddPackage(cst.CSTTransformer):
    """Adds a package beside ``beside`` in the string lists that hold it."""

    def __init__(self, package: str, beside: str) -> None:
        self.package = package
        self.beside = beside
        self.count = 0

    def leave_List(self, original: cst.List, updated: cst.List) -> cst.List:
        values = strings_of(original)
        if values is None or self.beside not in values or self.package in values:
            return updated
        self.count += 1
        return insert_string(updated, self.package)


def edit_setup_packages(text: str, package: str, beside: str) -> str:
    """``setup.py`` with ``package`` in every literal list of package names that holds
    ``beside`` (a minimal build's ``find_namespace_packages(include=[...])``)."""
    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        raise VendorError(f"setup.py:{exc.raw_line}: cannot parse: {exc.message}") from exc
    return module.visit(_AddPackage(package, beside)).code


_MYPY = re.compile(r"^code\s*=\s*['\"]MYPY['\"]\s*$")


def edit_lintrunner_mypy(text: str, pattern: str) -> str:
    """``.lintrunner.toml`` whose MYPY linter also checks ``pattern`` (``'_logging/**/*.py'``):
    one line added to its ``include_patterns`` where the pattern sorts among the others;
    unchanged when it is there already or a listed glob covers it (``'**/*.py'``, or ``'*.py'``
    for a file at the root)."""
    lines = text.splitlines(keepends=True)
    code = next((i for i, line in enumerate(lines) if _MYPY.match(line.strip())), None)
    if code is None:
        raise VendorError(".lintrunner.toml: no MYPY linter")
    start = next(
        (i for i in range(code, len(lines)) if lines[i].strip() == "include_patterns = ["), None
    )
    end = next((i for i in range(start or 0, len(lines)) if lines[i].strip() == "]"), None)
    if start is None or end is None or "[[linter]]" in "".join(lines[code:start]):
        raise VendorError(".lintrunner.toml: MYPY's include_patterns is not one pattern a line")
    quoted = [(i, line.strip().rstrip(",")) for i, line in enumerate(lines) if start < i < end]
    patterns = [(i, p[1:-1]) for i, p in quoted if p[:1] in "'\"" and p[-1:] == p[:1]]
    if any(p in (pattern, "**/*.py") or lintrunner_glob_takes(p, pattern) for _, p in patterns):
        return text
    indent = next((lines[i][: len(lines[i]) - len(lines[i].lstrip())] for i, _ in patterns), "")
    at = next((i for i, p in patterns if p > pattern), end)
    return "".join([*lines[:at], f"{indent}'{pattern}',\n", *lines[at:]])


def lintrunner_glob_takes(glob: str, path: str) -> bool:
    """Whether lintrunner's ``glob`` takes the file ``path`` (``*`` stays within a folder)."""
    if "*" in path:
        return False
    parts = re.split(r"(\*\*/|\*)", glob)
    regex = "".join(
        "(?:.*/)?" if p == "**/" else "[^/]*" if p == "*" else re.escape(p) for p in parts
    )
    return re.fullmatch(regex, path) is not None
