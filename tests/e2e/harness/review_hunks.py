"""The reading behind tests/e2e/harness/review_classes.py: a changed file's hunks, and per hunk the
classes of issue 21 it shows (warnings, requested output, levels, content), each with why. Its
own reading of the code, independent of the rules'."""

from __future__ import annotations

import ast
import difflib
import re
from collections import Counter
from dataclasses import dataclass, field

RUNTIMES = ("et_log_runtime", "executorch._logging")
PRINTS_BY_NAME = re.compile(r"^(print_|pretty_|dump|show|__str__|__repr__|__format__)")
FLAG = re.compile(r"_*(?:is_|enable_)?(?:verbose|verbosity|debug)(?:_mode)?", re.IGNORECASE)
WHERE_WRITTEN = re.compile(r"\b(?:saved|written|wrote)\s+(?:at|to|in)\b", re.IGNORECASE)
SEVERE = re.compile(
    r"deprecat|\bskip|not supported|unsupported|incompatible|\bfail|fall ?back", re.IGNORECASE
)
LEVEL_WORD = re.compile(r"^\W*(?:debug|info|warning|warn|error)\b\s*[:\]-]", re.IGNORECASE)
API_SIGNAL = re.compile(r"Deprecat|Future|Experimental")
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical"})


@dataclass
class Hunk:
    path: str
    old: range  # 1-based line numbers of the old file the hunk spans
    new: range
    removed: set[int] = field(default_factory=set)
    added: set[int] = field(default_factory=set)
    classes: dict[str, str] = field(default_factory=dict)  # class -> why

    @property
    def where(self) -> str:
        return f"{self.path}:{self.new.start}"


