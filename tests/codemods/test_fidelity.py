"""Message fidelity: the text a user sees on stderr is the same before and after migrating, but for
the level word that chose the level (`Error:`, `WARNING:`): the logger shows the level, so the
message no longer repeats it (issue 21, class 6).

Each snippet is a library module (`executorch/exir/snippet.py`) run in a fresh interpreter, once as
written and once migrated; the migrated run uses the real et_log_runtime (torch not imported).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from codemod_support import PYTHON, migrate

PRINTS = """import sys


def run(path="model.pte", n=3):
    print("Error:", path, "has", n, "segments", file=sys.stderr)
    print("WARNING: 100% of", n, "nodes rejected", file=sys.stderr)
    print(f"warning: {n} left", file=sys.stderr)
    print("a", n, "b", sep="--", file=sys.stderr)
    print("ratio", 50, "%", sep="", file=sys.stderr)
    sys.stderr.write(f"Error: cannot open {path}\\n")
    sys.stderr.write(f"progress {n}%\\n")
    print({"k": n}, file=sys.stderr)
    print("tuple", (n, n), file=sys.stderr)
"""

MIXED = """import logging
import sys


def run():
    print("Info: loading", "model", file=sys.stderr)
    logging.info("%d nodes", 7)
    logging.warning("careful with %s", "100%")
    print("plain text", file=sys.stderr)
"""

DEBUG_TEXT = "import logging\nlogging.basicConfig(format='%(message)s', level=logging.DEBUG)\n"


def _run(root: Path, source: str, prelude: str = "") -> str:
    module = root / "executorch" / "exir" / "snippet.py"
    module.parent.mkdir(parents=True, exist_ok=True)
    for init in (root / "executorch" / "__init__.py", module.parent / "__init__.py"):
        init.write_text("")
    module.write_text(source)
    code = prelude + "import executorch.exir.snippet as m\nm.run()\n"
    proc = subprocess.run(
        [PYTHON, "-c", code], cwd=root, capture_output=True, text=True, check=False, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stderr


def _migrated(source: str, config) -> str:
    result = migrate(source, config)
    assert result.rewritten and not result.review, result.review
    return result.new_text


def _without_level_words(text: str) -> str:
    """Each line as the migrated code logs it: its opening `Error:`/`warning:`/`Info:` gone."""
    return re.sub(r"(?im)^(?:error|warning|info): ?", "", text)


def test_prints_show_the_same_text_by_default(tmp_path, config):
    before = _run(tmp_path / "a", PRINTS)
    after = _run(tmp_path / "b", _migrated(PRINTS, config))
    assert before.count("\n") == 9
    assert after == _without_level_words(before)
    assert "100% of 3 nodes rejected\n" in after and "a--3--b\n" in after


def test_info_prints_and_root_calls_same_text_when_shown(tmp_path, config):
    before = _run(tmp_path / "a", MIXED, DEBUG_TEXT)
    after = _run(tmp_path / "b", _migrated(MIXED, config), DEBUG_TEXT)
    assert after == _without_level_words(before)
    assert "loading model\n" in after and "careful with 100%\n" in after
