"""The text the vendoring step writes: the runtime's files as the checkout's own, its BUCK file.

Pure functions from strings to strings (no file access): ``codemods.vendor`` reads, calls these,
formats with the checkout's own formatter and writes. Edits of the checkout's configuration files
are in ``config``.
"""

from __future__ import annotations

import ast
import re
import tokenize
from io import StringIO

RUNTIME_NAME = "et_log_runtime"
# The Meta BSD header ExecuTorch's files start with; used when the target has none to copy.
DEFAULT_LICENSE = (
    "# Copyright (c) Meta Platforms, Inc. and affiliates.\n"
    "# All rights reserved.\n"
    "#\n"
    "# This source code is licensed under the BSD-style license found in the\n"
    "# LICENSE file in the root directory of this source tree.\n"
)


class VendorError(Exception):
    """Vendoring cannot go on; the message names the file (and line) and what to do."""


def license_of(text: str) -> str | None:
    """The leading comment block of a target file if it is a license header, else None."""
    lines = []
    for line in text.splitlines(keepends=True):
        if not line.startswith("#"):
            break
        lines.append(line)
    block = "".join(lines)
    return block if "license" in block.lower() else None


def header(license_text: str) -> str:
    """The checkout's license header, as its own files start."""
    return f"{license_text}\n"


def localize(text: str, module: str, path: str) -> str:
    """The runtime module renamed to ``module``: imports must already be relative; prose follows.

    Only comments and strings may mention the runtime by name (they are renamed); code that
    imports it by name is refused, since the vendored copy must not depend on et-log.
    """
    try:
        tree = ast.parse(text, path)
    except SyntaxError as exc:
        raise VendorError(f"{path}:{exc.lineno}: cannot parse: {exc.msg}") from exc
    for node in ast.walk(tree):
        names: list[str] = []
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif node.level == 0 and node.module:
            names = [node.module]
        if any(n == RUNTIME_NAME or n.startswith(RUNTIME_NAME + ".") for n in names):
            raise VendorError(f"{path}:{node.lineno}: absolute import of {RUNTIME_NAME}")
    for token in tokenize.generate_tokens(StringIO(text).readline):
        if token.type == tokenize.NAME and token.string == RUNTIME_NAME:
            raise VendorError(f"{path}:{token.start[0]}: {RUNTIME_NAME} used by name in code")
    return text.replace(RUNTIME_NAME, module)


_NOQA = re.compile(r"#\s*noqa:\s*([A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*)\s*(?:-\s*)?(.*)$")
# Codes ExecuTorch's flake8 checks (its .flake8 `select`); our ruff-only codes mean nothing there.
_TARGET_CODE = re.compile(r"(B|C|E|F|P|W|TOR)[0-9]")


def fit_comments(source: str, limit: int) -> str:
    """Trailing comments as the target's formatter leaves them readable.

    ``# noqa`` keeps only the codes the target's flake8 knows. A trailing comment that would push
    its line past ``limit`` moves to its own line above (black would otherwise split the code
    around it), except the ``# noqa`` part, which must stay on its line.
    """
    starts = {
        token.start[0]: token.start[1]
        for token in tokenize.generate_tokens(StringIO(source).readline)
        if token.type == tokenize.COMMENT
    }
    out = []
    for number, line in enumerate(source.splitlines(keepends=True), 1):
        col = starts.get(number)
        if col is None or not line[:col].strip():
            out.append(line)
            continue
        code, comment, noqa = line[:col].rstrip(), line[col:].rstrip(), ""
        if re.match(r"#\s*(type|pyre|pragma)\b", comment):  # bound to its line
            out.append(line)
            continue
        match = _NOQA.match(comment)
        if match:
            codes = [c for c in re.split(r"[,\s]+", match.group(1)) if _TARGET_CODE.match(c)]
            noqa = f"# noqa: {', '.join(codes)}" if codes else ""
            comment = f"# {match.group(2)}" if match.group(2) else ""
        inline = f"{noqa} - {comment[2:]}" if noqa and comment else noqa or comment
        indent = line[: len(line) - len(line.lstrip())]
        if len(code) + 2 + len(inline) <= limit:
            out.append(f"{code}  {inline}\n")
            continue
        if comment:
            out.append(f"{indent}{comment}\n")
        out.append(f"{code}  {noqa}\n" if noqa else f"{code}\n")
    return "".join(out)


def buck_file(library: str, modules: list[str], tests: list[str], test_deps: list[str]) -> str:
    """The runtime's BUCK file in ExecuTorch's shape: the library and, with tests, its test."""
    head = (
        'load("@fbcode_macros//build_defs:build_file_migration.bzl", "fbcode_target")\n'
        'load("@fbsource//xplat/executorch/build:runtime_wrapper.bzl", "runtime")\n\n'
        'oncall("executorch")\n'
    )
    parts = [head, _target("runtime.python_library", library, modules, [])]
    if tests:
        parts.append(_target("runtime.python_test", "test", tests, [f":{library}", *test_deps]))
    return "\n".join(parts)


def _target(kind: str, name: str, srcs: list[str], deps: list[str]) -> str:
    def listed(key: str, items: list[str]) -> str:
        lines = "".join(f'        "{item}",\n' for item in items)
        return f"    {key} = [\n{lines}    ],\n" if items else ""

    return (
        f"fbcode_target(\n    _kind = {kind},\n"
        f'    name = "{name}",\n{listed("srcs", srcs)}{listed("deps", deps)})\n'
    )
