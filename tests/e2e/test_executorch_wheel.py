"""End to end on the released ExecuTorch wheel: migrate it, export the same bytes, answer TORCH_LOGS.

Environment: a cached venv with torch 2.13.0 + executorch 1.5.1, and et-log installed (non-editable)
in a directory beside it, see ``wheel_env.py``. "Before" runs leave et-log off PYTHONPATH: the wheel
as users have it today. The cached package is never migrated: every run copies it to a temporary
directory put first on PYTHONPATH, and migrates that copy. If the wheel cannot be installed the
test fails with pip's reason; it is never skipped.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from harness.child_runs import Run, run_python
from harness.log_lines import (
    LogLine,
    below,
    count_containing,
    executorch_lines,
    repeated,
)
from harness.vendored import VENDORED_MODULE
from harness.wheel_env import MIGRATED_FOLDERS, WheelEnv, copy_executorch

from codemods.recipes import RECIPES

pytestmark = pytest.mark.e2e

EXPORT_SCRIPT = Path(__file__).resolve().parent / "harness" / "export_model.py"
REJECTION = "only support power == 2, got 3"
PARALLEL_RUNS = 2


def run_exports(
    wheel: WheelEnv,
    overlay: Path,
    scenarios: dict[str, tuple[str | None, list[str]]],
    with_et_log: bool,
    blocker: Path | None = None,
    runtime: str = "et_log_runtime",
) -> dict[str, Run]:
    """Run export_model.py once per scenario (TORCH_LOGS value, extra args), two at a time."""

    def one(label: str) -> Run:
        torch_logs, extra = scenarios[label]
        args = [str(EXPORT_SCRIPT), *extra, "--runtime", runtime]
        return run_python(
            wheel, overlay, args, label, torch_logs, with_et_log=with_et_log, blocker=blocker
        )

    with ThreadPoolExecutor(PARALLEL_RUNS) as pool:
        return dict(zip(scenarios, pool.map(one, scenarios), strict=True))


@pytest.fixture(scope="module")
def before(wheel, tmp_path_factory, e2e_timings) -> dict[str, Run]:
    """The pristine copy without et-log on the path: what users see today."""
    overlay = copy_executorch(wheel, tmp_path_factory.mktemp("pristine"))
    scenarios = {
        "unset": (None, []),
        "+executorch": ("+executorch", []),
        "+xnnpack": ("+xnnpack", []),
    }
    with e2e_timings.step(f"before migration: {len(scenarios)} exports"):
        runs = run_exports(wheel, overlay, scenarios, with_et_log=False)
    runs["unset"].check_ok()
    assert Path(runs["unset"].field("partitioner-file")).is_relative_to(overlay)
    return runs


@dataclass(frozen=True)
class Migrated:
    overlay: Path
    package: Path
    migrate: Run
    report: dict
    runtime: str = "et_log_runtime"  # what migrated code imports
    blocker: Path | None = None  # vendored mode: et-log and libcst blocked in the children
    folders: tuple[str, ...] = ("exir", "backends")  # what the migration covered

    @property
    def vendored(self) -> bool:
        return self.blocker is not None

    @property
    def not_migrated(self) -> list[str]:
        """The folders the run left out as a whole (a backend that is no component)."""
        return [entry["folder"] for entry in self.report.get("not_migrated", [])]


# "et-log": et-log installed beside the wheel's venv; "vendored": see vendored.py (the vendored
# package's own checks: test_vendored_wheel.py).
MODES = ("et-log", "vendored")


@pytest.fixture(scope="module", params=MODES)
def migrated(request, wheel, tmp_path_factory, e2e_timings) -> Migrated:
    if request.param == "vendored":
        copy = request.getfixturevalue("vendored_wheel")
        migrate = Run("migrate --vendor", copy.done.returncode, copy.done.stdout, copy.done.stderr)
        report = json.loads(copy.report.read_text())
        vendored = {
            "runtime": VENDORED_MODULE,
            "blocker": copy.blocker,
            "folders": MIGRATED_FOLDERS,
        }
        return Migrated(copy.overlay, copy.package, migrate, report, **vendored)
    overlay = copy_executorch(wheel, tmp_path_factory.mktemp(f"migrated-{request.param}"))
    package = overlay / "executorch"
    report_path = overlay / "migration-report.json"
    args = ["-m", "codemods.migrate", "exir", "backends", "--recipes", "all"]
    args += ["--report", str(report_path)]
    with e2e_timings.step("python -m codemods.migrate exir backends (on the copy)"):
        migrate = run_python(wheel, overlay, args, "migrate", cwd=package)
    assert migrate.returncode == 0, migrate.describe()
    assert report_path.is_file(), migrate.describe()
    return Migrated(overlay, package, migrate, json.loads(report_path.read_text()))


AFTER_SCENARIOS: dict[str, tuple[str | None, list[str]]] = {
    "unset": (None, []),
    "+dynamo,+executorch,+xnnpack": ("+dynamo,+executorch,+xnnpack", []),
    "+executorch": ("+executorch", []),
    "+xnnpack": ("+xnnpack", []),
    "xnnpack": ("xnnpack", []),
    "xnnpack_graph,partition_report": ("xnnpack_graph,partition_report", []),
    "-executorch,-xnnpack": ("-executorch,-xnnpack", []),
    "set_logs(xnnpack=DEBUG)": (None, ["--set-logs", "xnnpack=DEBUG"]),
    "XnnpackPartitioner(verbose=True)": (None, ["--verbose"]),
}


@pytest.fixture(scope="module")
def after(wheel, migrated, e2e_timings) -> dict[str, Run]:
    mode = "vendored" if migrated.vendored else "et-log"
    with e2e_timings.step(f"after migration ({mode}): {len(AFTER_SCENARIOS)} exports"):
        vendored = {"blocker": migrated.blocker, "runtime": migrated.runtime}
        scenarios = dict(AFTER_SCENARIOS)
        if migrated.vendored:  # the partition report is et-log's opt-in recipes', not vendored
            scenarios["xnnpack_graph,partition_report"] = ("xnnpack_graph", [])
        runs = run_exports(wheel, migrated.overlay, scenarios, not migrated.vendored, **vendored)
    for run in runs.values():
        run.check_ok()
        assert Path(run.field("partitioner-file")).is_relative_to(migrated.overlay)
    return runs


def test_before_migration_the_wheel_double_prints_and_rejects_backend_names(before):
    assert before["unset"].field("program-sha256")
    assert before["unset"].field("root-handlers") == "1", (
        "basicConfig at import adds a root handler"
    )
    double = before["+executorch"].check_ok()
    assert count_containing(double.stderr, REJECTION) == 2, double.describe()
    assert any(line.root_format for line in double.lines), "the root handler copy is expected"
    broken = before["+xnnpack"]
    assert broken.returncode != 0, broken.describe()
    assert "ValueError" in broken.stderr and "xnnpack" in broken.stderr, broken.describe()


def test_migration_changes_the_package_and_removes_basicconfig(migrated, wheel):
    partitioner = "backends/xnnpack/partition/xnnpack_partitioner.py"
    original = (wheel.executorch_dir / partitioner).read_text()
    rewritten = (migrated.package / partitioner).read_text()
    assert "logging.basicConfig" in original
    assert not re.search(r"^logging\.basicConfig\(", rewritten, re.M)  # the import-time one
    assert f"from {migrated.runtime} import" in rewritten


def test_migrated_export_produces_identical_bytes(before, after):
    expected = before["unset"].field("program-sha256")
    for label, run in after.items():
        assert run.field("program-sha256") == expected, f"{label} exported different bytes"


def _rejections(run: Run) -> int:
    return count_containing(run.stderr, REJECTION)


def _exir_debug(run: Run) -> list[LogLine]:
    return [line for line in run.lines if line.is_exir_debug]


DYNAMO_DEBUG = re.compile(r"^V\d{4} \S+ \d+ \S*torch/_dynamo/", re.MULTILINE)


def test_all_three_components_show_the_reason_once_and_exir_debug(after):
    run = after["+dynamo,+executorch,+xnnpack"]
    assert _rejections(run) == 1, run.describe()
    assert _exir_debug(run), run.describe()
    assert DYNAMO_DEBUG.search(run.stderr), "torch's own +dynamo setting must still apply"
    assert not DYNAMO_DEBUG.search(after["+executorch"].stderr), "dynamo debug without +dynamo"


def test_executorch_alone_shows_exir_debug_but_not_xnnpack(after):
    run = after["+executorch"]
    assert _rejections(run) == 0, run.describe()
    assert _exir_debug(run), run.describe()


@pytest.mark.parametrize("label", ["+xnnpack", "set_logs(xnnpack=DEBUG)"])
def test_xnnpack_alone_shows_xnnpack_debug_but_not_exir(after, label):
    run = after[label]
    assert _rejections(run) == 1, run.describe()
    assert not _exir_debug(run), run.describe()


def test_minus_both_silences_executorch(after):
    run = after["-executorch,-xnnpack"]
    assert executorch_lines(run.lines) == [], run.describe()
    assert below("ERROR", [line for line in run.lines if line.is_executorch]) == []
    assert _rejections(run) == 0, run.describe()


def _xnnpack_debug_files(run: Run) -> set[str]:
    """The backends/xnnpack files that printed DEBUG lines."""
    return {
        line.module
        for line in run.lines
        if line.level == "DEBUG" and line.module and line.module.startswith("backends/xnnpack/")
    }


def test_plus_xnnpack_shows_the_backend_s_own_debug_output_and_writes_no_file(after, migrated):
    """A module-level setLevel(WARNING) over INFO lines only is gone: the component decides, and
    the preprocess's per-node line (INFO, now DEBUG) shows under +xnnpack. The two passes whose
    WARNING level mutes graph dumps at DEBUG keep it, listed for review (removed, every
    application at DEBUG would get them). The serializer no longer announces the xnnpack_graph
    artifact on every delegate (issue 21: a noise line)."""
    run = after["+xnnpack"]
    files = _xnnpack_debug_files(run)
    passes = {
        "backends/xnnpack/_passes/convert_to_linear",
        "backends/xnnpack/_passes/convert_to_sdpa",
    }
    assert "backends/xnnpack/xnnpack_preprocess" in files, run.describe()
    assert not passes & files, f"XNNPACK debug lines from {sorted(files)}\n{run.describe()}"
    kept = {
        s["path"].removesuffix(".py") for s in migrated.report["review"] if s["code"] == "ETL006"
    }
    assert passes <= kept, kept
    assert not [line for line in run.lines if "TORCH_LOGS=xnnpack_graph" in line.message]
    assert not list(migrated.overlay.glob("xnnpack_delegate_graph_*.json")), "a stray graph dump"
    same = after["set_logs(xnnpack=DEBUG)"]
    assert _xnnpack_debug_files(same) == files, "set_logs(xnnpack=DEBUG) differs from +xnnpack"


def test_info_level_tells_why_a_node_was_not_partitioned(after, migrated):
    if migrated.vendored:
        pytest.skip("the why-not line at INFO is the delegation record's recipes', et-log's own")
    run = after["xnnpack"]
    reasons = [line for line in run.lines if REJECTION in line.message]
    assert len(reasons) == 1 and reasons[0].level == "INFO", run.describe()
    assert not [line for line in run.lines if line.is_executorch and line.level == "DEBUG"]
    assert _rejections(after["unset"]) == 0, "the default must stay quiet"


def test_artifacts_print_the_graph_and_the_partition_report_and_nothing_else(after, migrated):
    run = after["xnnpack_graph,partition_report"]
    text = run.stderr
    assert "[__xnnpack_graph] XNNGraph of delegate 0:" in text, run.describe()
    assert "'xnodes'" in text or '"xnodes"' in text, "the graph's nodes are printed"
    report = [line.message for line in run.lines if "[__partition_report]" in line.message]
    if not migrated.vendored:  # vendored: no partition report (et-log's opt-in recipes)
        assert any("XnnpackPartitioner:" in m and "not partitioned" in m for m in report), report
        assert any("aten_pow_tensor_scalar" in m and REJECTION in m for m in report), report
    other = [
        line
        for line in run.lines
        if line.is_executorch
        and "[__xnnpack_graph]" not in line.text
        and "[__partition_report]" not in line.text
    ]
    assert below("WARNING", other) == [], run.describe()


def test_the_full_migration_keeps_what_the_verbose_flag_shows(after, migrated):
    """The partitioner module's `basicConfig(level=WARNING)` gave the root the handler through
    which `verbose=True` showed its DEBUG lines. The full migration removes it (class B, listed)
    and the `xnnpack-verbose` recipe gives `verbose=True` its own stderr handler (silent where
    the application set up logging): the line shows once, in basicConfig's format, as before."""
    run = after["XnnpackPartitioner(verbose=True)"]
    shown = [line for line in run.lines if "Verbose logging enabled" in line.message]
    assert len(shown) == 1 and shown[0].text.startswith("DEBUG:executorch.backends.xnnpack"), shown
    assert _rejections(run) == 0, "verbose=True is about the partitioner module, not its configs"
    removed = [
        s
        for s in migrated.report["rewritten"]
        if s["code"] == "ETL005" and s["path"].endswith("xnnpack/partition/xnnpack_partitioner.py")
    ]
    assert removed and "root logger a handler" in removed[0]["reason"], removed
    rows = [r for r in migrated.report["recipes"] if r["recipe"] == "xnnpack-verbose"]
    assert [r["status"] for r in rows] == ["applied"], rows


