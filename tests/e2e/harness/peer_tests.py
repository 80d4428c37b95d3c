"""Run a slice of the wheel's own shipped tests before and after the migration; compare per test.

Two copies of the installed ``executorch`` package go to a temporary directory: ``pristine`` as
installed and ``migrated``, where ``python -m codemods.migrate exir backends extension devtools``
runs inside the copy (the whole library, ``backend_lowering.MIGRATED_FOLDERS``).
The same pytest command then runs in each copy's directory (``-p no:cacheprovider``, junit XML for
per-test outcomes). "Before" runs without et-log on ``PYTHONPATH``: the wheel as users have it.
"After" puts et-log's install directory on it, so the migrated code finds ``et_log_runtime``
(checked: a migrated module imports it after, and no runtime before).

A regression is a test that passed before and did not pass after (failed, errored, skipped, or was
not run at all). The slice is defined in ``peer_slice.py``. Usage::

    python tests/e2e/harness/peer_tests.py --full          # the documented slice (slow)
    python tests/e2e/harness/peer_tests.py --fast          # capture-touching tests only
    python tests/e2e/harness/peer_tests.py --fast --vendored   # the runtime vendored, et-log not installed
    python tests/e2e/harness/peer_tests.py --backends      # Arm, Vulkan, Core ML, OpenVINO slices only

Vendored mode (``vendored.py``): the migration runs ``codemods.migrate --vendor`` from the tool
environment, the copy's dist-info carries the entry point, and et-log and libcst are blocked in
the pytest process: ExecuTorch carrying the runtime loads no pytest plugin of ours.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
from harness import peer_slice, vendored
from harness.backend_lowering import MIGRATED_FOLDERS
from harness.wheel_env import WheelEnv, child_base_env, copy_executorch, ensure_wheel_env

PACKAGE = "executorch"
RUNTIME = "et_log_runtime"
VENDORED_RUNTIME = vendored.VENDORED_MODULE
RANK = {"passed": 0, "skipped": 1, "failed": 2, "error": 3}
DETAIL_LINES = 25


@dataclass(frozen=True)
class Outcome:
    """One test's result from junit XML; ``node_id`` is relative to the executorch package."""

    node_id: str
    outcome: str  # passed | failed | error | skipped
    message: str = ""
    detail: str = ""


@dataclass
class Side:
    """One pytest run over one copy."""

    label: str
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    returncode: int = 0
    seconds: float = 0.0
    runtimes: list[str] = field(default_factory=list)  # what a migrated module imports
    output_tail: str = ""

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(RANK, 0)
        for outcome in self.outcomes.values():
            counts[outcome.outcome] += 1
        return counts


@dataclass(frozen=True)
class Regression:
    node_id: str
    after: Outcome | None  # None: the test did not run after the migration

    def describe(self, shown: set[str] | None = None) -> str:
        """One line and the failure's tail; a tail already in ``shown`` is not repeated."""
        if self.after is None:
            return f"{self.node_id}: passed before, not run after"
        text = f"{self.node_id}: passed before, {self.after.outcome} after: {self.after.message}"
        detail = "\n".join(self.after.detail.strip().splitlines()[-DETAIL_LINES:])
        if shown is not None:
            if detail in shown:
                return f"{text} (same failure as above)"
            shown.add(detail)
        return f"{text}\n{_indent(detail)}" if detail else text


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def _node_id(case: ET.Element) -> str:
    """Rebuild pytest's node id from an xunit1 testcase, without the ``executorch/`` prefix."""
    name = case.get("name", "")
    classname = case.get("classname", "")
    file = case.get("file") or classname.replace(".", "/") + ".py"
    module = file.removesuffix(".py").replace("/", ".")
    if not classname and name == module:  # a file that could not be collected
        return file.removeprefix(PACKAGE + "/")
    if classname.startswith(module + "."):
        owner = classname[len(module) + 1 :]
    elif classname and classname != module:
        # a class imported into the test module: ``file`` names where it is defined, while the
        # node belongs to the importing module; its classes are the CapWords tail of classname
        dotted = classname.split(".")
        split = next((i for i, part in enumerate(dotted) if part[:1].isupper()), len(dotted))
        file, owner = "/".join(dotted[:split]) + ".py", ".".join(dotted[split:])
    else:
        owner = ""
    parts = [file, *owner.split("."), name] if owner else [file, name]
    node = "::".join(part for part in parts if part)
    return node.removeprefix(PACKAGE + "/")


def _case_outcome(case: ET.Element) -> tuple[str, str, str]:
    for tag, outcome in (("error", "error"), ("failure", "failed"), ("skipped", "skipped")):
        found = case.findall(tag)
        if found:
            message = found[0].get("message", "")
            detail = "\n".join((child.text or "") for child in found)
            return outcome, message, detail
    return "passed", "", ""


def parse_junit(path: Path) -> dict[str, Outcome]:
    """Per-test outcomes; a test reported twice (teardown error, subtests) keeps its worst."""
    outcomes: dict[str, Outcome] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        node = _node_id(case)
        outcome, message, detail = _case_outcome(case)
        previous = outcomes.get(node)
        if previous is None or RANK[outcome] > RANK[previous.outcome]:
            outcomes[node] = Outcome(node, outcome, message, detail)
    return outcomes


