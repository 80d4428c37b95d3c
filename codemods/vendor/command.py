"""`python -m codemods.vendor ROOT`: et-log's runtime as the checkout's own package.

ROOT is the checkout's top, the folder that is the ``executorch`` package. The runtime becomes
``executorch.logs`` (``--module`` changes it), a package that imports nothing of the exporter:

- ``logs/``: the runtime's modules (those its API needs, derived by ``vendor.runtime``), the
  component table filled with the checkout's backend folders and the artifacts the ExecuTorch
  recipes log to, each file with the checkout's license header, formatted by the checkout's
  ufmt; ``logs/test/``: the runtime's tests; ``logs/README.md``: its documentation;
- ``logs/BUCK`` when the checkout builds with Buck: the library ``:lib`` and its test;
- ``src/executorch/logs -> ../../logs`` when ``src/executorch/`` mirrors the folders;
- ``pytest.ini``: the tests in ``testpaths``; ``setup.py``: the package in a minimal build's
  package list; ``.lintrunner.toml``: the package among the paths mypy checks (``vendor.config``);
- beside it, for the pull request after the runtime's: ``logs_hook.py`` (and its ``src/`` link),
  the ``torch.backends`` entry point outside the package, and its line in ``pyproject.toml``.

Once the checkout has the package it is the checkout's own: a later run leaves it as it is and
says so. ``--check`` writes nothing and says what a run would write. Exit codes: 0 done, 1
refused or an edit left to do by hand (printed), 2 usage error.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import et_log_runtime
from codemods.vendor import config as config_edits
from codemods.vendor import runtime as derive
from codemods.vendor import text
from codemods.vendor.files import FilePlan, VendorPlan, apply, statuses
from codemods.vendor.text import VendorError
from lint_rules import ConfigError, load_config
from lint_rules.backends import GROUPING_FOLDER, backend_folders, sets_up_itself

RUNTIME_DIR = Path(et_log_runtime.__file__).resolve().parent
README = "README.md"  # the runtime's documentation, vendored beside its modules
SUBPACKAGE = "logs"
LIBRARY_TARGET = "lib"
PYTEST_CONFIG = "pytest.ini"
# What the checkout's minimal build (setup.py) must ship beside the exporter it already lists.
SETUP_BESIDE = "exir"


def _license(root: Path) -> str:
    for candidate in (root / "exir" / "__init__.py", root / "conftest.py", root / "setup.py"):
        if candidate.is_file():
            found = text.license_of(candidate.read_text(encoding="utf-8"))
            if found:
                return found
    return text.DEFAULT_LICENSE


def _format(path: Path, source: str) -> str:
    """``source`` as the target's ufmt (black + usort, its pyproject settings) formats ``path``."""
    try:
        import usort
        from ufmt.core import ufmt_bytes
        from ufmt.util import make_black_config
    except ImportError as exc:
        raise VendorError(
            "vendoring formats with ExecuTorch's formatter: pip install 'et-log[vendor]' "
            f"(ufmt, black, usort at ExecuTorch's pins), or pass --no-format ({exc})"
        ) from exc
    black_config = make_black_config(path)
    usort_config = usort.Config.find(path)
    source = text.fit_comments(source, black_config.line_length)
    data = ufmt_bytes(
        path, source.encode("utf-8"), black_config=black_config, usort_config=usort_config
    )
    return data.decode("utf-8")


def uses_buck(root: Path) -> bool:
    """True for a checkout built with Buck (a ``.buckconfig``, or BUCK files in its folders)."""
    return (root / ".buckconfig").is_file() or any(root.glob("*/BUCK"))


