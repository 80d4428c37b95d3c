"""The checkout's configuration edited by vendoring: pyproject.toml, pytest.ini, setup.py."""

from __future__ import annotations

import pytest

from codemods.vendor.config import edit_pyproject, edit_pytest_ini, edit_setup_packages
from codemods.vendor.text import VendorError

MODULE = "executorch.logs"
ENTRY = f"{MODULE}_hook:register"

PYPROJECT = """\
[build-system]
requires = ["setuptools"]

[project]
name = "executorch"
version = "1.0"

[project.scripts]
flatc = "executorch.data.bin:flatc"

# a comment that belongs to the next table
[tool.black]
target-version = ["py310"]
"""


def test_pyproject_edit_adds_lines_and_keeps_every_other_byte() -> None:
    after = edit_pyproject(PYPROJECT, ENTRY)
    added = [line for line in after.splitlines() if line not in PYPROJECT.splitlines()]
    assert added == [  # the hook's entry point alone: no tool configuration in the tree
        '[project.entry-points."torch.backends"]',
        f'executorch_logging = "{ENTRY}"',
    ]
    kept = [line for line in after.splitlines() if line not in added]
    assert [line for line in kept if line] == [line for line in PYPROJECT.splitlines() if line]
    assert after.index("torch.backends") < after.index("# a comment")
    assert edit_pyproject(after, ENTRY) == after


def test_pyproject_with_inline_entry_points_is_not_edited() -> None:
    inline = PYPROJECT.replace('version = "1.0"', 'version = "1.0"\nentry-points = {}')
    with pytest.raises(VendorError, match="inline"):
        edit_pyproject(inline, ENTRY)


# The shape of ExecuTorch's pytest.ini: testpaths grouped by top folder, a comment naming each.
PYTEST_INI = """\
[pytest]
addopts =
    --tb=native

testpaths =
    # ci/scripts
    .ci/scripts/tests

    # backends
    backends/xnnpack/test

    # exir
    exir/

flake-finder = true
"""


def test_the_tests_join_testpaths_as_a_group_where_their_path_sorts() -> None:
    after = edit_pytest_ini(PYTEST_INI, "_logging/test", "logging")
    assert after == PYTEST_INI.replace(
        "    # backends\n", "    # logging\n    _logging/test\n\n    # backends\n"
    )
    assert edit_pytest_ini(after, "_logging/test", "logging") == after
    last = edit_pytest_ini(PYTEST_INI, "zoo/test", "zoo")
    assert "    exir/\n\n    # zoo\n    zoo/test\n\nflake-finder" in last


def test_ungrouped_testpaths_get_one_line_in_order() -> None:
    ini = "[pytest]\ntestpaths =\n    a\n    c\nfoo = 1\n"
    assert edit_pytest_ini(ini, "b", "b") == "[pytest]\ntestpaths =\n    a\n    b\n    c\nfoo = 1\n"


@pytest.mark.parametrize("ini", ["[pytest]\naddopts = -q\n", "[pytest]\ntestpaths = a c\n"])
def test_testpaths_not_one_a_line_are_left_to_a_person(ini: str) -> None:
    with pytest.raises(VendorError, match="pytest.ini: no testpaths list, one path a line"):
        edit_pytest_ini(ini, "_logging/test", "logging")


SETUP = """\
def _minimal_packages():
    return sorted(
        find_namespace_packages(
            where="src",
            include=[
                "executorch",
                "executorch.data",
                "executorch.exir",
                "executorch.exir.*",
            ],
            exclude=["*.test"],
        )
    )
"""


def test_a_minimal_build_ships_the_runtime_beside_the_exporter() -> None:
    after = edit_setup_packages(SETUP, MODULE, "executorch.exir")
    assert after == SETUP.replace(  # where it sorts
        '"executorch.exir.*",\n', '"executorch.exir.*",\n                "executorch.logs",\n'
    )
    assert edit_setup_packages(after, MODULE, "executorch.exir") == after
    assert edit_setup_packages("x = ['a']\n", MODULE, "executorch.exir") == "x = ['a']\n"


LINTRUNNER = """[[linter]]
code = 'FLAKE8'
include_patterns = ['**/*.py']

[[linter]]
code = 'MYPY'
include_patterns = [
    # TODO: gradually enable all folders.
    # 'backends/**/*.py',
    'backends/arm/**/*.py',
    'codegen/**/*.py',
    '*.py',
]
exclude_patterns = ['third-party/**']
"""


def test_lintrunner_s_mypy_lists_the_runtime_where_it_sorts() -> None:
    from codemods.vendor.config import edit_lintrunner_mypy

    after = edit_lintrunner_mypy(LINTRUNNER, "_logging/**/*.py")
    assert after.replace("    '_logging/**/*.py',\n", "", 1) == LINTRUNNER
    mypy = after.split("code = 'MYPY'")[1]
    assert "    '_logging/**/*.py',\n    'backends/arm/**/*.py'," in mypy  # before what sorts after
    assert edit_lintrunner_mypy(after, "_logging/**/*.py") == after  # once
    everything = LINTRUNNER.replace("    '*.py',\n", "    '**/*.py',\n")
    assert edit_lintrunner_mypy(everything, "_logging/**/*.py") == everything


def test_lintrunner_s_mypy_lists_a_file_only_where_no_glob_takes_it() -> None:
    from codemods.vendor.config import edit_lintrunner_mypy

    assert edit_lintrunner_mypy(LINTRUNNER, "_logging_hook.py") == LINTRUNNER  # '*.py' takes it
    nested = edit_lintrunner_mypy(LINTRUNNER, "src/_logging_hook.py")
    assert "    'src/_logging_hook.py',\n" in nested  # '*.py' stays in the root folder
    arm = edit_lintrunner_mypy(LINTRUNNER, "backends/arm/_logging_hook.py")
    assert arm == LINTRUNNER  # 'backends/arm/**/*.py' takes it
