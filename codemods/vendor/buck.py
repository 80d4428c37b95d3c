"""Buck targets of an ExecuTorch checkout, read and edited with libcst (Starlark parses as Python).

A Python file belongs to the Buck package of the nearest folder above it holding a ``BUCK`` file;
its targets are the calls with a ``name`` and ``srcs`` in that ``BUCK`` and in the ``.bzl`` files
of the same folder it loads (``load(":targets.bzl", "define_common_targets")``), however they
are spelled: ``fbcode_target(_kind = runtime.python_library, ...)``,
``runtime.python_library(...)``, ``python_unittest(...)``. ``srcs`` is read when it is a list of
strings, a ``glob([...], exclude = [...])`` (also ``native.glob``) or a sum of those; anything
else is unreadable and said so. ``add_dependency`` edits only the ``deps`` lists of the targets
it is given (``cst_lists``: the layout is kept).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from codemods.vendor.cst_lists import insert_item, insert_string, strings_of, without_comments

BUILD_FILE = "BUCK"


class BuckError(Exception):
    """A Buck file that cannot be read or edited; the message names it."""


@dataclass(frozen=True)
class Sources:
    """What a target's ``srcs`` says: exact paths, glob patterns, and whether it said more."""

    paths: frozenset[str] = frozenset()
    globs: tuple[tuple[str, ...], ...] = ()  # (pattern, *exclusions)
    readable: bool = True

    def lists(self, rel: str) -> bool:
        if rel in self.paths:
            return True
        return any(
            _glob_matches(rel, pattern) and not any(_glob_matches(rel, x) for x in excluded)
            for pattern, *excluded in self.globs
        )

    def __add__(self, other: Sources) -> Sources:
        return Sources(
            self.paths | other.paths, self.globs + other.globs, self.readable and other.readable
        )


@dataclass(frozen=True)
class Call:
    """What a target call says: its kind (``runtime.python_library``), name, srcs and deps."""

    kind: str
    name: str  # "<computed>" when not a string literal
    srcs: Sources
    deps: tuple[str, ...] | None  # None: no readable deps list

    @property
    def python(self) -> bool:
        return "python" in self.kind


@dataclass(frozen=True)
class Target:
    file: Path  # the BUCK or .bzl file holding the call
    line: int
    call: Call

    @property
    def name(self) -> str:
        return self.call.name

    @property
    def srcs(self) -> Sources:
        return self.call.srcs


def _glob_matches(rel: str, pattern: str) -> bool:
    parts = []
    for piece in pattern.split("/"):
        if piece == "**":
            parts.append("(?:[^/]+/)*")
            continue
        text = re.escape(piece).replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
        parts.append(text + "/")
    regex = "".join(parts)
    regex = regex[:-1] if regex.endswith("/") else regex + "[^/]+"
    return re.fullmatch(regex, rel) is not None


def _string_list(node: cst.BaseExpression) -> list[str] | None:
    return strings_of(node) if isinstance(node, cst.List) else None


def _keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def read_sources(node: cst.BaseExpression) -> Sources:
    """The files a ``srcs`` value names, as far as they can be read without running Starlark."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        return read_sources(node.left) + read_sources(node.right)
    listed = _string_list(node)
    if listed is not None:
        return Sources(frozenset(listed))
    if isinstance(node, cst.Call) and _callee(node) in ("glob", "native.glob") and node.args:
        patterns = _string_list(node.args[0].value)
        exclude = _keyword(node, "exclude")
        excluded = [] if exclude is None else _string_list(exclude.value)
        if patterns is not None and excluded is not None and not node.args[0].keyword:
            return Sources(globs=tuple((p, *excluded) for p in patterns))
    return Sources(readable=False)


def _callee(call: cst.Call) -> str:
    return _dotted(call.func)


def _dotted(func: cst.BaseExpression) -> str:
    names = []
    while isinstance(func, cst.Attribute):
        names.append(func.attr.value)
        func = func.value
    if isinstance(func, cst.Name):
        names.append(func.value)
    return ".".join(reversed(names))


def target_of(call: cst.Call) -> Call | None:
    """What a target call says, or None for a call that is not a target (no ``srcs``)."""
    name, srcs = _keyword(call, "name"), _keyword(call, "srcs")
    if name is None or srcs is None:
        return None
    value = name.value.evaluated_value if isinstance(name.value, cst.SimpleString) else None
    kind = _keyword(call, "_kind")
    kind_name = _callee(call) if kind is None else _dotted(kind.value)
    deps = _keyword(call, "deps")
    listed = None if deps is None else _listed(deps.value)
    named = value if isinstance(value, str) else "<computed>"
    return Call(kind_name, named, read_sources(srcs.value), listed)


def _listed(node: cst.BaseExpression) -> tuple[str, ...] | None:
    """The labels a ``deps`` value spells out (the string items of its list, or of each list
    of a sum such as ``[...] + select(...)``), or None when it is no list at all."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        left, right = _listed(node.left), _listed(node.right)
        return None if left is None and right is None else (left or ()) + (right or ())
    if not isinstance(node, cst.List):
        return None
    items = [e.value for e in node.elements if isinstance(e.value, cst.SimpleString)]
    return tuple(v for v in (i.evaluated_value for i in items) if isinstance(v, str))


