"""The peer-test harness: its parts on small inputs, then the fast subset on the released wheel.

The e2e test runs every shipped test that touches logging capture or warnings (and can run here)
on a pristine and on a migrated copy of the wheel, and fails on any test that passed before and
fails after, except the regressions ``peer_slice.KNOWN_REGRESSIONS`` lists (issue 13). A listed
regression that no longer happens fails too: remove it from the list.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from harness import peer_slice
from harness.peer_tests import (
    RUNTIME,
    VENDORED_RUNTIME,
    Comparison,
    Outcome,
    compare,
    fixed,
    parse_junit,
    pytest_args,
    regressions,
)

SHARED = """
import unittest

class TestShared(unittest.TestCase):
    def test_shared(self):
        pass
"""
PROBE = """
import unittest
import pytest
from shared_cases import TestShared

class TestA(unittest.TestCase):
    def test_ok(self):
        pass

    def test_sub(self):
        for i in range(2):
            with self.subTest(i=i):
                self.assertEqual(i, 0)

@pytest.fixture
def broken_teardown():
    yield
    raise RuntimeError("teardown boom")

def test_teardown(broken_teardown):
    pass

@pytest.mark.parametrize("x", [1, 2])
def test_param(x):
    assert x == 1, "two is not one"

@pytest.mark.xfail(reason="known")
def test_xfail():
    assert False
