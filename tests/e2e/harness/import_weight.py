"""What importing a module of the ``executorch`` package brings of the exporter (``executorch.exir``).

Importing one migrated module in a fresh interpreter costs torch and usually the exporter: about
10 s each on this machine, so every module of the wheel, before and after, would take most of an
hour. The check is split instead:

- ``added_imports``: for each migrated module, the modules its migrated text imports that its
  pristine text did not (statically, every import statement); the migration may add only the
  runtime.
- The runtime imports nothing of the exporter (one fresh interpreter, in the test).
- ``light_modules``: the migrated modules whose pristine text, followed through the package's
  module-level imports, never reaches ``executorch.exir`` (``extension/pytree``, the LLM runner
  ...); for those the import itself is checked before and after (``exporter_modules``): one
  interpreter per side imports torch, then each module in a child forked from it.

A module that imported the exporter before can only gain exporter modules through an import the
migration added, which the first two checks rule out.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

EXPORTER = "executorch.exir"
PACKAGE = "executorch"


def module_name(package_dir: Path, path: Path) -> str:
    parts = list(path.relative_to(package_dir).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def imported_names(path: Path, name: str, is_package: bool, everywhere: bool) -> set[str]:
    """Modules the file imports: module-level statements only (what an import runs), or
    every import statement (``everywhere``); relative imports resolved against ``name``."""
    tree = ast.parse(path.read_bytes())
    nodes = ast.walk(tree) if everywhere else _module_level(tree.body)
    found: set[str] = set()
    base = name if is_package else name.rpartition(".")[0]
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            anchor = base
            for _ in range(max(node.level - 1, 0)):
                anchor = anchor.rpartition(".")[0]
            module = node.module or ""
            target = (f"{anchor}.{module}" if module else anchor) if node.level else module
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def _module_level(body: list[ast.stmt]) -> Iterable[ast.stmt]:
    """Statements that run at import: the module's, its if/try/with/class blocks', not defs'."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        yield node
        for field in ("body", "orelse", "finalbody"):
            yield from _module_level(getattr(node, field, []) or [])
        for handler in getattr(node, "handlers", []) or []:
            yield from _module_level(handler.body)


def _file_of(package_dir: Path, name: str) -> Path | None:
    parts = name.split(".")[1:]
    base = package_dir.joinpath(*parts)
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


@functools.cache
def _runs_imports(package_dir: Path, name: str) -> tuple[str, ...]:
    """The package's modules that importing module ``name`` imports directly."""
    found = _file_of(package_dir, name)
    if found is None:
        return ()
    names = imported_names(found, name, found.name == "__init__.py", everywhere=False)
    return tuple(n for n in names if n.split(".")[0] == PACKAGE)


def reaches_exporter(package_dir: Path, path: Path) -> bool:
    """True if importing ``path`` may import ``executorch.exir`` (module-level imports followed
    through the package, parent packages included)."""
    name = module_name(package_dir, path)
    todo, seen = [name], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        if current == EXPORTER or current.startswith(EXPORTER + "."):
            return True
        parents = current.split(".")
        todo += [".".join(parents[:i]) for i in range(2, len(parents))]
        todo += _runs_imports(package_dir, current)
    return False


def added_imports(pristine: Path, migrated: Path, package_dir: Path) -> set[str]:
    """The modules ``migrated`` imports that ``pristine`` (the same module before) did not."""
    name = module_name(package_dir, migrated)
    is_package = migrated.name == "__init__.py"
    before = imported_names(pristine, name, is_package, everywhere=True)
    return imported_names(migrated, name, is_package, everywhere=True) - before


def light_modules(package_dir: Path, paths: Iterable[Path]) -> list[Path]:
    return [p for p in sorted(paths) if not reaches_exporter(package_dir, p)]


# One interpreter per side: torch imported once (it imports nothing of the exporter; the wheel
# scenario's probe checks that), then each module imported in a forked child, which starts from
# that state as a fresh interpreter that has imported torch would.
FORK_PROBE = f"""
import importlib, json, os, sys
import torch

base = set(sys.modules)
for name in sys.argv[1:]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            importlib.import_module(name)
            new = set(sys.modules) - base
            found = sorted(m for m in new if m == "{EXPORTER}" or m.startswith("{EXPORTER}."))
        except BaseException as exc:
            found = repr(exc)
        os.write(write, json.dumps(found).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as stream:
        data = stream.read()
    os.waitpid(pid, 0)
    print(json.dumps([name, json.loads(data or b'"no answer"')]))
"""


def exporter_modules(
    python: Path, envs: list[dict[str, str]], modules: list[str], cwd: Path
) -> list[dict[str, list[str] | str]]:
    """Per environment (before, after), per module: the exporter modules importing it loads (or
    the error text when the import fails); the environments side by side."""

    def one(env: dict[str, str]) -> dict[str, list[str] | str]:
        run = subprocess.run(
            [str(python), "-c", FORK_PROBE, *modules],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if run.returncode != 0:
            raise RuntimeError(f"the import probe failed:\n{run.stderr[-3000:]}")
        rows = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("[")]
        return {name: found for name, found in rows}

    with ThreadPoolExecutor(min(2, os.cpu_count() or 1)) as pool:
        return list(pool.map(one, envs))
