"""Who owns a file, read from CODEOWNERS as GitHub reads it (the lines ExecuTorch's file has)."""

from __future__ import annotations

from pathlib import Path

import pytest

from codemods.shared.owners import parse_owners, read_owners

# The shape of ExecuTorch main's CODEOWNERS: folder entries, a nested one before its parent, an
# entry without handles, file names that match anywhere.
EXECUTORCH_SHAPE = """\
# comment
/backends/apple @a
/backends/apple/mps @b
/backends/cadence
/exir/backend @c @d
/exir @d @e
/extension/llm @f  # trailing comment
CMakeLists.txt @g
*.bzl @h
/docs/**/api/ @i
"""


@pytest.mark.parametrize(
    ("path", "owner"),
    [
        ("exir/backend/utils.py", "exir"),  # the last matching line wins: /exir comes later
        ("exir/pass_manager.py", "exir"),
        ("exir", "exir"),
        ("exirish/x.py", ""),  # a folder entry covers the folder, not a name that starts alike
        ("backends/apple/coreml/partition/p.py", "backends/apple"),
        ("backends/apple/mps/mps_preprocess.py", "backends/apple/mps"),
        ("backends/cadence/aot/x.py", "backends/cadence"),  # no handles: still its own unit
        ("extension/llm/export/builder.py", "extension/llm"),
        ("backends/xnnpack/CMakeLists.txt", "CMakeLists.txt"),  # a name matches anywhere
        ("exir/targets.bzl", "*.bzl"),
        ("docs/source/api/x.md", "docs/**/api"),
        ("devtools/inspector/_inspector.py", ""),  # no line covers it
    ],
)
def test_the_last_line_covering_a_file_owns_it(path: str, owner: str) -> None:
    assert parse_owners(EXECUTORCH_SHAPE).of(path) == owner


def test_a_catch_all_owns_what_no_later_line_covers() -> None:
    owners = parse_owners("* @everyone\n/exir @d\n")
    assert (owners.of("exir/a.py"), owners.of("devtools/b.py")) == ("exir", "")


def test_github_reads_the_first_file_of_its_places(tmp_path: Path) -> None:
    assert read_owners(tmp_path).of("exir/a.py") == ""  # no file: no owners
    (tmp_path / "CODEOWNERS").write_text("/exir @root\n")
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "CODEOWNERS").write_text("/exir/passes @github\n")
    assert read_owners(tmp_path).of("exir/passes/p.py") == "exir/passes"
    assert read_owners(tmp_path).of("exir/a.py") == ""  # the root file is not read
    assert read_owners(None).of("exir/a.py") == ""
