"""`python -m codemods.vendor ROOT`: the et-log runtime as the checkout's own package.

ROOT is the checkout's top, the folder that is the ``executorch`` package. The runtime becomes
``executorch._logging`` (``--module`` changes it), a package that imports nothing of the exporter:

- ``_logging/``: the runtime's modules (those its API and its torch hook need, derived by
  ``vendor.runtime``), the component table filled with the checkout's backend folders, each
  file with the checkout's license header and one line naming the et-log it is based on,
  formatted by the checkout's ufmt; ``_logging/test/``: the runtime's tests, importing it;
- ``_logging/BUCK`` when the checkout builds with Buck: the library ``:lib`` and its test;
- ``src/executorch/_logging -> ../../_logging`` when ``src/executorch/`` mirrors the folders;
- ``_logging_hook.py`` beside it (and its ``src/executorch/`` link): the ``torch.backends`` entry
  point, outside the package so that a package failing to import cannot fail ``import torch``;
- ``pyproject.toml``: the entry point ``executorch._logging_hook:register`` and ``[tool.et-log]`` ``runtime-import`` and
  ``extend-exclude``; ``pytest.ini``: the tests in ``testpaths``; ``setup.py``: the package in
  a minimal build's package list (``vendor.config``).

A tree vendored the earlier way (``exir/_logging/``, a hook generated with the old marker, a
pytest plugin in ``conftest.py``) is cleaned up. Each file is reported created, updated, unchanged or removed.
``--check`` writes nothing and says where the checkout's copy differs from this et-log's: the
copy is ExecuTorch's own, so that is information, exit 0. Exit codes: 0 done, 1 refused or an
edit left to do by hand (printed), 2 usage error.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import et_log_runtime
from codemods.report.provenance import et_log_commit, et_log_version
from codemods.vendor import config as config_edits
from codemods.vendor import runtime as derive
from codemods.vendor import text
from codemods.vendor.files import FilePlan, VendorPlan, apply, statuses
from codemods.vendor.text import VendorError
from lint_rules import ConfigError, load_config
from lint_rules.backends import GROUPING_FOLDER, backend_folders, sets_up_itself
from lint_rules.config import read_table

RUNTIME_DIR = Path(et_log_runtime.__file__).resolve().parent
README = "README.md"  # the runtime's documentation, vendored beside its modules
SUBPACKAGE = "_logging"
LIBRARY_TARGET = "lib"
PYTEST_CONFIG = "pytest.ini"
# What the checkout's minimal build (setup.py) must ship beside the exporter it already lists.
SETUP_BESIDE = "exir"


def origin() -> str:
    """``<version> (commit <sha>)`` of the et-log vendoring; each part only when known."""
    version, commit = et_log_version() or "(version unknown)", et_log_commit(RUNTIME_DIR.parent)
    return f"{version} (commit {commit})" if commit else version


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
    head = text.header(_license(root), origin())
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
    for name in modules:
        source = runtime / f"{name}.py"
        body = source.read_text(encoding="utf-8")
        if name == derive.TABLE_MODULE:
            body = derive.component_table(body, top, apple, str(source))
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
    out.files = {path: FilePlan(body, compare_code=True) for path, body in written.items()}
    typed = runtime / "py.typed"
    if typed.is_file():
        out.files[out.folder / "py.typed"] = FilePlan(typed.read_text(encoding="utf-8"))
    readme = runtime / README
    if readme.is_file():  # the package's own documentation, under its vendored name
        body = readme.read_text(encoding="utf-8").replace(text.RUNTIME_NAME, module)
        out.files[out.folder / README] = FilePlan(body)
    if uses_buck(root):
        _plan_buck(out, modules, sorted(p for p in written if p.is_relative_to(out.folder)))
    _plan_stale(out)
    _plan_link(out)
    _plan_old_layout(out)
    _plan_pyproject(out)
    _plan_lintrunner(out)
    if tests:
        _plan_pytest(out, test_folder)
    _plan_setup(out)
    return out


def hook_path(out: VendorPlan) -> Path:
    """Where the hook module goes: beside the runtime's folder, ``_logging_hook.py``."""
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


def _plan_stale(out: VendorPlan) -> None:
    """Files of an earlier run that the runtime no longer has; files not from et-log stay."""
    if not out.folder.is_dir():
        return
    for path in sorted(out.folder.rglob("*.py")):
        if path in out.files or "__pycache__" in path.parts:
            continue
        if text.from_et_log(path.read_text(encoding="utf-8")):
            out.remove.append(path)
        else:
            out.kept.append(path)


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