"""


def test_junit_outcomes_of_a_real_pytest_run(tmp_path):
    package = tmp_path / "executorch" / "pkg"
    package.mkdir(parents=True)
    (package / "test_probe.py").write_text(PROBE)
    (package / "shared_cases.py").write_text(SHARED)
    (package / "test_broken.py").write_text("import no_such_module_here\n")
    junit = tmp_path / "junit.xml"
    args = pytest_args(junit, ["executorch/pkg"])
    subprocess.run([sys.executable, *args], cwd=tmp_path, capture_output=True, check=False)
    got = {node: o.outcome for node, o in parse_junit(junit).items()}
    assert got == {
        "pkg/test_broken.py": "error",
        "pkg/test_probe.py::TestA::test_ok": "passed",
        "pkg/test_probe.py::TestShared::test_shared": "passed",
        "pkg/test_probe.py::TestA::test_sub": "failed",
        "pkg/test_probe.py::test_teardown": "error",
        "pkg/test_probe.py::test_param[1]": "passed",
        "pkg/test_probe.py::test_param[2]": "failed",
        "pkg/test_probe.py::test_xfail": "skipped",
    }
    param = parse_junit(junit)["pkg/test_probe.py::test_param[2]"]
    assert "two is not one" in param.message + param.detail


def _outcomes(**by_node: str) -> dict[str, Outcome]:
    return {node: Outcome(node, outcome, f"{outcome} message") for node, outcome in by_node.items()}


def test_regressions_are_tests_that_passed_before_and_not_after():
    before = _outcomes(a="passed", b="passed", c="failed", d="passed", e="skipped", f="passed")
    after = _outcomes(a="passed", b="failed", c="passed", e="passed", f="skipped")
    found = {r.node_id: r for r in regressions(before, after)}
    assert set(found) == {"b", "d", "f"}
    assert found["d"].after is None and "not run after" in found["d"].describe()
    assert "failed message" in found["b"].describe()
    assert fixed(before, after) == ["c", "e"]


def test_a_test_whose_file_no_longer_imports_regresses_with_the_import_error():
    before = _outcomes(**{"t.py::test_a": "passed", "t.py::test_b": "passed"})
    after = {"t.py": Outcome("t.py", "error", "collection failure", "ImportError: no x")}
    found = regressions(before, after)
    assert [r.node_id for r in found] == ["t.py::test_a", "t.py::test_b"]
    shown: set[str] = set()
    first, second = (r.describe(shown) for r in found)
    assert "ImportError: no x" in first and "error after: collection failure" in first
    assert second.endswith("(same failure as above)")


def test_scan_finds_each_capture_api_and_follows_helpers_one_call_deep():
    source = textwrap.dedent(
        """
        import warnings, pytest

        def _expect_warning(fn):
            with warnings.catch_warnings(record=True):
                fn()

        class TestX:
            def test_logs(self):
                with self.assertLogs(level="WARNING"):
                    pass

            def test_helper(self):
                _expect_warning(print)

            def test_plain(self):
                assert True

        def test_warns():
            with pytest.warns(UserWarning, match="x"):
                pass

        def test_fixture(caplog, capsys):
            pass

        def test_handler():
            import logging
            logging.getLogger("x").addHandler(logging.NullHandler())

        def helper_not_a_test(capfd):
            pass
        """
    )
    found = {t.name: t.apis for t in peer_slice.scan_source(source, "a/test_x.py")}
    assert found == {
        "TestX::test_logs": ("assertLogs",),
        "TestX::test_helper": ("catch_warnings",),
        "test_warns": ("warns",),
        "test_fixture": ("caplog", "capsys"),
        "test_handler": ("addHandler",),
    }


def test_slice_targets_keep_core_files_whole_and_select_capture_tests_by_id():
    tests = [
        peer_slice.CaptureTest("exir/tests/test_passes.py", "TestPasses::test_a", 1, ("x",)),
        peer_slice.CaptureTest("backends/arm/test/test_b.py", "test_b", 1, ("caplog",)),
        peer_slice.CaptureTest(next(iter(peer_slice.CANNOT_RUN)), "test_c", 1, ("caplog",)),
    ]
    full = peer_slice.full_targets(tests)
    assert full[: len(peer_slice.CORE)] == list(peer_slice.CORE)
    backends = peer_slice.backend_targets()
    assert {"arm", "vulkan", "coreml", "openvino"} <= set(peer_slice.BACKEND_SLICES)
    assert full[len(peer_slice.CORE) :] == [*backends, "backends/arm/test/test_b.py"]
    fast = peer_slice.fast_targets(tests)
    assert "exir/tests/test_passes.py::TestPasses::test_a" in fast
    assert "backends/arm/test/test_b.py::test_b" in fast
    assert not any(t.startswith(next(iter(peer_slice.CANNOT_RUN))) for t in fast)
    assert set(peer_slice.EXTRA_FAST) <= set(fast)


@pytest.fixture(scope="module")
def fast_run(wheel, tmp_path_factory, e2e_timings) -> Comparison:
    with e2e_timings.step("peer tests, fast subset: copy, migrate, run before and after"):
        result = compare(wheel, "fast", tmp_path_factory.mktemp("peer"), timeout=1800)
    print(result.summary())
    return result


@pytest.mark.e2e
def test_fast_subset_ran_on_both_sides_with_the_runtime_only_after(fast_run):
    assert fast_run.migrate_returncode == 0
    for side in (fast_run.before, fast_run.after):
        assert side.returncode in (0, 1) and side.outcomes, side.output_tail
    assert fast_run.before.runtimes == [] and fast_run.after.runtimes == [RUNTIME]


@pytest.mark.e2e
def test_every_selected_capture_test_runs_and_passes_before_the_migration(fast_run):
    """What the slice calls runnable must pass on the pristine wheel, or move to CANNOT_RUN."""
    outcomes = fast_run.before.outcomes
    for target in fast_run.targets:
        ran = [o for node, o in outcomes.items() if node == target or node.startswith(target + "[")]
        assert ran, f"{target} was selected but did not run:\n{fast_run.before.output_tail}"
        bad = [f"{o.node_id}: {o.outcome} {o.message}" for o in ran if o.outcome != "passed"]
        assert not bad, "does not pass on the pristine wheel; list it in CANNOT_RUN:\n" + "\n".join(
            bad
        )


@pytest.mark.e2e
def test_no_shipped_test_regresses_beyond_the_known_list(fast_run):
    found = {r.node_id: r for r in fast_run.regressions}
    new = [r.describe() for node, r in found.items() if node not in peer_slice.KNOWN_REGRESSIONS]
    assert not new, "tests that passed before the migration fail after it:\n" + "\n".join(new)
    gone = sorted(set(peer_slice.KNOWN_REGRESSIONS) - set(found))
    assert not gone, f"known regressions that now pass; remove them from KNOWN_REGRESSIONS: {gone}"


@pytest.fixture(scope="module")
def fast_run_vendored(wheel, tmp_path_factory, e2e_timings) -> Comparison:
    with e2e_timings.step("peer tests, fast subset, vendored: copy, migrate, before and after"):
        workdir = tmp_path_factory.mktemp("peer-vendored")
        result = compare(wheel, "fast", workdir, timeout=1800, vendor=True)
    print(result.summary())
    return result


@pytest.mark.e2e
def test_vendored_fast_subset_passes_the_same_without_et_log(fast_run_vendored):
    """ExecuTorch carrying the runtime: its shipped tests pass as before, et-log not installed."""
    run = fast_run_vendored
    assert run.migrate_returncode == 0
    for side in (run.before, run.after):
        assert side.returncode in (0, 1) and side.outcomes, side.output_tail
    assert run.after.runtimes == [VENDORED_RUNTIME]
    found = {r.node_id: r for r in run.regressions}
    new = [r.describe() for node, r in found.items() if node not in peer_slice.KNOWN_REGRESSIONS]
    assert not new, "tests that passed before the migration fail after it:\n" + "\n".join(new)
