"""Read the migration of a real ExecuTorch tree as issue 21's reviewer did: per class of change a
maintainer refused, the hunks of the diff that still show it.

    .venv/bin/python tests/e2e/review_classes.py /work/et-tree [--migrated DIR] [--list]

Copies the documented folders to a temporary directory and migrates the copy (or, with
`--migrated`, reads a copy migrated already, e.g. by an older et-log), diffs each changed file
(hunks of three lines of context, as `git diff` cuts them) and checks each hunk with its own
reading of the code, independent of the rules' (so a rule that is wrong does not vouch for
itself). The classes it checks (the others need a person: recipes, the report, patch order):

1 warnings: a `warnings.warn` not kept as `warn(<logger>, <the same arguments>)`, or an API
  signal (deprecation, future, experimental category) touched at all
3 requested output: a print or log call in a function named for printing, under a
  verbose/debug flag or telling where a result was written, rewritten; `set_logs` added
4 level gates: a comparison with a logger's `.level` (or the root's effective level) in a
  changed file
5 levels: a print saying deprecated/skipped/not supported/incompatible/failed/fall back that
  became an INFO or DEBUG call
6 content: a value printed before and missing after; a level word repeated inside a message; a
  doubled space where `print` put its separator after a literal ending in a space
7 tidiness: two module loggers; `get_logger(__name__)` called inline where the module has one; an
  import or constant used before and unused after; `logger = ...` before the end of the
  imports when nothing at import time needs it there
8 half-migrations: a migrated logger whose level, handlers or propagation the module still sets;
  `set_logs` called by migrated code
"""

from __future__ import annotations

import argparse
import ast
import difflib
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from wheel_env import MIGRATED_FOLDERS  # noqa: E402 - beside this script

CLASSES = ("1", "3", "4", "5", "6", "7", "8")
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
    if kind(module, call) == "log" and module.qualname(call.func).split(".")[-1] not in (
        "debug",
        "info",
    ):
        return None
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


def check_file(path: str, old_text: str, new_text: str) -> list[Hunk]:
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
    _file_checks(path, old, new, found)
    return [h for h in found if h.classes]


def _hunk_at(found: list[Hunk], line: int, path: str) -> Hunk:
    for hunk in found:
        if line in hunk.new:
            return hunk
    hunk = Hunk(path, range(0), range(line, line + 1))  # outside every hunk: its own finding
    found.append(hunk)
    return hunk


def _loggers(module: Module) -> dict[str, ast.stmt]:
    out = {}
    for stmt in module.tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, ast.Call):
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            name = module.qualname(stmt.value.func)
            argument = stmt.value.args[0] if stmt.value.args else None
            if (
                isinstance(target, ast.Name)
                and name.rsplit(".", 1)[-1] in ("get_logger", "getLogger")
                and isinstance(argument, ast.Name)
                and argument.id == "__name__"
            ):
                out[target.id] = stmt
    return out