class Module:
    """A file's text, tree, imports (local name -> dotted name) and each node's parents."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tree = ast.parse(text)
        self.imports: dict[str, str] = {}
        self.parents: dict[int, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[id(child)] = node
            if isinstance(node, ast.Import):
                for a in node.names:
                    self.imports[a.asname or a.name.split(".")[0]] = (
                        a.name if a.asname else a.name.split(".")[0]
                    )
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    self.imports[a.asname or a.name] = f"{node.module}.{a.name}"
        self.calls = [n for n in ast.walk(self.tree) if isinstance(n, ast.Call)]

    def qualname(self, node: ast.expr) -> str:
        if isinstance(node, ast.Name):
            return self.imports.get(node.id, f"builtins.{node.id}")
        if isinstance(node, ast.Attribute):
            return f"{self.qualname(node.value)}.{node.attr}"
        return "?"

    def ancestors(self, node: ast.AST) -> list[ast.AST]:
        out = []
        while id(node) in self.parents:
            node = self.parents[id(node)]
            out.append(node)
        return out

    def references(self) -> Counter[str]:
        return Counter(
            n.id
            for n in ast.walk(self.tree)
            if isinstance(n, ast.Name) and not isinstance(n.ctx, (ast.Store, ast.Del))
        )


def literal(call: ast.Call) -> str:
    return " ".join(
        n.value
        for a in call.args
        for n in ast.walk(a)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    )


def values(call: ast.Call) -> list[str]:
    """The non-literal values a call prints or logs (names, attributes, calls), as source."""
    out = []
    for arg in [
        *call.args,
        *(
            k.value
            for k in call.keywords
            if k.arg not in ("file", "sep", "end", "flush", "stacklevel")
        ),
    ]:
        if isinstance(arg, ast.JoinedStr):
            out += [ast.unparse(v.value) for v in arg.values if isinstance(v, ast.FormattedValue)]
        elif not isinstance(arg, ast.Constant):
            out.append(ast.unparse(arg))
    return out


def kind(module: Module, call: ast.Call) -> str | None:
    """`print`, `write`, `log`, `warn` or `setLevel` for the calls the migration rewrites."""
    name = module.qualname(call.func)
    if name == "builtins.print":
        return "print"
    if name in ("sys.stdout.write", "sys.stderr.write"):
        return "write"
    if name.startswith("logging.") and name.split(".")[-1] in LOG_METHODS:
        return "log"
    if name == "warnings.warn":
        return "warn"
    if isinstance(call.func, ast.Attribute) and call.func.attr == "setLevel":
        return "setLevel"
    return None


def requested(module: Module, call: ast.Call) -> str | None:
    """Why the output of `call` was asked for by its caller, if it was (a log call at WARNING or
    above is a diagnostic wherever it is)."""
    method = module.qualname(call.func).split(".")[-1]
    if kind(module, call) == "log" and method not in ("debug", "info", "log"):
        return None
    if (
        method == "log"
        and call.args
        and re.search(r"WARN|ERROR|CRITICAL", ast.unparse(call.args[0]))
    ):
        return None  # `logging.log(logging.WARNING, ...)`: a diagnostic; a level variable is not
    chain = [call, *module.ancestors(call)]
    for child, parent in zip(chain, chain[1:], strict=False):
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if PRINTS_BY_NAME.match(parent.name):
                return f"in {parent.name}()"
            break
        if isinstance(parent, ast.If) and any(child is s for s in parent.body):
            tests = parent.test.values if isinstance(parent.test, ast.BoolOp) else [parent.test]
            names = [
                t.attr if isinstance(t, ast.Attribute) else t.id
                for t in tests
                if isinstance(t, (ast.Name, ast.Attribute))
            ]
            if any(FLAG.fullmatch(n) for n in names):
                return f"under `if {ast.unparse(parent.test)}:`"
    if kind(module, call) in ("print", "write") and WHERE_WRITTEN.search(literal(call)):
        return "says where a result was written"
    return None


def hunks(path: str, old: str, new: str) -> list[Hunk]:
    a, b = old.splitlines(), new.splitlines()
    out = []
    for group in difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(3):
        hunk = Hunk(
            path, range(group[0][1] + 1, group[-1][2] + 1), range(group[0][3] + 1, group[-1][4] + 1)
        )
        for tag, i1, i2, j1, j2 in group:
            if tag in ("replace", "delete"):
                hunk.removed.update(range(i1 + 1, i2 + 1))
            if tag in ("replace", "insert"):
                hunk.added.update(range(j1 + 1, j2 + 1))
        out.append(hunk)
    return out


def touched(call: ast.AST, lines: set[int]) -> bool:
    return any(n in lines for n in range(call.lineno, (call.end_lineno or call.lineno) + 1))


def check_hunks(path: str, old_text: str, new_text: str) -> tuple[Module, Module, list[Hunk]]:
    """Both files read, and every hunk of their diff with the classes it shows (if any)."""
    old, new = Module(old_text), Module(new_text)
    found = hunks(path, old_text, new_text)
    runtime_warn = {
        local for local, q in new.imports.items() if q in {f"{r}.warn" for r in RUNTIMES}
    }
    for hunk in found:
        gone = [c for c in old.calls if touched(c, hunk.removed) and kind(old, c)]
        came = [c for c in new.calls if touched(c, hunk.added)]
        came_values = {v for c in came for v in values(c)} | {ast.unparse(c) for c in came}
        kept_warns = [c for c in came if isinstance(c.func, ast.Name) and c.func.id in runtime_warn]
        for call in gone:
            what, source = kind(old, call), ast.unparse(call)[:70]
            if what == "warn":
                category = (
                    ast.unparse(call.args[1])
                    if len(call.args) > 1
                    else " ".join(
                        ast.unparse(k.value) for k in call.keywords if k.arg == "category"
                    )
                )
                same = any(
                    [ast.dump(a) for a in c.args[1:]] == [ast.dump(a) for a in call.args]
                    and [ast.dump(k) for k in c.keywords] == [ast.dump(k) for k in call.keywords]
                    for c in kept_warns
                )
                if API_SIGNAL.search(category):
                    hunk.classes["1"] = f"API signal touched: {source}"
                elif not same:
                    hunk.classes["1"] = f"not warn(logger, <same arguments>): {source}"
            why = requested(old, call)
            if why and what != "warn":
                hunk.classes["3"] = f"{why}: {source}"
            if what in ("print", "write"):
                lowered = [
                    c
                    for c in came
                    if isinstance(c.func, ast.Attribute)
                    and c.func.attr in ("info", "debug")
                    and SEVERE.search(literal(c))
                ]
                if SEVERE.search(literal(call)) and lowered:
                    hunk.classes["5"] = (
                        f"{SEVERE.search(literal(call)).group(0)!r} at {lowered[0].func.attr.upper()}: {source}"
                    )
                doubled = [c for c in came if "  %s" in literal(c) and "  " not in literal(call)]
                if doubled:
                    hunk.classes["6"] = f"separator doubled: {ast.unparse(doubled[0])[:70]}"
            lost = [
                v
                for v in values(call)
                if v not in came_values and not any(v in x for x in came_values)
            ]
            if lost and what != "setLevel" and came:
                hunk.classes["6"] = f"lost {lost[0]!r}: {source}"
        for call in came:
            if isinstance(call.func, ast.Attribute) and call.func.attr in LOG_METHODS and call.args:
                first = call.args[0]
                text = (
                    first.value
                    if isinstance(first, ast.Constant) and isinstance(first.value, str)
                    else (
                        first.values[0].value
                        if isinstance(first, ast.JoinedStr)
                        and first.values
                        and isinstance(first.values[0], ast.Constant)
                        else ""
                    )
                )
                if LEVEL_WORD.match(str(text)) and any(
                    kind(old, c) in ("print", "write") for c in gone
                ):
                    hunk.classes["6"] = f"level word repeated: {ast.unparse(call)[:70]}"
            name = new.qualname(call.func)
            if name.endswith(".set_logs") or "warn_once" in name:
                hunk.classes["8" if "set_logs" in name else "1"] = f"calls {name.split('.')[-1]}"
                if "set_logs" in name:
                    hunk.classes["3"] = "a verbose flag now calls set_logs"
    return old, new, found
