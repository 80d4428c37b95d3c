"""What the set-up takes on disk, measured with `du`, for README.md ("Disk space").

    .venv/bin/python scripts/disk_sizes.py [--write]

Measures each venv `scripts/bootstrap.sh` made (.venv, and .venv310/.venv313 for CI) and the
e2e cache (`$ET_LOG_E2E_CACHE`, else tests/e2e/wheel_env.py's default); prints the table, and
with --write puts it into README.md between `<!-- sizes -->` markers. Folders that do not exist
are left out."""

from __future__ import annotations

import argparse
import datetime
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from wheel_env import cache_root  # noqa: E402  (the e2e cache's own location rule)

FOLDERS = {
    ".venv": "Python 3.11 venv: et-log, dev tools, torch 2.13.0 CPU (`scripts/bootstrap.sh`)",
    ".venv310": "CI only: the same on Python 3.10 (torch's default build pulls CUDA wheels)",
    ".venv313": "CI only: the same on Python 3.13",
}


def size(path: Path) -> int:
    """Bytes on disk, as `du -sb` counts them."""
    done = subprocess.run(["du", "-sb", str(path)], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0])


def table() -> str:
    rows = [(ROOT / name, f"`{name}/`", what) for name, what in FOLDERS.items()]
    cache = cache_root()
    where = "`$ET_LOG_E2E_CACHE`, else `~/.cache/et-log-e2e`"
    rows.append((cache, "the e2e cache", f"the released ExecuTorch 1.5.1 wheel's venv ({where})"))
    lines = [
        f"Measured with `du -sb` by `scripts/disk_sizes.py` ({datetime.date.today()}):",
        "",
        "| folder | size | what |",
        "|---|---:|---|",
    ]
    for path, label, what in rows:
        if path.is_dir():
            lines.append(f"| {label} | {size(path) / 1e9:.1f} GB | {what} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update README.md")
    args = parser.parse_args()
    body = table()
    print(body)
    if args.write:
        readme = ROOT / "README.md"
        text = readme.read_text(encoding="utf-8")
        block = f"<!-- sizes -->\n{body}\n<!-- /sizes -->"
        pattern = re.compile(r"<!-- sizes -->.*?<!-- /sizes -->", re.DOTALL)
        if not pattern.search(text):
            sys.exit("README.md has no <!-- sizes --> section")
        readme.write_text(pattern.sub(lambda _: block, text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