def _plan_old_layout(out: VendorPlan) -> None:
    """What vendoring the earlier way left: the package elsewhere, its hook, its conftest line."""
    table = (
        read_table(out.root / "pyproject.toml") if (out.root / "pyproject.toml").is_file() else None
    )
    earlier = {f"{out.package}.exir.{SUBPACKAGE}"}
    if table and isinstance(table.get("runtime-import"), str):
        earlier.add(str(table["runtime-import"]))
    for old in sorted(earlier - {out.module}):
        folder = out.root.joinpath(*old.split(".")[1:])
        generated = [
            p for p in sorted(folder.glob("*.py")) if text.from_et_log(p.read_text("utf-8"))
        ]
        if not generated:
            continue
        out.remove += [*generated, *[p for p in [folder / "py.typed"] if p.is_file()]]
        out.manual.append(
            f"the runtime moved from {old} to {out.module}: modules migrated before import "
            f"{old}; rename it in them, e.g. git grep -l '{old}' -- '*.py' | xargs sed -i "
            f"'s/{old}/{out.module}/g', then ufmt format them"
        )
    hook = out.root / f"{text.OLD_HOOK_MODULE}.py"
    if hook not in out.files:  # else it is where today's hook goes
        if hook.is_file() and text.from_et_log(hook.read_text(encoding="utf-8")):
            out.remove.append(hook)
        link = out.root / "src" / out.package / hook.name
        if link.is_symlink():
            out.remove.append(link)
    conftest = out.root / "conftest.py"
    if conftest.is_file():
        before = conftest.read_text(encoding="utf-8")
        after = text.without_old_plugin(before)
        if after is None:
            out.remove.append(conftest)
        elif after != before:
            out.files[conftest] = FilePlan(after)


def _plan_pyproject(out: VendorPlan) -> None:
    path = out.root / "pyproject.toml"
    entry = f"{out.module}{derive.HOOK_SUFFIX}:register"
    hook = hook_path(out).relative_to(out.root).as_posix()
    excludes = [
        out.folder.relative_to(out.root).as_posix() + "/",
        hook,
        *(folder for _, folder, _ in out.not_components),  # not migrated: the lint agrees
    ]
    if not path.is_file():
        out.manual.append(
            f"{path}: no pyproject.toml. Add:\n{config_edits.ENTRY_POINT_GROUP}\n"
            f'{config_edits.ENTRY_POINT_NAME} = "{entry}"\n[tool.et-log]\n'
            f'runtime-import = "{out.module}"\n'
            f"extend-exclude = {config_edits.toml_list(excludes)}"
        )
        return
    before = out.files[path].text if path in out.files else path.read_text(encoding="utf-8")
    _edit(
        out, path, lambda before: config_edits.edit_pyproject(before, entry, out.module, excludes)
    )
    if path in out.files:  # the runtime's patch carries the rest, the hook's patch the entry
        own = [exclude for exclude in excludes if exclude != hook]  # and the hook's file
        try:
            out.without_hook[path] = config_edits.edit_pyproject(before, None, out.module, own)
        except VendorError:
            pass  # the edit was refused above too: nothing of it is planned


def _plan_lintrunner(out: VendorPlan) -> None:
    """lintrunner's MYPY checks only the paths it lists: list the runtime's folder and its hook
    too (a `.lintrunner.toml` this edit cannot read is left as it is: the check is the owner's)."""
    path = out.root / ".lintrunner.toml"
    if not path.is_file():
        return
    folder = out.folder.relative_to(out.root).as_posix() + "/**/*.py"
    hook = hook_path(out).relative_to(out.root).as_posix()
    after = path.read_text(encoding="utf-8")
    try:
        for pattern in (folder, hook):
            after = config_edits.edit_lintrunner_mypy(after, pattern)
    except VendorError:
        return
    if after != path.read_text(encoding="utf-8"):
        out.files[path] = FilePlan(after)


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
        sys.stdout.write(f"kept: {path.relative_to(out.root).as_posix()} (not from et-log)\n")
    for note in out.manual:
        sys.stderr.write(f"add by hand: {note}\n")
    differing = [name for name, status in out.status.items() if status != "unchanged"]
    if args.check and differing:
        sys.stdout.write(
            f"{len(differing)} file(s) differ from et-log {origin()}'s runtime. The checkout's "
            f"copy is its own; `python -m codemods.vendor {args.root}` takes et-log's.\n"
        )
    elif not args.check:
        sys.stdout.write(f"vendored {module} into {out.folder}\n")
    return 1 if out.manual else 0
