"""`python -m codemods.vendor ROOT`: write the et-log runtime into the target as its own subpackage.

ROOT is the target's package root (an ExecuTorch checkout, whose folder is the ``executorch``
package). The runtime goes to ``ROOT/exir/_logging/`` (module ``executorch.exir._logging``;
``--module`` changes it) with a license and "generated, do not edit" header on each file, its
component table generated from ``ROOT/backends/`` and ``ROOT/backends/apple/``, formatted by the
target's own formatter (ufmt: black + usort with the target's ``pyproject.toml``). It also writes
the light ``torch.backends`` hook module ``ROOT/_logging_hook.py``, adds the entry point and the
``[tool.et-log]`` keys (``runtime-import``, ``extend-exclude``) to ``ROOT/pyproject.toml`` and the
pytest plugin to ``ROOT/conftest.py``; where an edit is not safe it prints what to add instead.
Re-running updates in place; a second run changes nothing. ``--check`` writes nothing and exits 1
when something would change. Exit codes: 0 done, 1 --check found work or an edit was refused,
2 usage error.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import et_log_runtime
from codemods import vendor_text as text
from codemods.vendor_text import VendorError
from codemods.write.fileio import write_atomic
from lint_rules import ConfigError, load_config

RUNTIME_DIR = Path(et_log_runtime.__file__).resolve().parent
DEFAULT_SUBPACKAGE = "exir._logging"


@dataclass
class VendorPlan:
    """What one run writes (path -> text), removes, and could not do (instructions)."""

    root: Path
    module: str
    files: dict[Path, str] = field(default_factory=dict)
    stale: list[Path] = field(default_factory=list)
    symlinks: dict[Path, str] = field(default_factory=dict)
    manual: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)

    @property
    def folder(self) -> Path:
        return self.root.joinpath(*self.module.split(".")[1:])

    @property
    def excludes(self) -> list[str]:
        """What our lint and migration skip: the generated package and hook module."""
        return [self.folder.relative_to(self.root).as_posix() + "/", f"{text.HOOK_MODULE}.py"]


def et_log_version() -> str:
    """``<version> (commit <sha>)`` of the et-log doing the vendoring; the commit when known."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("et-log")
    except PackageNotFoundError:
        release = "unknown"
    top = RUNTIME_DIR.parent
    result = subprocess.run(
        ["git", "-C", str(top), "rev-parse", "--short=12", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    sha = result.stdout.strip() if result.returncode == 0 else ""
    return f"{release} (commit {sha})" if sha else release


def _license(root: Path) -> str:
    for candidate in (root / "exir" / "__init__.py", root / "conftest.py", root / "setup.py"):
        if candidate.is_file():
            found = text.license_of(candidate.read_text(encoding="utf-8"))
            if found:
                return found
    return text.DEFAULT_LICENSE


def _backend_folders(root: Path) -> tuple[list[str], list[str]]:
    def with_python(folder: Path) -> list[str]:
        if not folder.is_dir():
            return []
        return [
            p.name
            for p in folder.iterdir()
            if p.is_dir() and not p.is_symlink() and next(p.rglob("*.py"), None) is not None
        ]

    return text.backend_names(
        with_python(root / "backends"), with_python(root / "backends" / "apple")
    )


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


def plan(root: Path, module: str, formatted: bool = True) -> VendorPlan:
    """Everything a run would write into ``root``; raises VendorError when it cannot vendor."""
    out = VendorPlan(root, module)
    license_text = _license(root)
    command = f"python -m codemods.vendor . --module {module}"
    head = text.header(license_text, et_log_version(), command)
    top, apple = _backend_folders(root)
    for source in sorted(RUNTIME_DIR.glob("*.py")):
        body = source.read_text(encoding="utf-8")
        if source.name == "components.py":
            body = text.component_table(body, top, apple, str(source))
        if source.name == "startup.py":
            hook_module = f"{module.split('.')[0]}.{text.HOOK_MODULE}"
            body = text.light_loader(body, hook_module, str(source))
        out.files[out.folder / source.name] = head + text.localize(body, module, str(source))
    typed = RUNTIME_DIR / "py.typed"
    hook = root / f"{text.HOOK_MODULE}.py"
    folder = tuple(module.split(".")[1:])
    out.files[hook] = head + text.hook_text(module, folder)
    if formatted:
        out.files = {path: _format(path, body) for path, body in out.files.items()}
    if typed.is_file():
        out.files[out.folder / "py.typed"] = typed.read_text(encoding="utf-8")
    _plan_stale(out)
    _plan_links(out, hook)
    _plan_pyproject(out)
    _plan_conftest(out, license_text)
    return out


def _plan_stale(out: VendorPlan) -> None:
    """Generated files of an older run that the runtime no longer has; refuse foreign files."""
    if not out.folder.is_dir():
        return
    for path in sorted(out.folder.glob("*.py")):
        if path in out.files:
            continue
        if text.MARKER in path.read_text(encoding="utf-8")[:2000]:
            out.stale.append(path)
        else:
            raise VendorError(f"{path}: not generated by et-log; move it out of {out.folder}")


def _plan_links(out: VendorPlan, hook: Path) -> None:
    """ExecuTorch packages ``src/executorch/<name> -> ../../<name>``: link the hook module too."""
    mirror = out.root / "src" / out.module.split(".")[0]
    first = out.folder.relative_to(out.root).parts[0]
    if (mirror / first).is_symlink():
        link = mirror / hook.name
        if not link.is_symlink():
            out.symlinks[link] = os.path.relpath(hook, mirror)


def _plan_pyproject(out: VendorPlan) -> None:
    path = out.root / "pyproject.toml"
    entry = f"{out.module.split('.')[0]}.{text.HOOK_MODULE}:register"
    if not path.is_file():
        out.manual.append(
            f"{path}: no pyproject.toml. Add:\n{text.ENTRY_POINT_GROUP}\n"
            f'{text.ENTRY_POINT_NAME} = "{entry}"\n[tool.et-log]\n'
            f'runtime-import = "{out.module}"\nextend-exclude = {text.toml_list(out.excludes)}'
        )
        return
    before = path.read_text(encoding="utf-8")
    try:
        after = text.edit_pyproject(before, entry, out.module, out.excludes)
    except VendorError as exc:
        out.manual.append(f"{path}: {exc}")
        return
    if after != before:
        out.files[path] = after


def _plan_conftest(out: VendorPlan, license_text: str) -> None:
    path = out.root / "conftest.py"
    plugin = f"{out.module}.pytest_plugin"
    before = path.read_text(encoding="utf-8") if path.is_file() else ""
    try:
        after = text.edit_conftest(before, plugin, license_text)
    except (VendorError, SyntaxError) as exc:
        out.manual.append(f"{path}: {exc}")
        return
    if after != before:
        out.files[path] = after


def changes(out: VendorPlan) -> list[str]:
    """Relative paths the plan would create, change or remove."""
    found = [
        path
        for path, body in out.files.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != body
    ]
    found += out.stale + list(out.symlinks)
    return sorted(p.relative_to(out.root).as_posix() for p in found)


def apply(out: VendorPlan) -> None:
    for path, body in out.files.items():
        if path.is_file() and path.read_text(encoding="utf-8") == body:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file():
            write_atomic(str(path), body.encode("utf-8"))  # keeps mode and line endings' file
        else:
            _create(path, body)
    for path in out.stale:
        path.unlink()
    for link, target in out.symlinks.items():
        link.symlink_to(target)


def _create(path: Path, body: str) -> None:
    """A new file, written to a temporary name first and moved into place."""
    temp = path.with_name(f".{path.name}.et-log-tmp")
    with open(temp, "w", encoding="utf-8", newline="") as handle:
        handle.write(body)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)


def default_module(root: Path) -> str:
    try:
        package = load_config(root).package
    except ConfigError:
        package = "executorch"
    return f"{package}.{DEFAULT_SUBPACKAGE}"


def vendor(
    root: Path, module: str | None = None, check: bool = False, formatted: bool = True
) -> VendorPlan:
    """Vendor into ``root`` (or only compute what would change with ``check``)."""
    if not root.is_dir():
        raise VendorError(f"{root}: no such folder")
    out = plan(root.resolve(), module or default_module(root), formatted)
    out.changed = changes(out)
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
    parser.add_argument(
        "--module", help=f"vendored package (default: <package>.{DEFAULT_SUBPACKAGE})"
    )
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if out of date")
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
    pending = out.changed if args.check else []
    for name in out.changed:
        sys.stdout.write(f"{'would update' if args.check else 'updated'}: {name}\n")
    for note in out.manual:
        sys.stderr.write(f"add by hand: {note}\n")
    if not args.check:
        sys.stdout.write(f"vendored {module} into {out.folder}\n")
    return 1 if pending or out.manual else 0


if __name__ == "__main__":
    sys.exit(main())
