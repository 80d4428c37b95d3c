"""``et-log-try``: the unified logging and the delegation record on the ExecuTorch you installed
from pip, without touching that install.

It copies the installed ``executorch`` package into a folder (default ``./et-log-try``),
migrates the copy's ``exir/ backends/ extension/ devtools/`` (with every recipe), and prints the
one line that puts the copy first on ``PYTHONPATH`` (``executorch`` is a namespace package: the
copy's modules win). Undo: ``rm -rf`` the folder and drop it from ``PYTHONPATH``; pip's install
of executorch was never changed; ``pip uninstall et-log`` takes its ``torch.backends`` hook too
(while installed, torch accepts ``TORCH_LOGS=xnnpack``, which prints nothing on an ExecuTorch
that was not migrated). The migrated copy imports this et-log's runtime (``et_log_runtime``), so run
it with the Python that has both installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from lint_rules.console import write_line

FOLDERS = ("exir", "backends", "extension", "devtools")
DEFAULT = "et-log-try"


def installed_executorch() -> Path:
    """The installed package's folder, found without importing it (its import is heavy)."""
    spec = importlib.util.find_spec("executorch")
    places = list(spec.submodule_search_locations or []) if spec else []
    found = [Path(p) for p in places if (Path(p) / "exir").is_dir()]
    if not found:
        raise SystemExit(
            "et-log-try: no installed executorch with exir/ for this Python "
            f"({sys.executable}): pip install executorch first"
        )
    return found[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="et-log-try",
        description="Migrate a copy of the installed executorch and say how to use it.",
    )
    parser.add_argument("folder", nargs="?", default=DEFAULT, help=f"default: ./{DEFAULT}")
    args = parser.parse_args(argv)
    overlay = Path(args.folder).resolve()
    if overlay.exists():
        parser.error(f"{overlay}: exists; remove it (rm -rf) or name another folder")
    source = installed_executorch()
    copy = overlay / "executorch"
    write_line(f"et-log-try: copying {source} to {copy} ...", sys.stdout)
    sys.stdout.flush()
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"), symlinks=True)
    report = overlay / "migration-report.md"
    folders = [name for name in FOLDERS if (copy / name).is_dir()]
    write_line("et-log-try: migrating the copy (about a minute) ...", sys.stdout)
    sys.stdout.flush()
    command = [sys.executable, "-m", "codemods.migrate", *folders, "--recipes", "all"]
    command += ["--report", str(report), "-q"]
    status = subprocess.run(command, cwd=copy, check=False).returncode  # the copy is the root
    if status != 0:
        write_line(f"et-log-try: the migration failed (exit {status}); see {report}")
        return status
    write_line(
        f"\nDone: {copy} is the migrated copy, {report} what changed. Use it with:\n\n"
        f"    export PYTHONPATH={overlay}${{PYTHONPATH:+:$PYTHONPATH}}\n"
        "    TORCH_LOGS=+xnnpack,partition_report EXECUTORCH_DELEGATION_RECORD=record.json \\\n"
        "        python your_export.py\n"
        "    et-log-report show record.json\n\n"
        f"Undo: rm -rf {overlay} (and drop it from PYTHONPATH); your executorch install is "
        "unchanged. pip uninstall et-log takes et-log's torch.backends hook too.",
        sys.stdout,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
