"""Byte-level faithfulness: CRLF, PEP 263 latin-1, BOM, file mode."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from codemods.migrate import main

CRLF_SRC = b'# header\r\n\r\nimport logging\r\n\r\n\r\ndef f():\r\n    logging.info("crlf")\r\n'


def _run(*paths: Path) -> int:
    return main([*map(str, paths), "--quiet", "--jobs", "1"])


def _library_file(root: Path, name: str, data: bytes) -> Path:
    path = root / "exir" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_crlf_file_keeps_crlf_everywhere(tmp_path):
    path = _library_file(tmp_path, "crlf.py", CRLF_SRC)
    assert _run(tmp_path / "exir") == 0
    data = path.read_bytes()
    assert data == (
        b"# header\r\n\r\nfrom et_log_runtime import get_logger\r\n\r\n"
        b"logger = get_logger(__name__)\r\n\r\n\r\ndef f():\r\n"
        b'    logger.info("crlf")\r\n'
    )
    assert b"\n" not in data.replace(b"\r\n", b"")


def test_latin1_cookie_file_stays_latin1(tmp_path):
    src = (
        "# -*- coding: latin-1 -*-\n# Auteur: Andr\xe9\n\nimport logging\n\n"
        'log = logging.getLogger(__name__)\nGREETING = "d\xe9j\xe0 vu"\n'
        "\n\ndef greet():\n    log.info(GREETING)\n"
    ).encode("latin-1")
    path = _library_file(tmp_path, "latin.py", src)
    assert _run(tmp_path / "exir") == 0
    data = path.read_bytes()
    assert b"Andr\xe9" in data and b'"d\xe9j\xe0 vu"' in data
    assert b"log = get_logger(__name__)\n" in data
    data.decode("latin-1")
    assert b"\xc3" not in data  # nothing was re-encoded as UTF-8


def test_bom_is_kept(tmp_path):
    src = b'\xef\xbb\xbfimport logging\n\n\ndef f():\n    logging.warning("caf\xc3\xa9")\n'
    path = _library_file(tmp_path, "bom.py", src)
    assert _run(tmp_path / "exir") == 0
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbffrom et_log_runtime import get_logger\n")
    assert data.count(b"\xef\xbb\xbf") == 1
    assert b'logger.warning("caf\xc3\xa9")' in data


def test_file_mode_is_kept_and_no_temp_file_left(tmp_path):
    path = _library_file(tmp_path, "mode.py", CRLF_SRC)
    os.chmod(path, 0o640)
    assert _run(tmp_path / "exir") == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in path.parent.iterdir()) == ["mode.py"]


def test_tab_indented_file_keeps_its_tabs(tmp_path):
    src = b'import logging\n\n\ndef f():\n\tif True:\n\t\tlogging.info("tab")\n\treturn 1\n'
    path = _library_file(tmp_path, "tabs.py", src)
    assert _run(tmp_path / "exir") == 0
    assert path.read_bytes().endswith(b'def f():\n\tif True:\n\t\tlogger.info("tab")\n\treturn 1\n')
