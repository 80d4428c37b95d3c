"""Write docs/runtime.md's "what each name shows" table, measured on the released wheel.

    .venv/bin/python tests/e2e/harness/names_table.py [--write]

Migrates a copy of the installed ExecuTorch 1.5.1 (the e2e environment, see wheel_env.py), then
runs tests/e2e/harness/export_model.py (a small model with a node XNNPACK rejects) once per TORCH_LOGS
value and summarises what ExecuTorch printed: how many lines, at which levels, from which files.
With ``--write`` the section between ``<!-- names-table -->`` and ``<!-- /names-table -->`` in
docs/runtime.md is replaced; otherwise it is printed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
from et_log_docs.sections import write_section
from harness.log_lines import parse
from harness.wheel_env import child_base_env, copy_executorch, ensure_wheel_env

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "runtime.md"
SECTION = "names-table"  # DOC's section this script writes (et_log_docs.sections)
SETTINGS = (
    None,
    "executorch",
    "+executorch",
    "-executorch",
    "xnnpack",
    "+xnnpack",
    "-xnnpack",
    "xnnpack_graph",
    "partition_report",
)
ARTIFACT_TAG = {"xnnpack_graph": "[__xnnpack_graph]", "partition_report": "[__partition_report]"}


def run(python: Path, overlay: Path, et_log: Path, torch_logs: str | None) -> str:
    env = child_base_env()
    env["PYTHONPATH"] = os.pathsep.join([str(overlay), str(et_log)])
    if torch_logs is not None:
        env["TORCH_LOGS"] = torch_logs
    done = subprocess.run(
        [str(python), str(HERE / "export_model.py")],
        cwd=overlay,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        raise SystemExit(f"TORCH_LOGS={torch_logs}: exit {done.returncode}\n{done.stderr[-3000:]}")
    return done.stderr


def summary(setting: str | None, stderr: str) -> str:
    lines = [line for line in parse(stderr) if line.is_executorch]
    levels = Counter(line.level for line in lines)
    files = Counter(line.module for line in lines)
    shown = ", ".join(f"{n} {lvl}" for lvl, n in sorted(levels.items()))
    top = ", ".join(f"`{m}`" for m, _ in files.most_common(3))
    more = f" and {len(files) - 3} more" if len(files) > 3 else ""
    tag = ARTIFACT_TAG.get(setting or "")
    sample = next((x for x in lines if tag and tag in x.text), None) or next(
        (x for x in lines if "stays on the CPU" in x.message), None
    )
    example = f"`{sample.message[:90]}`" if sample else ""
    value = f"`TORCH_LOGS={setting}`" if setting else "unset"
    return f"| {value} | {len(lines)} ({shown or 'none'}) | {top}{more} | {example} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    env = ensure_wheel_env(log=lambda line: print(line, file=sys.stderr))
    with tempfile.TemporaryDirectory(prefix="et-log-names-") as tmp:
        overlay = copy_executorch(env, Path(tmp))
        migrate = [str(env.python), "-m", "codemods.migrate", "exir", "backends", "-q"]
        child = {**child_base_env(), "PYTHONPATH": str(env.et_log_dir)}
        subprocess.run(migrate, cwd=overlay / "executorch", env=child, check=True)
        with ThreadPoolExecutor(2) as pool:
            outputs = list(
                pool.map(lambda s: run(env.python, overlay, env.et_log_dir, s), SETTINGS)
            )
    rows = [summary(s, out) for s, out in zip(SETTINGS, outputs, strict=True)]
    body = "\n".join(
        [
            "Measured by `tests/e2e/harness/names_table.py` on the released ExecuTorch 1.5.1 wheel, migrated,",
            "exporting a small model (linear + `pow(y, 3)`, which XNNPACK rejects) through the XNNPACK",
            "partitioner. ExecuTorch's lines on stderr per setting (torch's own lines not counted):",
            "",
            "| setting | lines | from | for example |",
            "|---|---:|---|---|",
            *rows,
        ]
    )
    if args.write:
        write_section(DOC, SECTION, body, append="")
    print(body)


if __name__ == "__main__":
    main()
