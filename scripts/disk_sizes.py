"""What the set-up takes on disk, measured with `du`, for README.md ("Disk space").

    .venv/bin/python scripts/disk_sizes.py [--write]

Measures each venv `scripts/bootstrap.sh` made (.venv, and .venv310/.venv313 for CI) and the
e2e cache (`$ET_LOG_E2E_CACHE`, else tests/e2e/harness/wheel_env.py's default) after a whole test
run (the released wheel's venv and the lint tools' venvs); prints the table, and with --write puts
it into README.md between `<!-- sizes -->` markers. A folder that does not exist here keeps the
row README.md has for it, with the date it was measured."""

from __future__ import annotations

import argparse
import datetime
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness.wheel_env import cache_root  # noqa: E402  (the e2e cache's own location rule)

from et_log_docs.sections import read_section, write_section  # noqa: E402

FOLDERS = {
    ".venv": "Python 3.11 venv: et-log, dev tools, torch 2.13.0 CPU (`scripts/bootstrap.sh`)",
    ".venv310": "CI only: the same on Python 3.10 (torch's default build pulls CUDA wheels)",
    ".venv313": "CI only: the same on Python 3.13",
}


def size(path: Path) -> int:
    """Bytes on disk, as `du -sb` counts them."""
    done = subprocess.run(["du", "-sb", str(path)], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0])


def previous_rows(readme: str) -> dict[str, str]:
    """README.md's current rows by folder label, each with the date it was measured (a row of
    the older table without that column takes the date of the table's first line)."""
    text = read_section(readme, "sizes") or ""
    dated = re.search(r"\((\d{4}-\d{2}-\d{2})\)", text)
    rows = {}
    for found in re.finditer(r"^\| (`[^`|]+`|the e2e cache) \| ([^|]+) \| (.*)$", text, re.M):
        label, size_text, rest = found.groups()
        if rest.count(" | ") == 0 and dated:  # | folder | size | what |
            rest = f"{dated.group(1)} | {rest}"
        rows[label] = f"| {label} | {size_text} | {rest}"
    return rows


def table(readme: str = "") -> str:
    rows = [(ROOT / name, f"`{name}/`", what) for name, what in FOLDERS.items()]
    cache = cache_root()
    where = "`$ET_LOG_E2E_CACHE`, else `~/.cache/et-log-e2e`"
    what = f"the released ExecuTorch 1.5.1 wheel's venv and ExecuTorch's lint tools ({where})"
    rows.append((cache, "the e2e cache", what))
    kept = previous_rows(readme)
    lines = [
        "Measured with `du -sb` by `scripts/disk_sizes.py`:",
        "",
        "| folder | size | measured | what |",
        "|---|---:|---|---|",
    ]
    for path, label, what in rows:
        if path.is_dir():
            lines.append(
                f"| {label} | {size(path) / 1e9:.1f} GB | {datetime.date.today()} | {what} |"
            )
        elif label in kept:  # not on this machine: the figure measured where it was
            lines.append(kept[label])
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update README.md")
    args = parser.parse_args()
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    body = table(text)
    print(body)
    if args.write:
        write_section(readme, "sizes", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
