"""Config loading, component map and file discovery."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lint_rules import load_config
from lint_rules.backends import backend_folders
from lint_rules.config import Config, ConfigError
from lint_rules.discovery import iter_python_files
from lint_rules.rules._requested import PRINT_FUNCTIONS
from lint_rules.rules.etl008_print_to_stdout import TOOL_PATTERNS


@pytest.mark.parametrize(
    ("path", "component"),
    [
        ("exir/passes/x.py", "executorch"),
        ("backends/xnnpack/partition/x.py", "xnnpack"),
        ("backends/apple/coreml/compiler/x.py", "coreml"),
        ("backends/apple/mps/x.py", "mps"),
        ("backends/transforms/x.py", "executorch"),
        ("backends/__init__.py", "executorch"),
        ("backends/apple/__init__.py", "executorch"),
        ("backends/test/harness/x.py", "executorch"),
        ("backends/example/x.py", "executorch"),
        ("backends/arm-tools/x.py", "executorch"),
        ("executorch/backends/qualcomm/x.py", "qualcomm"),
    ],
)
def test_default_component_map(path: str, component: str) -> None:
    assert Config().component_for(path) == component


def test_backend_folders_follow_the_same_rule_as_the_component_map(tmp_path: Path) -> None:
    for folder in (
        "backends/xnnpack/partition",
        "backends/apple/coreml",
        "backends/transforms",
        "backends/test/suite",
        "backends/example",
        "backends/vulkan/runtime",  # no Python: a C++-only folder is not a backend
    ):
        (tmp_path / folder).mkdir(parents=True)
        if "vulkan" not in folder:
            (tmp_path / folder / "x.py").write_text("")
    (tmp_path / "backends/vulkan/runtime/x.cpp").write_text("")
    (tmp_path / "backends/mps").mkdir()
    (tmp_path / "backends/mps/x.py").write_text("")
    assert backend_folders(tmp_path) == (["mps", "xnnpack"], ["coreml"])
    found = {Config().component_for(p) for p in ["backends/mps/x.py", "backends/test/suite/x.py"]}
    assert found == {"mps", "executorch"}


def test_load_config_reads_tool_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.et-log]\n"
        'components = { "vendor/npu/" = "npu", "backends/arm/" = "ethos" }\n'
        'exclude = ["generated/"]\n'
        'script-patterns = ["tools/"]\n'
        'runtime-import = "executorch.utils.et_log"\n'
        "detect-scripts = false\n",
        encoding="utf-8",
    )
    sub = tmp_path / "backends" / "arm"
    sub.mkdir(parents=True)
    config = load_config(sub)
    assert config.root == tmp_path
    assert config.source_file == tmp_path / "pyproject.toml"
    assert config.component_for(tmp_path / "vendor/npu/a.py") == "npu"
    assert config.component_for(str(sub / "a.py")) == "ethos"
    assert config.component_for(tmp_path / "backends/transforms/a.py") == "executorch"
    assert config.component_for(tmp_path / "backends/cadence/a.py") == "cadence"
    assert config.runtime_import == "executorch.utils.et_log"
    assert config.is_script_path(tmp_path / "tools/run.py")
    assert not config.is_script_path(tmp_path / "tests/test_a.py")
    assert config.is_excluded(tmp_path / "generated/a.py")
    assert config.detect_scripts is False


def test_overrides_win_and_defaults_without_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    config = load_config(tmp_path, {"select": ["ETL001"], "runtime_import": "rt"})
    assert config.select == ("ETL001",) and config.runtime_import == "rt"
    assert config.script_patterns == Config().script_patterns
    assert config.component_for(tmp_path / "backends/vulkan/a.py") == "vulkan"


@pytest.mark.parametrize(
    "table",
    ["bogus = 1\n", "exclude = 3\n", "detect-scripts = 'yes'\n", "components = [1]\n"],
)
def test_bad_config_is_an_error_naming_the_file(tmp_path: Path, table: str) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.et-log]\n" + table, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path)
    assert "pyproject.toml" in str(info.value)


def test_broken_toml_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.et-log\n", encoding="utf-8")
    with pytest.raises(ConfigError):
        load_config(tmp_path)


def test_discovery_walks_sorted_with_excludes(tmp_path: Path) -> None:
    for rel in ["b/z.py", "b/a.py", "a.py", "build/x.py", "c/third_party/y.py", "c/notes.txt"]:
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "0" / "y.py").parent.mkdir()
    (tmp_path / "0" / "y.py").write_text("y = 1\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "b", target_is_directory=True)  # not followed
    (tmp_path / "m.py").symlink_to(tmp_path / "a.py")  # a linked file is linted
    (tmp_path / "n.py").symlink_to(tmp_path / "b", target_is_directory=True)  # nor this folder
    config = Config(root=tmp_path)
    found = [os.path.relpath(p, tmp_path) for p in iter_python_files([tmp_path], config)]
    # a folder's files first, then its folders, each in sorted order
    assert found == ["a.py", "m.py", "0/y.py", "b/a.py", "b/z.py"]
    explicit = [str(tmp_path / "b/a.py"), str(tmp_path / "build/x.py"), str(tmp_path / "a.py")]
    assert list(iter_python_files(explicit + explicit[:1], config)) == [explicit[0], explicit[2]]


def test_discovery_excludes_relative_to_root_from_any_start(tmp_path: Path, monkeypatch) -> None:
    for rel in ["pkg/a.py", "pkg/gen/b.py", "gen/c.py"]:
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("x = 1\n", encoding="utf-8")
    config = Config(root=tmp_path, exclude=("/gen/",))
    monkeypatch.chdir(tmp_path)
    assert sorted(iter_python_files(["."], config)) == ["./pkg/a.py", "./pkg/gen/b.py"]
    monkeypatch.chdir(tmp_path / "pkg")
    assert sorted(iter_python_files(["."], config)) == ["./a.py", "./gen/b.py"]
    assert list(iter_python_files([tmp_path / "gen"], config)) == []


def test_explicit_config_file(tmp_path: Path) -> None:
    custom = tmp_path / "lint.toml"
    custom.write_text("[tool.et-log]\nruntime-import = 'rt'\n", encoding="utf-8")
    config = load_config("/", pyproject=custom)
    assert config.runtime_import == "rt" and config.root == tmp_path
    with pytest.raises(ConfigError):
        load_config(".", pyproject=tmp_path / "missing.toml")


def test_a_kind_s_own_options_come_from_the_table(tmp_path: Path) -> None:
    from lint_rules import detect_source

    (tmp_path / "pyproject.toml").write_text(
        '[tool.et-log]\nprint-functions = ["report_*"]\ntool_patterns = ["exir/cli/"]\n',
        encoding="utf-8",
    )
    config = load_config(tmp_path)
    assert PRINT_FUNCTIONS.read(config) == ("report_*",)
    assert TOOL_PATTERNS.read(config) == ("exir/cli/",)
    src = 'def {}():\n    print("op not supported")\n'
    codes = lambda text, path: [f.code for f in detect_source(text, path, config)]  # noqa: E731
    lib = str(tmp_path / "exir/a.py")
    assert codes(src.format("report_ops"), lib) == []  # configured: output by design
    assert codes(src.format("print_ops"), lib) == ["ETL008"]  # the default list was replaced
    assert codes(src.format("check"), str(tmp_path / "exir/cli/main.py")) == []
    assert PRINT_FUNCTIONS.read(Config())[0] == "print_*"  # the rule's default


def test_a_bad_kind_option_names_the_key(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.et-log]\nprint-functions = 3\n", encoding="utf-8"
    )
    with pytest.raises(ConfigError, match="print-functions must be a list of strings"):
        load_config(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.et-log]\nprint_fuctions = []\n")  # a typo
    with pytest.raises(ConfigError, match=r"pyproject.toml: unknown key 'print-fuctions'"):
        load_config(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.et-log]\n")
    with pytest.raises(ConfigError, match="command line: tool-patterns must be a list"):
        load_config(tmp_path, {"tool-patterns": 1})


def test_discovery_walks_deeper_than_the_recursion_limit(tmp_path: Path) -> None:
    """A tree deeper than Python's recursion limit (1000) is walked, not a RecursionError; a
    broken link named like a module is listed, as os.walk lists it (reading it fails later)."""
    folders = [str(tmp_path)]
    for _ in range(1100):
        folders.append(os.path.join(folders[-1], "d"))
        os.mkdir(folders[-1])
    with open(os.path.join(folders[-1], "x.py"), "w", encoding="utf-8") as handle:
        handle.write("x = 1\n")
    (tmp_path / "broken.py").symlink_to(tmp_path / "missing.py")
    try:
        found = [os.path.relpath(p, tmp_path) for p in iter_python_files([tmp_path], Config())]
        assert found == ["broken.py", "/".join(["d"] * 1100 + ["x.py"])]
    finally:  # bottom up: removing a tree this deep recursively would hit the limit too
        os.remove(os.path.join(folders[-1], "x.py"))
        for folder in reversed(folders[1:]):
            os.rmdir(folder)