def test_level_overrides_are_removed_or_reported_with_a_suggestion(migrated):
    codes = Counter(s["code"] for s in migrated.report["rewritten"])
    review = [s for s in migrated.report["review"] if s["code"] == "ETL006"]
    # each of the wheel's 14 removed, or kept for review (a documented level: Arm's evaluator)
    assert codes["ETL006"] + len(review) >= 14, codes
    # kept: levels decided at run time (Core ML, MLX), a documented one (Arm's evaluator), the
    # serializer's, whose level gates its graph dump, and levels over DEBUG calls (exir's pass
    # manager and memory-format pass, three XNNPACK passes: dumps and per-node lines)
    assert len(review) <= 10, review
    assert all("Suggestion:" in s["reason"] for s in review), review
    rows = migrated.report["recipes"]
    applied = {r["recipe"] for r in rows if r["status"] == "applied"}
    # every recipe applies to the wheel, but where its file waits for review as a whole (a
    # file check's verdict: all or nothing per file), or its backend is no component (MLX,
    # vendored: its folder is not migrated)
    waits = {r["recipe"] for r in rows if "waits for review as a whole" in r["detail"]}
    absent = {r.name for r in RECIPES if any(r.path.startswith(f) for f in migrated.not_migrated)}
    # vendored: the delegation record's recipes are left out (they are et-log's, opt-in)
    left = {r["recipe"] for r in rows if r["status"] == "left out"}
    delegation = {r.name for r in RECIPES if r.delegation} - absent
    assert left == (delegation if migrated.vendored else set())
    everything = {recipe.name for recipe in RECIPES}
    assert applied | waits | absent | left == everything, (applied, waits)
    assert not applied & (waits | absent | left)


