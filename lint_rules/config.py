"""`[tool.et-log]` in the target's pyproject.toml, with the ExecuTorch layout as the default,
and the one project root that paths, baseline keys and every output format are relative to."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from lint_rules.backends import backend_folders, backend_of
from lint_rules.globs import matches_any
from lint_rules.paths import is_within

DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".git/",
    ".hg/",
    ".venv/",
    "venv/",
    ".tox/",
    "__pycache__/",
    "build/",
    "dist/",
    "*.egg-info/",
    "node_modules/",
    "third-party/",
    "third_party/",
)
# Files that are not library code: their prints are CLI output, their logging setup is theirs.
TEST_PATTERNS: tuple[str, ...] = ("test_*.py", "*_test.py", "tests/", "test/")
DEFAULT_SCRIPT_PATTERNS: tuple[str, ...] = (
    *TEST_PATTERNS,
    "conftest.py",
    "__main__.py",
    "examples/",
    # demo code (e.g. backends/example/, the template a new backend copies): its prints are the demo
    "example/",
    "demo/",
    "demos/",
    "scripts/",
)


SEVERITIES = ("note", "warning", "error")


class ConfigError(Exception):
    """A `[tool.et-log]` table or a command-line override that cannot be used."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the lint and the codemod need to know about the target repository."""

    root: Path | None = None
    include: tuple[str, ...] = ("*.py",)
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    script_patterns: tuple[str, ...] = DEFAULT_SCRIPT_PATTERNS
    # Also treat files with a `__main__` guard or an argparse entry point as scripts.
    detect_scripts: bool = True
    # Every other key: a site kind's own option (`Rule.options`), as read: (key, value, where it
    # was set). `lint_rules.rules.check_options` checks them against the kinds' declarations.
    rule_options: tuple[tuple[str, object, str], ...] = ()
    components: tuple[tuple[str, str], ...] = ()
    default_component: str = "executorch"
    runtime_import: str = "et_log_runtime"
    # Explicit logger names inside this package are kept by ETL001's fix.
    package: str = "executorch"
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    # ExecuTorch recipes the codemod leaves out (names checked by the codemod; the lint ignores it)
    skip_recipes: tuple[str, ...] = ()
    # How findings are reported by the github, sarif, lintrunner and json formats.
    severity: str = "warning"
    source_file: Path | None = field(default=None, compare=False)

    def relpath(self, path: str | os.PathLike[str]) -> str:
        """`path` relative to the project root, '/'-separated; a path outside the root (or
        without one) is made absolute."""
        absolute = os.path.abspath(os.fspath(path))
        if self.root is not None:
            root = str(self.root)
            if absolute == root:
                return "."
            if is_within(absolute, root):
                absolute = absolute[len(root.rstrip(os.sep)) + 1 :]
        return absolute.replace(os.sep, "/")

    def component_for(self, path: str | os.PathLike[str]) -> str:
        """The component a file belongs to: the config map first, then its backend
        (`lint_rules.backends`), else the default component."""
        rel = self.relpath(path)
        for pattern, name in self.components:
            if matches_any(rel, (pattern,)):
                return name
        return backend_of(rel.split("/")[:-1]) or self.default_component

    def is_excluded(self, path: str | os.PathLike[str]) -> bool:
        """True if an exclude glob matches the file or one of its folders."""
        return self.is_excluded_rel(self.relpath(path))

    def is_excluded_rel(self, rel: str) -> bool:
        return matches_any(rel, self.exclude) or matches_any(rel, self.extend_exclude)

    def is_included_rel(self, rel: str) -> bool:
        return matches_any(rel, self.include) and not self.is_excluded_rel(rel)

    def configured(self, key: str) -> object:
        """The value set for a site kind's own option `key` (None: not set; `Option.read` gives
        the kind's default then)."""
        return next((value for name, value, _ in self.rule_options if name == key), None)

    def is_script_path(self, path: str | os.PathLike[str]) -> bool:
        """True for tests, examples and script folders (by path alone)."""
        return self.is_script_rel(self.relpath(path))

    def is_script_rel(self, rel: str) -> bool:
        return matches_any(rel, self.script_patterns)

    def code_enabled(self, code: str) -> bool:
        """`--select`/`--ignore` by code prefix (`ETL00` selects all kinds)."""
        if self.select and not any(code.startswith(s) for s in self.select):
            return False
        return not any(code.startswith(s) for s in self.ignore)


_LIST_KEYS = {
    "include",
    "exclude",
    "extend_exclude",
    "script_patterns",
    "select",
    "ignore",
    "skip_recipes",
}
_STR_KEYS = {"default_component", "runtime_import", "package", "severity"}
_BOOL_KEYS = {"detect_scripts"}