def regressions(before: dict[str, Outcome], after: dict[str, Outcome]) -> list[Regression]:
    """Tests that passed before and did not pass after (or did not run after)."""
    found = []
    for node, outcome in sorted(before.items()):
        if outcome.outcome != "passed":
            continue
        later = after.get(node) or after.get(node.split("::")[0])  # else its file's collection
        if later is None or later.outcome != "passed":
            found.append(Regression(node, later))
    return found


def fixed(before: dict[str, Outcome], after: dict[str, Outcome]) -> list[str]:
    return sorted(
        node
        for node, outcome in after.items()
        if outcome.outcome == "passed" and before.get(node, outcome).outcome != "passed"
    )


def child_env(wheel: WheelEnv, paths: list[Path]) -> dict[str, str]:
    env = child_base_env(drop=("PYTEST_ADDOPTS",))
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in paths)
    env["PATH"] = os.pathsep.join([str(wheel.python.parent), env.get("PATH", "")])
    env["PYTHONHASHSEED"] = "0"
    return env


def _loaded_runtimes(wheel: WheelEnv, env: dict[str, str], cwd: Path) -> list[str]:
    """The logging runtimes a migrated module (exir's pass manager) imports on this side."""
    code = (
        "import sys, executorch.exir.pass_manager; "
        f"print(*[m for m in {(RUNTIME, VENDORED_RUNTIME)!r} if m in sys.modules])"
    )
    result = subprocess.run(
        [str(wheel.python), "-c", code], env=env, cwd=cwd, capture_output=True, text=True
    )
    return result.stdout.split()


def pytest_args(junit: Path, targets: list[str]) -> list[str]:
    """The pytest command line of both sides: no cache, per-test junit XML, all files collected."""
    args = ["-m", "pytest", "-p", "no:cacheprovider", "-q", "--continue-on-collection-errors"]
    args += ["-o", "junit_family=xunit1", "-o", "junit_logging=no", f"--junitxml={junit}"]
    return [*args, *targets]


