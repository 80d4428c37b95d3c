"""Buck files read and edited with libcst: targets, srcs, and one more dep laid out by hand."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from codemods.vendor.buck import add_dependency, package_of, package_targets
from codemods.vendor.buck_deps import plan_deps
from codemods.vendor.cst_lists import buildifier_key, insert_string

LABEL = "//executorch/_logging:lib"


def _inserted(source: str, value: str = LABEL) -> str:
    statement = cst.parse_module(source).body[0]
    assert isinstance(statement, cst.SimpleStatementLine)
    assign = statement.body[0]
    assert isinstance(assign, cst.Assign) and isinstance(assign.value, cst.List)
    return cst.Module([]).code_for_node(insert_string(assign.value, value))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (  # buildifier's order: plain, :local, //absolute; a new label goes where it sorts
            'deps = [\n    "fbsource//x:y",\n    ":common",  # why\n    # about exir\n'
            '    "//executorch/exir:z",  # @manual\n]\n',
            '[\n    "fbsource//x:y",\n    ":common",  # why\n    "//executorch/_logging:lib",\n'
            '    # about exir\n    "//executorch/exir:z",  # @manual\n]',
        ),
        (  # unsorted: at the end, the last item keeps its comment, the closing comment stays
            'deps = [\n    "//z:z",\n    ":b",\n    ":a",  # last\n    # closing\n]\n',
            '[\n    "//z:z",\n    ":b",\n    ":a",  # last\n    "//executorch/_logging:lib",\n'
            "    # closing\n]",
        ),
        ('deps = [":a", "//b:c"]\n', '[":a", "//b:c", "//executorch/_logging:lib"]'),
        ('deps = [\n    "//a:a"\n]\n', '[\n    "//a:a",\n    "//executorch/_logging:lib"\n]'),
        ("deps = []\n", '["//executorch/_logging:lib"]'),
        (  # before the first item, the comment above it stays above it
            'deps = [\n    # first\n    "//z:z",\n]\n',
            '[\n    "//executorch/_logging:lib",\n    # first\n    "//z:z",\n]',
        ),
    ],
)
def test_one_string_more_is_laid_out_like_its_neighbours(before: str, after: str) -> None:
    assert _inserted(before) == after


def test_buildifier_order_groups_plain_local_absolute_and_repo_labels() -> None:
    labels = ["@repo//x", "//b:c", ":a", "fbsource//p:q", "//b/c:d", "//b:c.d"]
    assert sorted(labels, key=buildifier_key) == [
        "fbsource//p:q",
        ":a",
        "//b:c",
        "//b:c.d",
        "//b/c:d",
        "@repo//x",
    ]


BUCK = """\
load(":targets.bzl", "define_common_targets")

fbcode_target(_kind = runtime.python_library,
    name = "listed",
    srcs = [
        "a.py",
    ],
    deps = [
        ":x",
        "//caffe2:torch",
    ],
)

fbcode_target(_kind = runtime.python_library,
    name = "globbed",
    srcs = glob(["ops/*.py", "deep/**/*.py"], exclude = ["ops/skip.py"]),
)

fbcode_target(_kind = runtime.python_library, name = "odd", srcs = SRCS)

fbcode_target(_kind = runtime.python_library,
    name = "computed_deps",
    srcs = ["c.py"],
    deps = DEPS,
)

fbcode_target(_kind = runtime.cxx_library, name = "native", srcs = NATIVE_SRCS)
"""

TARGETS_BZL = """\
def define_common_targets():
    runtime.python_library(
        name = "inner",
        srcs = ["inner.py"] + glob(["more/*.py"]),
        deps = [":listed"] + select({"DEFAULT": []}),
    )
