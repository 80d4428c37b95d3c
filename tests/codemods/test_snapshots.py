"""The snapshot helper: a mismatch fails with a diff and the way to update, a missing file fails
(nothing is written unless asked), and the update writes the exact text."""

from __future__ import annotations

import pytest
from codemod_support import UPDATE_SNAPSHOTS, compare_with_snapshot


def test_a_different_output_fails_with_a_diff_and_how_to_update(tmp_path) -> None:
    snapshot = tmp_path / "shape.py.txt"
    snapshot.write_text("import logging\nlogging.info('a')\n")
    compare_with_snapshot("import logging\nlogging.info('a')\n", snapshot)
    with pytest.raises(AssertionError) as failure:
        compare_with_snapshot("import logging\nlogging.info('b')\n", snapshot)
    message = str(failure.value)
    assert "-logging.info('a')\n+logging.info('b')\n" in message
    assert f"{UPDATE_SNAPSHOTS}=1" in message
    assert snapshot.read_text() == "import logging\nlogging.info('a')\n"


def test_a_missing_snapshot_fails_and_is_not_written(tmp_path) -> None:
    snapshot = tmp_path / "new" / "shape.py.txt"
    with pytest.raises(AssertionError, match=f"no snapshot .*{UPDATE_SNAPSHOTS}=1"):
        compare_with_snapshot("x = 1\n", snapshot)
    assert not snapshot.exists()


def test_update_writes_the_text_as_it_is(tmp_path) -> None:
    snapshot = tmp_path / "new" / "shape.py.txt"
    compare_with_snapshot("x = 1\r\ny = 2", snapshot, update=True)
    assert snapshot.read_bytes() == b"x = 1\r\ny = 2"
