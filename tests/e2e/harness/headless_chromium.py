"""Open a local page in Debian's Chromium, headless: its screenshot, what it wrote to the
console (messages and uncaught errors), and its DOM after the scripts ran.

Flags as the machine's notes give them for root in a closed network (no sandbox, no GPU, no
background connections, a fresh profile). Chromium is a system package (``apt-get install -y
chromium``; .ci/run installs it when missing): a missing browser fails the test, never skips it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
)
CONSOLE = re.compile(r":CONSOLE[:(]\d+\)?\] (.*)$")
TIMEOUT_S = 120


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "no chromium on PATH: apt-get install -y chromium"
    return found


def _run(page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory(prefix="et-log-chromium-") as profile:
        command = [chromium(), *FLAGS, f"--user-data-dir={profile}", *extra, page.as_uri()]
        return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)


def open_page(page: Path, screenshot: Path, size: str = "1400,1600") -> tuple[list[str], str]:
    """(console lines of both loads, the DOM) after writing ``screenshot``."""
    shot = _run(page, f"--screenshot={screenshot}", f"--window-size={size}")
    assert screenshot.is_file(), shot.stderr[-3000:]
    dom = _run(page, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-3000:]
    console = [
        m.group(1)
        for p in (shot, dom)
        for line in p.stderr.splitlines()
        if (m := CONSOLE.search(line))
    ]
    return console, dom.stdout