def test_default_is_quiet_and_prints_nothing_twice(after):
    run = after["unset"]
    ours = executorch_lines(run.lines)
    assert below("WARNING", ours) == [], run.describe()
    assert repeated(ours) == {}, run.describe()
    assert run.field("root-handlers") == "0", "the application's root logger must stay untouched"
    assert _rejections(run) == 0, run.describe()


def site_keys(sites: list[dict]) -> Counter:
    """(path, code, source with whitespace collapsed) per site: stable when lines shift."""
    return Counter((s["path"], s["code"], " ".join(s["source"].split())) for s in sites)


def test_lint_reports_exactly_the_sites_listed_for_review(wheel, migrated, e2e_timings):
    args = ["-m", "lint_rules", "--format", "json", *migrated.folders]
    with e2e_timings.step("python -m lint_rules on the migrated copy"):
        lint = run_python(wheel, migrated.overlay, args, "lint", cwd=migrated.package)
    review = site_keys(migrated.report["review"])
    assert lint.returncode == (1 if review else 0), lint.describe()
    found = site_keys(json.loads(lint.stdout)["findings"])
    unlisted = found - review
    assert not unlisted, f"lint findings the migration did not list for review: {sorted(unlisted)}"
    missing = review - found
    assert not missing, f"review sites the lint no longer reports: {sorted(missing)}"