def parse(path: Path, source: str | None = None) -> cst.Module:
    """``path`` (or ``source``, its text) as a libcst module; BuckError naming it if it is not
    readable Starlark."""
    try:
        text = path.read_text(encoding="utf-8") if source is None else source
        return cst.parse_module(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise BuckError(f"{path}: cannot read: {exc}") from exc
    except cst.ParserSyntaxError as exc:
        raise BuckError(f"{path}:{exc.raw_line}: cannot parse: {exc.message}") from exc


class _Collector(cst.CSTVisitor):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, path: Path) -> None:
        self.path = path
        self.targets: list[Target] = []
        self.loads: list[str] = []

    def visit_Call(self, node: cst.Call) -> None:
        if _callee(node) == "load" and node.args:
            first = node.args[0].value
            if isinstance(first, cst.SimpleString) and isinstance(first.evaluated_value, str):
                self.loads.append(first.evaluated_value)
            return
        found = target_of(node)
        if found is not None:
            line = self.get_metadata(PositionProvider, node).start.line
            self.targets.append(Target(self.path, line, found))


def _collect(path: Path, source: str | None = None) -> _Collector:
    collector = _Collector(path)
    MetadataWrapper(parse(path, source)).visit(collector)
    return collector


def targets_of_text(source: str, path: Path) -> list[Target]:
    """The targets a BUCK file's text defines itself (not those of the files it loads)."""
    return _collect(path, source).targets


# The file of a package's targets that ExecuTorch's other build (fbcode's TARGETS files) loads
# even where the BUCK file defines its targets itself (backends/cortex_m): its twins get the
# same edit.
COMMON_TARGETS = "targets.bzl"


def package_targets(folder: Path) -> list[Target]:
    """The targets of the Buck package ``folder``: its BUCK file's, those of the ``.bzl`` files
    beside it that the BUCK file loads, and those of ``COMMON_TARGETS`` beside it."""
    build = _collect(folder / BUILD_FILE)
    targets = list(build.targets)
    names = [label[1:] for label in build.loads]
    names = [n for n in names if n.endswith(".bzl") and "/" not in n and ":" not in n]
    for name in dict.fromkeys([*names, COMMON_TARGETS]):
        bzl = folder / name
        if bzl.is_file():
            targets += _collect(bzl).targets
    return targets


def package_of(path: Path, root: Path) -> Path | None:
    """The folder of the Buck package holding ``path`` (at or below ``root``), or None."""
    for folder in path.parents:
        if (folder / BUILD_FILE).is_file():
            return folder
        if folder == root:
            return None
    return None


def _deps_value(value: cst.BaseExpression, label: str) -> cst.BaseExpression | None:
    """``deps``' value with ``label`` added, or None when it is not a list (or a list plus more)."""
    if isinstance(value, cst.List):
        return insert_string(value, label)
    if isinstance(value, cst.BinaryOperation) and isinstance(value.left, cst.List):
        return value.with_changes(left=insert_string(value.left, label))
    return None


def _new_deps(srcs: cst.Arg, separator: cst.BaseParenthesizableWhitespace, label: str) -> cst.Arg:
    """A ``deps`` argument laid out like ``srcs``'s list, else one item a line when the call has
    one argument a line (``separator``: the whitespace between its arguments)."""
    element = cst.Element(cst.SimpleString(f'"{label}"'))
    value = srcs.value
    if isinstance(value, cst.List) and value.elements:
        last = value.elements[-1]
        if isinstance(last.comma, cst.Comma):
            element = element.with_changes(
                comma=last.comma.with_changes(whitespace_after=cst.SimpleWhitespace(""))
            )
        deps = value.with_changes(
            elements=[element],
            rbracket=value.rbracket.with_changes(
                whitespace_before=without_comments(value.rbracket.whitespace_before)
            ),
        )
    elif isinstance(separator, cst.ParenthesizedWhitespace):
        outer = without_comments(separator)
        inner = outer.with_changes(
            last_line=cst.SimpleWhitespace(separator.last_line.value + "    ")
        )
        deps = cst.List(
            [element.with_changes(comma=cst.Comma())],
            lbracket=cst.LeftSquareBracket(whitespace_after=inner),
            rbracket=cst.RightSquareBracket(whitespace_before=outer),
        )
    else:
        deps = cst.List([element])
    return srcs.with_changes(keyword=cst.Name("deps"), value=deps)


class _AddDependency(cst.CSTTransformer):
    def __init__(self, wanted: Callable[[str, Sources], bool], label: str) -> None:
        self.wanted = wanted
        self.label = label
        self.edited: list[str] = []
        self.refused: list[str] = []

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        found = target_of(original)
        if found is None or not self.wanted(found.name, found.srcs):
            return updated
        name, deps = found.name, found.deps
        if deps is not None and self.label in deps:
            return updated
        args = list(updated.args)
        names = [a.keyword.value if a.keyword else "" for a in args]
        if "deps" in names:
            at = names.index("deps")
            value = _deps_value(args[at].value, self.label)
            if value is None:
                self.refused.append(name)
                return updated
            args[at] = args[at].with_changes(value=value)
            self.edited.append(name)
            return updated.with_changes(args=args)
        at = names.index("srcs")
        first = args[0].comma if len(args) > 1 else None
        separator = (
            first.whitespace_after
            if isinstance(first, cst.Comma)
            else updated.whitespace_before_args
        )
        new = _new_deps(args[at], separator, self.label)
        args, opening, _ = insert_item(args, at + 1, new, updated.whitespace_before_args, None)
        self.edited.append(name)
        return updated.with_changes(args=args, whitespace_before_args=opening)


@dataclass
class DependencyEdit:
    text: str  # the file's new text
    edited: list[str]  # targets that now list the label
    refused: list[str]  # targets whose deps is not a list: to edit by hand


def add_dependency(
    path: Path, wanted: Callable[[str, Sources], bool], label: str
) -> DependencyEdit:
    """``path``'s text with ``label`` in the deps of every target ``wanted(name, srcs)`` picks
    that lacks it; only those lists change."""
    module = parse(path)
    editor = _AddDependency(wanted, label)
    edited = module.visit(editor)
    return DependencyEdit(edited.code, editor.edited, editor.refused)