def run_side(
    wheel: WheelEnv,
    label: str,
    overlay: Path,
    targets: list[str],
    with_et_log: bool,
    timeout: float,
    blocker: Path | None = None,
) -> Side:
    """Run pytest on ``targets`` (package-relative) from ``overlay``; return per-test outcomes.

    ``blocker`` (vendored mode): et-log and libcst blocked.
    """
    paths = [overlay, wheel.et_log_dir] if with_et_log else [overlay]
    env = child_env(wheel, [*paths, blocker] if blocker else paths)
    junit = overlay / f"junit-{label}.xml"
    side = Side(label, runtimes=_loaded_runtimes(wheel, env, overlay))
    started = time.monotonic()
    targets = [f"{PACKAGE}/{t}" for t in targets]
    result = subprocess.run(
        [str(wheel.python), *pytest_args(junit, targets)],
        cwd=overlay,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    side.seconds = time.monotonic() - started
    side.returncode = result.returncode
    side.output_tail = "\n".join((result.stdout + result.stderr).splitlines()[-40:])
    if junit.is_file():
        side.outcomes = parse_junit(junit)
    return side


def migrate(wheel: WheelEnv, overlay: Path, vendor: bool = False) -> tuple[int, str, float]:
    started = time.monotonic()
    report = overlay / "migration-report.json"
    if vendor:
        done = vendored.migrate_vendored(wheel, overlay, report, MIGRATED_FOLDERS)
        if done.returncode == 0:
            vendored.carry_entry_points(wheel, overlay)
        return done.returncode, done.stdout + done.stderr, time.monotonic() - started
    folders = list(MIGRATED_FOLDERS)
    result = subprocess.run(
        [str(wheel.python), "-m", "codemods.migrate", *folders, "--report", str(report)],
        cwd=overlay / PACKAGE,
        env=child_env(wheel, [overlay, wheel.et_log_dir]),
        capture_output=True,
        text=True,
    )
    return result.returncode, result.stdout + result.stderr, time.monotonic() - started


@dataclass
class Comparison:
    mode: str  # "fast" / "full", with " vendored" in vendored mode
    targets: list[str]
    before: Side
    after: Side
    migrate_returncode: int
    timings: dict[str, float]

    @property
    def regressions(self) -> list[Regression]:
        return regressions(self.before.outcomes, self.after.outcomes)

    def summary(self) -> str:
        lines = [f"peer tests ({self.mode}): {len(self.targets)} targets"]
        lines.append(f"{'side':8}{'passed':>8}{'failed':>8}{'error':>8}{'skipped':>9}{'total':>7}")
        for side in (self.before, self.after):
            c = side.counts()
            total = sum(c.values())
            lines.append(
                f"{side.label:8}{c['passed']:8}{c['failed']:8}{c['error']:8}{c['skipped']:9}{total:7}"
            )
        lines.append("timings: " + ", ".join(f"{k} {v:.1f}s" for k, v in self.timings.items()))
        found = self.regressions
        lines.append(f"regressions (passed before, not after): {len(found)}")
        shown: set[str] = set()
        lines += [regression.describe(shown) for regression in found]
        now_passing = fixed(self.before.outcomes, self.after.outcomes)
        if now_passing:
            lines.append(f"failed before, pass after: {', '.join(now_passing)}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "mode": self.mode,
            "targets": self.targets,
            "timings_s": self.timings,
            "migrate_returncode": self.migrate_returncode,
            "counts": {"before": self.before.counts(), "after": self.after.counts()},
            "regressions": [
                {"node_id": r.node_id, "after": asdict(r.after) if r.after else None}
                for r in self.regressions
            ],
            "outcomes": {
                side.label: {node: o.outcome for node, o in sorted(side.outcomes.items())}
                for side in (self.before, self.after)
            },
        }


def select(mode: str, wheel: WheelEnv) -> list[str]:
    tests = peer_slice.scan_package(wheel.executorch_dir)
    if mode == "fast":
        return peer_slice.fast_targets(tests)
    if mode == "backends":
        return peer_slice.backend_targets()
    return peer_slice.full_targets(tests)


def compare(
    wheel: WheelEnv,
    mode: str,
    workdir: Path,
    parallel: bool = True,
    timeout: float = 3 * 3600,
    vendor: bool = False,
) -> Comparison:
    """Copy, migrate, run both sides (concurrently unless ``parallel`` is false), compare.

    ``vendor``: the vendored mode (module docstring) instead of et-log installed beside the copy.
    """
    targets = select(mode, wheel)
    timings: dict[str, float] = {}
    migrate_code = [0]
    started = time.monotonic()
    pristine = copy_executorch(wheel, workdir / "pristine")
    migrated = copy_executorch(wheel, workdir / "migrated")
    timings["copy"] = time.monotonic() - started

    def before() -> Side:
        return run_side(wheel, "before", pristine, targets, False, timeout)

    def after() -> Side:
        code, output, seconds = migrate(wheel, migrated, vendor)
        timings["migrate"] = seconds
        migrate_code[0] = code
        if code != 0:
            print(f"[peer] migration exited {code}:\n{output[-4000:]}", file=sys.stderr)
        blocker = vendored.blocker_dir(workdir / "blocker") if vendor else None
        return run_side(wheel, "after", migrated, targets, not vendor, timeout, blocker)

    with ThreadPoolExecutor(2 if parallel else 1) as pool:
        sides = [pool.submit(before), pool.submit(after)]
        before_side, after_side = (future.result() for future in sides)
    timings["before"] = before_side.seconds
    timings["after"] = after_side.seconds
    timings["total"] = time.monotonic() - started
    label = f"{mode} vendored" if vendor else mode
    return Comparison(label, targets, before_side, after_side, migrate_code[0], timings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--full", dest="mode", action="store_const", const="full")
    mode.add_argument("--fast", dest="mode", action="store_const", const="fast")
    mode.add_argument("--backends", dest="mode", action="store_const", const="backends")
    parser.add_argument("--serial", action="store_true", help="run before and after one at a time")
    parser.add_argument("--vendored", action="store_true", help="the runtime vendored, no et-log")
    parser.add_argument("--json", type=Path, help="write outcomes and timings to this file")
    parser.add_argument("--keep", type=Path, help="work in this directory and keep it")
    args = parser.parse_args(argv)
    started = time.monotonic()
    wheel = ensure_wheel_env(log=lambda line: print(line, file=sys.stderr))
    env_seconds = time.monotonic() - started
    with tempfile.TemporaryDirectory(prefix="et-log-peer-") as tmp:
        workdir = args.keep or Path(tmp)
        mode = args.mode or "full"
        result = compare(wheel, mode, workdir, parallel=not args.serial, vendor=args.vendored)
    result.timings = {"wheel env": env_seconds, **result.timings}
    print(result.summary())
    if args.json:
        args.json.write_text(json.dumps(result.to_json(), indent=1) + "\n")
    problems = _run_problems(result)
    for problem in problems:
        print(f"[peer] {problem}", file=sys.stderr)
    return 1 if result.regressions or problems else 0


def _run_problems(result: Comparison) -> list[str]:
    """Why a run cannot be trusted: pytest crashed, the runtime is (not) used, migration failed."""
    problems = []
    for side in (result.before, result.after):
        if side.returncode not in (0, 1) or not side.outcomes:
            problems.append(f"pytest {side.label} exited {side.returncode}:\n{side.output_tail}")
    runtime = VENDORED_RUNTIME if result.mode.endswith("vendored") else RUNTIME
    if result.before.runtimes:
        problems.append(
            f"a logging runtime is in use before the migration: {result.before.runtimes}"
        )
    if result.after.runtimes != [runtime]:
        problems.append(
            f"after the migration the runtime in use is not {runtime}: {result.after.runtimes}"
        )
    if result.migrate_returncode:
        problems.append(f"python -m codemods.migrate exited {result.migrate_returncode}")
    return problems


if __name__ == "__main__":
    sys.exit(main())
