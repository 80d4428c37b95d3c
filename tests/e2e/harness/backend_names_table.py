"""Write docs/runtime.md's per-backend "what each name shows" tables, measured on the released wheel.

    .venv/bin/python tests/e2e/harness/backend_names_table.py [--write]

Migrates a copy of the installed ExecuTorch 1.5.1 (``exir backends extension devtools``), then
lowers issue 16's model (linear, relu, ``pow(x, 3)``, sort, bitwise_not, trunc, acosh) through each
partitioner once per setting, one process per setting for every backend (``lower_batch``), and
summarises what each lowering printed: ExecuTorch's stderr lines by level and file, and stdout.
With ``--write`` the section between ``<!-- backend-names-tables -->`` and
``<!-- /backend-names-tables -->`` in docs/runtime.md is replaced; otherwise it is printed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
from et_log_docs.sections import write_section
from harness.backend_lowering import COMPONENT, Lowering, lower_batch, migrated_copy
from harness.log_lines import executorch_lines
from harness.wheel_env import ensure_wheel_env

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "runtime.md"
SECTION = "backend-names-tables"  # DOC's section this script writes (et_log_docs.sections)
TITLE = {
    "xnnpack": "XNNPACK",
    "vulkan": "Vulkan",
    "webgpu": "WebGPU",
    "arm_tosa": "Arm TOSA (`TOSA-1.0+FP`)",
    "arm_ethosu85": "Arm Ethos-U85 (quantized, Vela)",
    "coreml": "Core ML",
    "openvino": "OpenVINO",
}
# per row: how the backend's own name appears ({c}); every backend's name is set in one process
ROWS = ("", "{c}", "+{c}", "-{c}", "partition_report")
TAG = "[__partition_report]"


def setting_for_all(row: str) -> str | None:
    if not row:
        return None
    if "{c}" not in row:
        return row
    return ",".join(row.format(c=c) for c in sorted(set(COMPONENT.values())))


def row_text(row: str, name: str, run: Lowering) -> str:
    value = f"`TORCH_LOGS={row.format(c=COMPONENT[name])}`" if row else "unset"
    if not run.lowered:
        reason = run.unavailable_reason or f"exit {run.returncode}"
        return f"| {value} | did not lower: {reason[:80]} | | | |"
    lines = executorch_lines(run.lines)
    levels = Counter(line.level for line in lines)
    files = Counter(line.module for line in lines)
    shown = ", ".join(f"{n} {lvl}" for lvl, n in sorted(levels.items()))
    top = ", ".join(f"`{m}`" for m, _ in files.most_common(2))
    more = f" and {len(files) - 2} more" if len(files) > 2 else ""
    stdout = len([x for x in run.stdout.splitlines() if x.strip()])
    tagged = [x for x in lines if TAG in x.text]
    info = [x for x in lines if x.level == "INFO" and TAG not in x.text]
    sample = next(iter(tagged if row == "partition_report" else info), None)
    example = f"`{sample.message[:80].replace('|', '/')}`" if sample else ""
    return f"| {value} | {len(lines)} ({shown or 'none'}) | {top}{more} | {stdout} | {example} |"


def measure() -> dict[str, dict[str, Lowering]]:
    """Per row, per backend: the lowering after migration."""
    env = ensure_wheel_env(log=lambda line: print(line, file=sys.stderr))
    names = list(COMPONENT)
    table: dict[str, dict[str, Lowering]] = {}
    with tempfile.TemporaryDirectory(prefix="et-log-backend-names-") as tmp:
        overlay, _ = migrated_copy(env, Path(tmp))
        for row in ROWS:
            started = time.monotonic()
            table[row], _ = lower_batch(env, overlay, names, setting_for_all(row))
            print(f"[names] {row or 'unset'}: {time.monotonic() - started:.0f}s", file=sys.stderr)
    return table


def render(table: dict[str, dict[str, Lowering]]) -> str:
    out = [
        "Measured by `tests/e2e/harness/backend_names_table.py` on the released ExecuTorch 1.5.1 wheel",
        "with `exir backends extension devtools` migrated: issue 16's model (linear, relu, `pow(x, 3)`,",
        "sort, bitwise_not on a bool, trunc, acosh) lowered through each partitioner. One process per",
        "setting lowers every backend, with every backend's name set the same way (so `arm` stands",
        "for `arm,coreml,openvino,...`). Columns: ExecuTorch's lines on stderr for that lowering, the",
        "files they came from, non-blank lines on stdout, and one INFO line (or report row).",
    ]
    for name in COMPONENT:
        out += ["", f"#### {TITLE[name]}", ""]
        out += ["| setting | lines | from | stdout | for example |", "|---|---:|---|---:|---|"]
        out += [row_text(row, name, table[row][name]) for row in ROWS]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    body = render(measure())
    if args.write:
        write_section(DOC, SECTION, body, append="")
    print(body)


if __name__ == "__main__":
    main()