"""


@pytest.fixture()
def package(tmp_path: Path) -> Path:
    (tmp_path / "BUCK").write_text(BUCK)
    (tmp_path / "targets.bzl").write_text(TARGETS_BZL)
    return tmp_path


def test_targets_of_a_package_include_those_its_loaded_bzl_defines(package: Path) -> None:
    targets = {t.name: t for t in package_targets(package)}
    assert set(targets) == {"listed", "globbed", "odd", "computed_deps", "native", "inner"}
    assert targets["listed"].srcs.lists("a.py") and not targets["listed"].srcs.lists("b.py")
    assert targets["globbed"].srcs.lists("ops/x.py") and targets["globbed"].srcs.lists("deep/y.py")
    assert targets["globbed"].srcs.lists("deep/a/b/y.py")
    assert not targets["globbed"].srcs.lists("ops/skip.py")
    assert not targets["globbed"].srcs.lists("ops/sub/x.py")  # `*` stays in its folder
    assert targets["inner"].srcs.lists("more/m.py") and targets["inner"].file.name == "targets.bzl"
    assert not targets["odd"].srcs.readable and targets["odd"].call.python
    assert not targets["native"].call.python


def test_deps_edit_touches_only_the_chosen_lists_and_is_idempotent(package: Path) -> None:
    edit = add_dependency(package / "BUCK", lambda name, srcs: srcs.lists("a.py"), LABEL)
    assert edit.edited == ["listed"]
    added = [line for line in edit.text.splitlines() if line not in BUCK.splitlines()]
    assert added == [f'        "{LABEL}",']
    assert edit.text.index(LABEL) > edit.text.index('"//caffe2:torch"')
    (package / "BUCK").write_text(edit.text)
    again = add_dependency(package / "BUCK", lambda name, srcs: srcs.lists("a.py"), LABEL)
    assert again.text == edit.text and again.edited == []


def test_a_target_without_deps_gets_one_and_computed_deps_are_refused(package: Path) -> None:
    chosen = {"globbed", "computed_deps"}
    edit = add_dependency(package / "BUCK", lambda name, srcs: name in chosen, LABEL)
    assert edit.edited == ["globbed"] and edit.refused == ["computed_deps"]
    assert (
        '    srcs = glob(["ops/*.py", "deep/**/*.py"], exclude = ["ops/skip.py"]),\n'
        f'    deps = [\n        "{LABEL}",\n    ],\n)'
    ) in edit.text
    inner = add_dependency(package / "targets.bzl", lambda name, srcs: True, LABEL)
    assert f'deps = [":listed", "{LABEL}"] + select(' in inner.text


def test_plan_names_each_module_it_cannot_give_the_dependency(package: Path) -> None:
    (package / "sub").mkdir()
    modules = [package / "a.py", package / "ops" / "x.py", package / "c.py", package / "z.py"]
    outside = package.parent / "elsewhere.py"
    plan = plan_deps(package, [*modules, package / "more" / "m.py"], LABEL)
    assert sorted(p.name for p in plan.files) == ["BUCK", "targets.bzl"]
    notes = "\n".join(plan.notes)
    assert "z.py: the srcs of odd cannot be read (BUCK)" in notes  # native's srcs do not count
    assert "BUCK: target computed_deps (srcs: c.py): its deps is not a list" in notes
    assert package_of(outside, package) is None


def test_a_module_no_target_lists_is_reported_not_guessed(tmp_path: Path) -> None:
    (tmp_path / "BUCK").write_text(
        'fbcode_target(_kind = runtime.python_library, name = "lib", srcs = ["__init__.py"])\n'
    )
    plan = plan_deps(tmp_path, [tmp_path / "capture.py"], LABEL)
    assert plan.files == {}
    assert plan.notes == [
        f"capture.py: no target lists it (BUCK); list it in the srcs of a target there, with "
        f"{LABEL} in its deps"
    ]


CORTEX_M_BUCK = """\
load("@fbcode_macros//build_defs:python_library.bzl", "python_library")

fbcode_target(
    _kind = python_library,
    name = "quantizer_reporter",
    srcs = [
        "quantizer_reporter.py",
    ],
    deps = [
        "//caffe2:torch",
    ],
)
"""

CORTEX_M_TARGETS = """\
def define_common_targets(is_fbcode = False):
    if not is_fbcode:
        return

    python_library(
        name = "quantizer_reporter",
        srcs = [
            "quantizer_reporter.py",
        ],
        deps = [
            "//caffe2:torch",
        ],
    )
"""


def test_the_twin_in_targets_bzl_gets_the_dependency_too(tmp_path: Path) -> None:
    """ExecuTorch's backends/cortex_m: the BUCK file defines its targets itself and loads no
    targets.bzl, whose twins fbcode's TARGETS files load: both get the runtime."""
    (tmp_path / "BUCK").write_text(CORTEX_M_BUCK)
    (tmp_path / "targets.bzl").write_text(CORTEX_M_TARGETS)
    module = tmp_path / "quantizer_reporter.py"
    module.write_text("")
    plan = plan_deps(tmp_path, [module], LABEL)
    assert plan.notes == []
    assert sorted(path.name for path in plan.files) == ["BUCK", "targets.bzl"]
    for _, new in plan.files.values():
        assert f'"{LABEL}",' in new