def test_the_documented_baseline_ratchet_works_on_the_migrated_wheel(
    wheel, migrated, tmp_path, e2e_timings
):
    """MIGRATION.md step 3 on the real package: grandfather the review list, fail on a new site."""
    tree = tmp_path / "executorch"
    shutil.copytree(migrated.package, tree, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    baseline = tmp_path / "et-log-baseline.json"
    lint = ["-m", "lint_rules", "exir", "backends", "--baseline", str(baseline)]
    with e2e_timings.step("baseline: generate, check, add a site, check"):
        generated = run_python(wheel, tmp_path, [*lint, "--generate-baseline"], "gen", cwd=tree)
        clean = run_python(wheel, tmp_path, lint, "baseline", cwd=tree)
        target = tree / "backends" / "xnnpack" / "partition" / "xnnpack_partitioner.py"
        target.write_text(
            target.read_text()
            + "\nimport sys\n\n\ndef _probe():\n    print('x', file=sys.stderr)\n"
        )
        dirty = run_python(wheel, tmp_path, lint, "new site", cwd=tree)
    assert generated.returncode == 0 and baseline.is_file(), generated.describe()
    assert clean.returncode == 0, clean.describe()
    assert dirty.returncode == 1, dirty.describe()
    new = [line for line in dirty.stdout.splitlines() if ": ETL" in line]
    assert len(new) == 1 and "xnnpack_partitioner.py" in new[0] and "ETL003" in new[0], dirty.stdout