def plan(
    root: Path, module: str, formatted: bool = True, runtime: Path = RUNTIME_DIR
) -> VendorPlan:
    """Everything a run would write into ``root``; raises VendorError when it cannot vendor."""
    out = VendorPlan(root, module)
    if (out.folder / "__init__.py").is_file():  # the checkout's own copy: never overwritten
        out.kept.append(out.folder)
        return out
    head = text.header(_license(root))
    modules = derive.runtime_modules(runtime)
    top, apple = backend_folders(root)
    for names, grouped in ((top, ""), (apple, GROUPING_FOLDER)):
        for name in list(names):
            own = sets_up_itself(root, grouped, name)
            if own is not None:
                names.remove(name)
                folder = "/".join(["backends", *([grouped] if grouped else []), name]) + "/"
                out.not_components.append((name, folder, own))
    written: dict[Path, str] = {}
    steps: dict[Path, list[tuple[str, str]]] = {}  # the table's text after each artifact recipe
    for name in modules:
        source = runtime / f"{name}.py"
        body = source.read_text(encoding="utf-8")
        if name == derive.TABLE_MODULE:
            left_out = [name for name, _, _ in out.not_components]
            body = derive.component_table(body, top, apple, str(source), left_out)
            table, kept = body, set[str]()
            for recipe, artifact in [("", ""), *derive.artifact_recipes()]:
                kept |= {artifact} if artifact else set()
                step = derive.artifact_table(table, kept, str(source))
                steps.setdefault(out.folder / source.name, []).append(
                    (recipe, head + text.localize(step, module, str(source)))
                )
            body = derive.artifact_table(table, kept, str(source))
        written[out.folder / source.name] = head + text.localize(body, module, str(source))
    hook = derive.hook_source(runtime)
    out.hook.add(hook_path(out))
    written[hook_path(out)] = head + text.localize(
        hook.read_text(encoding="utf-8"), module, str(hook)
    )
    tests = derive.runtime_tests(runtime)
    test_folder = out.folder / derive.TEST_FOLDER
    for source in tests:
        body = source.read_text(encoding="utf-8")
        localized = derive.localize_test(body, module, modules, str(source))
        written[test_folder / source.name] = head + localized
    if tests and test_folder / "__init__.py" not in written:
        written[test_folder / "__init__.py"] = head.rstrip("\n") + "\n"
    if formatted:
        written = {path: _format(path, body) for path, body in written.items()}
        steps = {p: [(r, _format(p, body)) for r, body in each] for p, each in steps.items()}
    out.files = {path: FilePlan(body) for path, body in written.items()}
    for path, each in steps.items():  # the runtime's commit has no recipe's artifact
        out.runtime_text[path] = each[0][1]
        out.completions[path] = [
            (recipe, before, after)
            for (_, before), (recipe, after) in zip(each, each[1:], strict=False)
        ]
    typed = runtime / "py.typed"
    if typed.is_file():
        out.files[out.folder / "py.typed"] = FilePlan(typed.read_text(encoding="utf-8"))
    readme = runtime / README
    if readme.is_file():  # the package's own documentation, under its vendored name
        body = readme.read_text(encoding="utf-8").replace(text.RUNTIME_NAME, module)
        out.files[out.folder / README] = FilePlan(body)
    if uses_buck(root):
        _plan_buck(out, modules, sorted(p for p in written if p.is_relative_to(out.folder)))
    _plan_link(out)
    _plan_pyproject(out)
    _plan_lintrunner(out)
    if tests:
        _plan_pytest(out, test_folder)
    _plan_setup(out)
    return out


def hook_path(out: VendorPlan) -> Path:
    """Where the hook module goes: beside the runtime's folder, ``logs_hook.py`` (the runtime folder's name and ``_hook``)."""
    return out.folder.parent / f"{out.folder.name}{derive.HOOK_SUFFIX}.py"


def _plan_buck(out: VendorPlan, modules: list[str], files: list[Path]) -> None:
    tests = [p.relative_to(out.folder).as_posix() for p in files if p.parent != out.folder]
    test_deps = ["//caffe2:torch"] if any(_imports_torch(p, out) for p in files) else []
    body = text.buck_file(LIBRARY_TARGET, [f"{name}.py" for name in modules], tests, test_deps)
    out.files[out.folder / "BUCK"] = FilePlan(body)


_TORCH_IMPORT = re.compile(r"^\s*(import\s+([\w.]+\s*,\s*)*torch\b|from\s+torch\b)", re.M)


def _imports_torch(path: Path, out: VendorPlan) -> bool:
    """True for a vendored test that imports torch, itself or in the code it runs in a child
    interpreter (its Buck target then depends on torch)."""
    return path.parent != out.folder and _TORCH_IMPORT.search(out.files[path].text) is not None


def _plan_link(out: VendorPlan) -> None:
    """ExecuTorch packages ``src/executorch/<name> -> ../../<name>``: link the runtime too."""
    mirror = out.root / "src" / out.package
    first = out.folder.relative_to(out.root).parts[0]
    if not mirror.is_dir() or not any(p.is_symlink() for p in mirror.iterdir()):
        return
    for name in (first, hook_path(out).relative_to(out.root).parts[0]):
        link = mirror / name
        if not os.path.lexists(link):
            out.symlinks[link] = os.path.relpath(out.root / name, mirror)
            if name != first:
                out.hook.add(link)


