"""Write docs/MIGRATION.md's backend-slice figures: the shipped Arm, Vulkan, Core ML and OpenVINO tests.

    .venv/bin/python tests/e2e/harness/peer_backends_table.py [--write]

Runs ``peer_tests.compare`` in ``backends`` mode (``peer_slice.BACKEND_SLICES``: pristine copy
without et-log, migrated copy of ``exir backends extension devtools`` with it, the same pytest
command on both) and renders one row per backend: tests, outcomes before and after, regressions.
With ``--write`` the section between ``<!-- peer-backends -->`` and ``<!-- /peer-backends -->`` in
docs/MIGRATION.md is replaced; otherwise it is printed. Exit 1 on any regression.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
from et_log_docs.sections import write_section
from harness import peer_slice
from harness.peer_tests import Comparison, Outcome, compare
from harness.wheel_env import ensure_wheel_env

DOC = Path(__file__).resolve().parents[3] / "docs" / "MIGRATION.md"
SECTION = "peer-backends"  # DOC's section this script writes (et_log_docs.sections)


def _counts(outcomes: dict[str, Outcome], roots: tuple[str, ...]) -> dict[str, int]:
    mine = [o for node, o in outcomes.items() if node.startswith(roots)]
    return {k: sum(o.outcome == k for o in mine) for k in ("passed", "failed", "error", "skipped")}


def _cell(counts: dict[str, int]) -> str:
    failed = counts["failed"] + counts["error"]
    return f"{counts['passed']} / {failed} / {counts['skipped']}"


def render(result: Comparison) -> str:
    regressed = {r.node_id for r in result.regressions}
    out = [
        "Measured by `tests/e2e/harness/peer_backends_table.py` (executorch 1.5.1, torch 2.13.0, the",
        "whole library migrated). Outcomes are passed / failed or errored / skipped.",
        "",
        "| backend | files | tests | before | after | regressions |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for name in sorted(peer_slice.BACKEND_SLICES):
        roots = peer_slice.BACKEND_SLICES[name]
        before = _counts(result.before.outcomes, roots)
        after = _counts(result.after.outcomes, roots)
        files = ", ".join(f"`{root}`" for root in roots)
        lost = sum(node.startswith(roots) for node in regressed)
        total = sum(before.values())
        out.append(f"| {name} | {files} | {total} | {_cell(before)} | {_cell(after)} | {lost} |")
    wall = result.timings.get("total", 0.0)
    out += [
        "",
        f"Wall time {wall:.0f} s (before and after in parallel) on the shared 2-core machine.",
    ]
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    wheel = ensure_wheel_env(log=lambda line: print(line, file=sys.stderr))
    with tempfile.TemporaryDirectory(prefix="et-log-peer-backends-") as tmp:
        result = compare(wheel, "backends", Path(tmp))
    body = render(result)
    if args.write:
        write_section(DOC, SECTION, body, append="")
    print(body)
    print(result.summary(), file=sys.stderr)
    return 1 if result.regressions else 0


if __name__ == "__main__":
    sys.exit(main())
