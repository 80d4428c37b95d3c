"""Whether the files a run is given are ExecuTorch's: the tool migrates nothing else unless the
user names the component (an out-of-tree backend)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from lint_rules import Config


def not_executorch(config: Config, paths: Sequence[str]) -> str:
    """Why the files named are not ExecuTorch's, or "" when they are: the project root, or a
    folder holding a named path, is ExecuTorch's package (an `exir/` folder in it, or its name
    `executorch`), or the project's pyproject.toml names the `executorch` project or configures
    the run (`[tool.et-log]`)."""
    if config.source_file is not None:
        return ""
    folders: set[Path] = {config.root} if config.root is not None else set()
    for path in paths:
        here = Path(os.path.abspath(path))
        folders.update([here, *here.parents])
    if any(f.name in ("executorch", "exir") or (f / "exir").is_dir() for f in folders):
        return ""
    pyproject = None if config.root is None else config.root / "pyproject.toml"
    try:
        text = pyproject.read_text(encoding="utf-8") if pyproject and pyproject.is_file() else ""
    except (OSError, UnicodeDecodeError):
        text = ""
    if re.search(r'^\s*name\s*=\s*["\']executorch["\']', text, re.M):
        return ""
    return (
        f"{', '.join(paths)}: not ExecuTorch's code (no exir/ folder, no executorch package or "
        "project, no [tool.et-log] table): nothing was written. For code that logs under an "
        "ExecuTorch component from outside the tree, name it: --component NAME"
    )