def _file_checks(path: str, old: Module, new: Module, found: list[Hunk]) -> None:
    for node in ast.walk(new.tree):  # 4: gates reading a level
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            reads = [s for s in sides if isinstance(s, ast.Attribute) and s.attr == "level"]
            reads += [
                s
                for s in sides
                if isinstance(s, ast.Call)
                and isinstance(s.func, ast.Attribute)
                and s.func.attr == "getEffectiveLevel"
                and ("root" in ast.unparse(s) or "getLogger()" in ast.unparse(s))
            ]
            if reads:
                _hunk_at(found, node.lineno, path).classes["4"] = (
                    f"gate reads {ast.unparse(reads[0])}"
                )
    loggers = _loggers(new)
    if len(loggers) > 1:  # 7: one logger per module
        line = max(s.lineno for s in loggers.values())
        _hunk_at(found, line, path).classes["7"] = f"two module loggers: {', '.join(loggers)}"
    for call in new.calls:
        name = new.qualname(call.func)
        if (
            loggers
            and name.endswith(".get_logger")
            and not any(call is s.value for s in loggers.values())
        ):
            if ast.unparse(call).endswith("(__name__)"):
                _hunk_at(found, call.lineno, path).classes["7"] = "get_logger(__name__) inline"
    before, after = old.references(), new.references()
    for stmt in new.tree.body:  # 7: imports and constants the rewrite left unused
        names: list[str] = []
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names = [a.asname or a.name.split(".")[0] for a in stmt.names]
        elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant):
            names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
        for name in names:
            if before[name] and not after[name] and name != "__all__":
                _hunk_at(found, stmt.lineno, path).classes["7"] = f"{name} left unused"
    deleted = [n for n in ast.walk(new.tree) if isinstance(n, ast.Delete)]
    for stmt in deleted:
        for target in stmt.targets:
            if isinstance(target, ast.Name) and not after[target.id] and before[target.id]:
                _hunk_at(found, stmt.lineno, path).classes["7"] = (
                    f"`del {target.id}` of a name nothing uses"
                )
    body = new.tree.body
    for name, stmt in loggers.items():
        if _loggers(old).get(name) is not None:
            continue  # the module's own line, kept where its author put it
        at = body.index(stmt)
        stop = next(
            (
                i
                for i, s in enumerate(body)
                if isinstance(s, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            ),
            len(body),
        )
        later = [s for s in body[at:stop] if isinstance(s, (ast.Import, ast.ImportFrom))]
        used = (
            [
                s
                for s in body[at + 1 : body.index(later[-1])]
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(s))
            ]
            if later
            else []
        )
        if later and not used:
            _hunk_at(found, stmt.lineno, path).classes["7"] = (
                f"`{name} = ...` in the middle of the imports"
            )
    migrated = {t for t, s in loggers.items() if new.qualname(s.value.func).endswith(".get_logger")}  # type: ignore[attr-defined]
    migrated |= {
        t.id
        for s in body
        if isinstance(s, ast.Assign)
        and isinstance(s.value, ast.Call)
        and new.qualname(s.value.func).endswith(".get_logger")
        for t in s.targets
        if isinstance(t, ast.Name)
    }
    for stmt in body:  # 8: a migrated logger the module still configures
        target = None
        if (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr in ("setLevel", "addHandler")
        ):
            target = stmt.value.func.value
        elif (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.targets[0], ast.Attribute)
            and stmt.targets[0].attr in ("propagate", "handlers", "level")
        ):
            target = stmt.targets[0].value
        if isinstance(target, ast.Name) and target.id in migrated:
            _hunk_at(found, stmt.lineno, path).classes["8"] = (
                f"half-migrated: {ast.unparse(stmt)[:60]}"
            )


def migrate_copy(tree: Path, into: Path) -> Path:
    for name in MIGRATED_FOLDERS:
        if (tree / name).is_dir():
            shutil.copytree(tree / name, into / name, symlinks=True)
    if (tree / "pyproject.toml").is_file():
        shutil.copy2(tree / "pyproject.toml", into / "pyproject.toml")
    folders = [n for n in MIGRATED_FOLDERS if (into / n).is_dir()]
    command = [sys.executable, "-m", "codemods.migrate", *folders, "--quiet"]
    done = subprocess.run(command, cwd=into, capture_output=True, text=True, env=_env())
    if done.returncode != 0:
        raise SystemExit(f"migrate exited {done.returncode}:\n{done.stderr[-2000:]}")
    return into


def _env() -> dict[str, str]:
    import os

    return {**os.environ, "PYTHONPATH": str(REPO)}


def review(tree: Path, migrated: Path) -> tuple[list[Hunk], int]:
    """The hunks of each class (a hunk may be in several), and how many hunks the diff has."""
    flagged: list[Hunk] = []
    total = 0
    for name in MIGRATED_FOLDERS:
        for new_path in sorted((migrated / name).rglob("*.py")):
            rel = new_path.relative_to(migrated)
            old_path = tree / rel
            if not old_path.is_file() or new_path.is_symlink():
                continue
            old_text, new_text = (
                old_path.read_text(encoding="utf-8"),
                new_path.read_text(encoding="utf-8"),
            )
            if old_text == new_text:
                continue
            total += len(hunks(str(rel), old_text, new_text))
            flagged += check_file(str(rel), old_text, new_text)
    return flagged, total


def counts(flagged: list[Hunk]) -> dict[str, int]:
    return {c: sum(1 for h in flagged if c in h.classes) for c in CLASSES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path, help="a pristine ExecuTorch checkout")
    parser.add_argument("--migrated", type=Path, help="a copy of it migrated already")
    parser.add_argument("--list", action="store_true", help="print every hunk found, with why")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="et-log-review-") as tmp:
        migrated = args.migrated or migrate_copy(args.tree, Path(tmp))
        flagged, total = review(args.tree.resolve(), migrated.resolve())
    if args.list:
        for hunk in sorted(flagged, key=lambda h: h.where):
            for cls, why in sorted(hunk.classes.items()):
                print(f"class {cls}  {hunk.where}  {why}")
    print(
        f"{total} hunks; per class: " + ", ".join(f"{c}: {n}" for c, n in counts(flagged).items())
    )


if __name__ == "__main__":
    main()