def _plan_pyproject(out: VendorPlan) -> None:
    """The hook's entry point in ``pyproject.toml``: the hook's pull request's, not the runtime's."""
    path = out.root / "pyproject.toml"
    entry = f"{out.module}{derive.HOOK_SUFFIX}:register"
    if not path.is_file():
        out.manual.append(
            f"{path}: no pyproject.toml. For the hook, add:\n{config_edits.ENTRY_POINT_GROUP}\n"
            f'{config_edits.ENTRY_POINT_NAME} = "{entry}"'
        )
        return
    _edit(out, path, lambda before: config_edits.edit_pyproject(before, entry))
    if path in out.files:
        out.hook.add(path)


def _plan_lintrunner(out: VendorPlan) -> None:
    """lintrunner's MYPY checks only the paths it lists: list the runtime's folder (and, in the
    hook's pull request, the hook); a `.lintrunner.toml` this edit cannot read is left as it is."""
    path = out.root / ".lintrunner.toml"
    if not path.is_file():
        return
    before = path.read_text(encoding="utf-8")
    folder = out.folder.relative_to(out.root).as_posix() + "/**/*.py"
    try:
        runtime = config_edits.edit_lintrunner_mypy(before, folder)
        both = config_edits.edit_lintrunner_mypy(runtime, out.rel(hook_path(out)))
    except VendorError:
        return
    if both != before:
        out.files[path] = FilePlan(both)
        out.hook.add(path)
        out.without_hook[path] = runtime


def _plan_pytest(out: VendorPlan, tests: Path) -> None:
    path = out.root / PYTEST_CONFIG
    folder = tests.relative_to(out.root).as_posix()
    if not path.is_file():
        out.manual.append(f"{path.name}: none; have your pytest configuration collect {folder}")
        return
    comment = out.module.split(".")[-1].lstrip("_")
    _edit(out, path, lambda before: config_edits.edit_pytest_ini(before, folder, comment))


def _plan_setup(out: VendorPlan) -> None:
    path = out.root / "setup.py"
    if path.is_file():
        beside = f"{out.package}.{SETUP_BESIDE}"
        _edit(
            out, path, lambda before: config_edits.edit_setup_packages(before, out.module, beside)
        )


def _edit(out: VendorPlan, path: Path, edit: Callable[[str], str]) -> None:
    before = out.files[path].text if path in out.files else path.read_text(encoding="utf-8")
    try:
        after = edit(before)
    except VendorError as exc:
        out.manual.append(f"{path}: {exc}")
        return
    if after != before:
        out.files[path] = FilePlan(after)


def default_module(root: Path) -> str:
    try:
        package = load_config(root).package
    except ConfigError:
        package = "executorch"
    return f"{package}.{SUBPACKAGE}"


def vendor(
    root: Path,
    module: str | None = None,
    check: bool = False,
    formatted: bool = True,
    runtime: Path = RUNTIME_DIR,
) -> VendorPlan:
    """Vendor into ``root`` (or only compute what would change with ``check``)."""
    if not root.is_dir():
        raise VendorError(f"{root}: no such folder")
    out = plan(root.resolve(), module or default_module(root), formatted, runtime)
    out.status = statuses(out)
    if not check:
        apply(out)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m codemods.vendor", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "root", metavar="ROOT", help="the target's package root (ExecuTorch checkout)"
    )
    parser.add_argument("--module", help=f"vendored package (default: <package>.{SUBPACKAGE})")
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; say where the checkout's copy differs from this et-log's (exit 0)",
    )
    parser.add_argument("--no-format", action="store_true", help="skip the target's formatter")
    args = parser.parse_args(argv)
    root = Path(args.root)
    module = args.module or default_module(root)
    if not all(part.isidentifier() for part in module.split(".")) or "." not in module:
        parser.error(f"--module must be a dotted module below the package, got {module!r}")
    try:
        out = vendor(root, module, args.check, not args.no_format)
    except VendorError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 1
    for name, status in out.status.items():
        sys.stdout.write(
            f"{'would be ' if args.check and status != 'unchanged' else ''}{status}: {name}\n"
        )
    for path in out.kept:
        sys.stdout.write(
            f"kept: {path.relative_to(out.root).as_posix()} (the checkout's own copy)\n"
        )
    for note in out.manual:
        sys.stderr.write(f"add by hand: {note}\n")
    if not args.check and not out.kept:
        sys.stdout.write(f"vendored {module} into {out.folder}\n")
    return 1 if out.manual else 0
