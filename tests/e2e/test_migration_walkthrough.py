"""docs/MIGRATION.md's "From a clean checkout to a pull request", every block run as written.

The blocks marked ``<!-- walkthrough -->`` run in order, each with ``bash -e``, in a clone of an
ExecuTorch-shaped git repository: the sample tree (CI), or the whole real tree when
``ET_LOG_EXECUTORCH_SRC`` names a checkout. Only the network and forge steps are substituted
(``walkthrough.SUBSTITUTIONS``); the install, migrate, vendor, the gates at ExecuTorch's pins, the
lint and git run for real, with only what the doc installs. After each block the test checks what
that step was meant to do.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import progress
from harness.executorch_gates import LINT_PINS, ensure_gates_env
from harness.walkthrough import (
    BRANCH,
    DOC,
    MARKER,
    Walk,
    git,
    make_walk,
    project_wheel,
    run_block,
    substitute,
    walkthrough_blocks,
)
from harness.wheel_env import WheelEnv

pytestmark = pytest.mark.e2e

ENTRY_POINT = 'executorch_logging = "executorch.logs_hook:register"'
REPORT_SECTIONS = ("## Summary per component", "## Changes to look at", "## How this was generated")


def _cloned(walk: Walk, checkout: Path, output: str) -> None:
    assert checkout == walk.work / "executorch", "the first step must end in the checkout"
    assert git(checkout, "rev-parse", "--abbrev-ref", "HEAD").strip() == BRANCH


def _installed(walk: Walk, checkout: Path, output: str) -> None:
    tools = walk.work / "et-log-tools"
    site = next((tools / "lib").glob("python*/site-packages"))
    assert (site / "codemods" / "migrate.py").is_file(), "et-log is not installed (non-editable)"
    assert not list(site.glob("__editable__*")), "et-log must not be an editable install"
    for pth in site.glob("*.pth"):  # nothing may add this test's own packages to the tools
        for line in pth.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith(("#", "import ")):
                assert Path(line).resolve().is_relative_to(tools.resolve()), (pth, line)
    assert not (site / "torch").exists(), "the tool environment must not have torch"


def _migrated(walk: Walk, checkout: Path, output: str) -> None:
    assert (checkout / "logs_hook.py").is_file()
    assert (checkout / "logs" / "BUCK").is_file() and (
        checkout / "src/executorch/logs"
    ).is_symlink()
    assert ENTRY_POINT in (checkout / "pyproject.toml").read_text(encoding="utf-8")
    assert "created: logs_hook.py" in output, "--vendor lists what it wrote"
    assert "(deps: //executorch/logs:lib)" in output, "the migrated modules' targets"
    changed = git(checkout, "diff", "--name-only", "--", "*.py").split()
    assert len(changed) >= 5, changed
    assert (walk.work / "et-log-report.md").is_file()
    assert "et-log-report.md" not in output, "the report must stay outside the checkout"


def _read_report(walk: Walk, checkout: Path, output: str) -> None:
    report = (walk.work / "et-log-report.md").read_text(encoding="utf-8")
    assert report.startswith("# Route ad-hoc logging through the unified logger: ")
    for section in REPORT_SECTIONS:
        assert section in report, section
    assert report.splitlines()[0] in output, "cat must print the report"
    assert "files changed" in output, "git diff --stat must summarise the change"


def _gates(walk: Walk, checkout: Path, output: str) -> None:
    names = (walk.work / "changed-files.txt").read_text(encoding="utf-8").split()
    assert names and all(name.endswith(".py") for name in names), names
    before = set((walk.work / "flake8-before.txt").read_text(encoding="utf-8").splitlines())
    after = (walk.work / "flake8-after.txt").read_text(encoding="utf-8").splitlines()
    assert [finding for finding in after if finding not in before] == [], "new flake8 findings"
    assert (walk.work / "flake8-new.txt").read_text(encoding="utf-8") == ""
    assert (walk.work / "ufmt-new.txt").read_text(encoding="utf-8") == ""
    assert "Success: no issues found" in output, "mypy must have run on the vendored package"
    assert git(checkout, "stash", "list") == "", "the stash must be popped"


def _baseline(walk: Walk, checkout: Path, output: str) -> None:
    entries = json.loads((checkout / "et-log-baseline.json").read_text(encoding="utf-8"))["entries"]
    report = (walk.work / "et-log-report.md").read_text(encoding="utf-8")
    found = re.search(r"(\d+) left for review", report)
    assert found is not None, "the report must count the sites left for review"
    review = int(found.group(1))
    recorded = sum(entry["count"] for entry in entries)
    assert recorded == review, f"baseline {recorded} findings, report {review} left for review"


def _pull_request(walk: Walk, checkout: Path, output: str) -> None:
    title = (walk.work / "et-log-report.md").read_text(encoding="utf-8").splitlines()[0][2:]
    assert git(checkout, "log", "-1", "--format=%s").strip() == title
    assert git(checkout, "status", "--porcelain") == "", "everything must be committed"
    added = git(checkout, "diff", "--name-only", "--diff-filter=A", "HEAD~1", "HEAD").split()
    assert "logs/__init__.py" in added and "et-log-baseline.json" in added, added
    assert not any(".mypy_cache" in name or "__pycache__" in name for name in added)
    assert (
        git(walk.origin, "rev-parse", BRANCH).strip() == git(checkout, "rev-parse", "HEAD").strip()
    )
    branch, logged_title, body = walk.gh_log.read_text(encoding="utf-8").splitlines()
    assert (branch, logged_title) == (BRANCH, title)
    assert Path(body) == walk.work / "et-log-report.md"


CHECKS: tuple[Callable[[Walk, Path, str], None], ...] = (
    _cloned,
    _installed,
    _migrated,
    _read_report,
    _gates,
    _baseline,
    _pull_request,
)


def test_the_doc_marks_one_block_per_step() -> None:
    blocks = walkthrough_blocks()
    assert len(blocks) == len(CHECKS), f"{DOC} has {len(blocks)} {MARKER} blocks"
    assert blocks[0].startswith("git clone ") and "gh pr create" in blocks[-1]
    assert sum("--vendor" in b and "--report" in b for b in blocks) == 1


def test_a_marker_without_a_bash_block_is_an_error(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(f"text\n{MARKER}\n```text\nls\n```\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"doc\.md:3: a walkthrough marker"):
        walkthrough_blocks(doc)


def test_the_walkthrough_runs_as_written(tmp_path: Path, wheel: WheelEnv) -> None:
    upstream = os.environ.get("ET_LOG_EXECUTORCH_SRC")
    lint_tools = ensure_gates_env(requirements=LINT_PINS)
    walk = make_walk(tmp_path, lint_tools, Path(upstream) if upstream else None, wheel.python)
    wheel = project_wheel(tmp_path / "build")
    cwd = walk.work
    for number, (block, check) in enumerate(zip(walkthrough_blocks(), CHECKS, strict=True), 1):
        with progress.phase(f"walkthrough step {number}: {block.splitlines()[0]}"):
            result, cwd = run_block(substitute(block, walk, wheel), cwd, walk.env)
        output = result.stdout + result.stderr
        assert result.returncode == 0, f"step {number} failed:\n{block}\n{output[-4000:]}"
        check(walk, cwd, output)
