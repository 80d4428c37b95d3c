"""How long the test command takes, warm and cold, for README.md ("Set up on a fresh machine").

    .venv/bin/python scripts/measure_test_command.py warm [--write] [PYTEST_ARGS...]
    .venv/bin/python scripts/measure_test_command.py cold [--write] [PYTEST_ARGS...]

warm runs `bash scripts/test.sh` as it is (.venv and the e2e cache built). cold runs it with an
empty e2e cache (a fresh ET_LOG_E2E_CACHE under the current one, removed afterwards): the
released wheel's venv and the lint tools' venvs are built first; pip's own download cache is left
as it is. Prints the wall time, pytest's result line and the load average; with --write puts the
row into README.md between `<!-- test-durations -->` markers, keeping the other row.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness.wheel_env import cache_root  # noqa: E402  (the e2e cache's own location rule)

from et_log_docs.sections import read_section, write_section  # noqa: E402

ROW = re.compile(r"^\| (warm|cold) \|.*$", re.M)
RESULT = re.compile(r"^=+ (.*\d+ passed.*) in [\d.]+s", re.M)
HEADER = (
    "Measured by `scripts/measure_test_command.py` (wall time of `bash scripts/test.sh` on this "
    "project's shared 2-core machine; other jobs' load slows it):\n\n"
    "| e2e cache | wall time | result | load average at the start | date |\n"
    "|---|---:|---|---:|---|"
)


def measure(kind: str, pytest_args: list[str]) -> str:
    """Run the test command once; its README row."""
    env = dict(os.environ)
    scratch = None
    if kind == "cold":
        cache_root().mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix="cold-", dir=cache_root()))
        env["ET_LOG_E2E_CACHE"] = str(scratch)
    load = os.getloadavg()[0]
    started = time.monotonic()
    lines = []
    try:  # shown as it runs (the e2e tests' progress too), kept for pytest's result line
        command = ["bash", str(ROOT / "scripts" / "test.sh"), *pytest_args]
        with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as child:
            assert child.stdout is not None
            for line in child.stdout:
                sys.stdout.write(line)
                lines.append(line)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    minutes = (time.monotonic() - started) / 60
    found = RESULT.findall("".join(lines))
    result = found[-1] if found else "no result line"
    if child.returncode != 0:
        result += f" (exit {child.returncode})"
    return f"| {kind} | {minutes:.0f} min | {result} | {load:.1f} | {datetime.date.today()} |"


def write(row: str) -> None:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    old = read_section(text, "test-durations")
    if old is None:
        sys.exit("README.md has no <!-- test-durations --> section")
    rows = {m.group(1): m.group(0) for m in ROW.finditer(old)}
    rows[row.split(" | ")[0][2:]] = row
    body = "\n".join([HEADER, *(rows[k] for k in ("warm", "cold") if k in rows)])
    write_section(readme, "test-durations", body)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("kind", choices=("warm", "cold"))
    parser.add_argument("--write", action="store_true", help="update README.md")
    args, pytest_args = parser.parse_known_args()
    row = measure(args.kind, pytest_args)
    print(row)
    if args.write:
        write(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
