"""A reader that leaves early (`et-log-migrate --diff | head`) ends the run quietly: no
traceback, exit 1, and nothing written to the tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TEMPLATE = "import logging\n\n\ndef f{i}(x):\n" + "".join(
    f"    logging.info('value {n} %s', x)\n" for n in range(20)
)


def test_diff_into_a_closed_pipe_stops_without_a_traceback(tmp_path: Path) -> None:
    folder = tmp_path / "executorch" / "exir"
    folder.mkdir(parents=True)
    for i in range(200):  # ~300 KB of diff: more than a pipe holds
        (folder / f"mod_{i}.py").write_text(TEMPLATE.format(i=i))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    proc = subprocess.Popen(
        [sys.executable, "-m", "codemods.migrate", str(folder), "--diff", "-q", "-j", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"--- a/")
    proc.stdout.close()  # the reader leaves, as `head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