def _normalise(
    table: dict[str, object], where: str
) -> tuple[dict[str, object], list[tuple[str, object, str]]]:
    """The Config fields `table` sets, checked, and the other keys (a kind's options) as read."""
    known = {f.name for f in fields(Config)} - {"root", "source_file", "rule_options"}
    out: dict[str, object] = {}
    rule_options: list[tuple[str, object, str]] = []
    for raw_key, value in table.items():
        key = raw_key.replace("-", "_")
        if key not in known:  # a kind's option, or unknown: the kinds decide (check_options)
            frozen = tuple(value) if isinstance(value, list) else value
            rule_options.append((raw_key.replace("_", "-"), frozen, where))
            continue
        if key in _LIST_KEYS:
            value = _string_list(value, raw_key, where)
        elif key in _STR_KEYS:
            if not isinstance(value, str) or not value:
                raise ConfigError(f"{where}: {raw_key} must be a non-empty string")
            if key == "severity" and value not in SEVERITIES:
                raise ConfigError(f"{where}: severity must be one of {', '.join(SEVERITIES)}")
        elif key in _BOOL_KEYS:
            if not isinstance(value, bool):
                raise ConfigError(f"{where}: {raw_key} must be true or false")
        elif key == "components":
            if isinstance(value, dict):
                value = tuple(value.items())
            if not isinstance(value, list | tuple) or not all(
                isinstance(v, list | tuple) and len(v) == 2 and all(isinstance(s, str) for s in v)
                for v in value
            ):
                raise ConfigError(f"{where}: components must map folder globs to names")
            value = tuple(tuple(v) for v in value)
        out[key] = value
    return out, rule_options


def _string_list(value: object, key: str, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key} must be a list of strings")
    return tuple(value)


def _parse_toml(text: str) -> dict[str, object]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10: the backport has the same API
        import tomli as tomllib
    table: dict[str, object] = tomllib.loads(text)
    return table


def read_table(pyproject: Path) -> dict[str, object] | None:
    """The `[tool.et-log]` table of `pyproject`, or None if it has none. Raises ConfigError."""
    try:
        text = pyproject.read_text(encoding="utf-8")
        # Parsing TOML costs more than linting a few files: only when our table may be there.
        data = _parse_toml(text) if "et-log" in text else {}
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # TOMLDecodeError: ValueError
        raise ConfigError(f"{pyproject}: cannot read: {exc}") from exc
    tool = data.get("tool", {})
    table = tool.get("et-log") if isinstance(tool, dict) else None
    if table is not None and not isinstance(table, dict):
        raise ConfigError(f"{pyproject}: [tool.et-log] must be a table")
    return table


def find_root(
    start: str | os.PathLike[str] = ".",
) -> tuple[Path, Path | None, dict[str, object] | None]:
    """The project root seen from `start`: the nearest folder at or above it whose
    pyproject.toml has a `[tool.et-log]` table, else the top of the git work tree holding it
    (the nearest folder with a `.git` entry), else the current directory. Returns (root, that
    pyproject or None, its table or None)."""
    here = Path(os.path.abspath(start))
    if not here.is_dir():
        here = here.parent
    git_top: Path | None = None
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            table = read_table(candidate)
            if table is not None:
                return folder, candidate, table
        if git_top is None and os.path.lexists(folder / ".git"):
            git_top = folder
    return git_top or Path(os.getcwd()), None, None


VENDORED = "logs"  # ExecuTorch's own copy of the runtime: `executorch.logs`, at the root


def vendored_defaults(root: Path) -> dict[str, object]:
    """Without `[tool.et-log]`, on an ExecuTorch checkout that carries the runtime (its folder
    `logs/` with the names table): migrated code imports `executorch.logs`, and the run skips
    the runtime, its hook and the backend folders its table leaves out (a backend that sets up
    its own logger, as MLX does). Read from the table's text: one small file."""
    table = root / VENDORED / "names.py"
    try:
        text = table.read_text(encoding="utf-8") if (root / "exir").is_dir() else ""
    except (OSError, UnicodeDecodeError):
        text = ""
    if "BACKENDS" not in text:
        return {}
    tables = re.findall(r"^(?:APPLE_)?BACKENDS\b[^=]*=\s*\((.*?)\)", text, re.S | re.M)
    listed = set(re.findall(r'"(\w+)"', " ".join(tables)))  # one a line or not
    top, apple = backend_folders(root)
    skipped = [f"backends/{name}/" for name in top if name not in listed]
    skipped += [f"backends/apple/{name}/" for name in apple if name not in listed]
    return {
        "runtime_import": f"executorch.{VENDORED}",
        "extend_exclude": (f"{VENDORED}/", f"{VENDORED}_hook.py", *skipped),
    }


def read_config(
    start_dir: str | os.PathLike[str] = ".",
    overrides: dict[str, object] | None = None,
    *,
    pyproject: str | os.PathLike[str] | None = None,
) -> Config:
    """The configuration of the project `start_dir` lies in (see `find_root`), or of the given
    `pyproject` file (its folder is then the root); the ExecuTorch layout where `[tool.et-log]`
    is absent. `overrides` (command-line flags, same keys) win. A key Config does not know is
    kept as read, for the kinds to check (`lint_rules.load_config` does). Raises ConfigError."""
    source: Path | None
    if pyproject is not None:
        source = Path(os.path.abspath(pyproject))
        if not source.is_file():
            raise ConfigError(f"{source}: no such file")
        root, table = source.parent, read_table(source)
    else:
        root, source, table = find_root(start_dir)
    values: dict[str, object] = vendored_defaults(root)  # the table, then flags, win
    options: dict[str, tuple[str, object, str]] = {}  # a kind's option: the last setting wins
    for given, where in ((table, str(source)), (overrides, "command line")):
        more, kinds = _normalise(given or {}, where)
        values.update(more)
        options.update((key, (key, value, at)) for key, value, at in kinds)
    values["rule_options"] = tuple(options.values())
    # _normalise checked each value against its key's type: mypy cannot follow that per key.
    return replace(Config(root=root, source_file=source), **values)  # type: ignore[arg-type]
