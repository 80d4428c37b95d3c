"""The runtime's shape (issue 12): one owner of "sync with torch" (its import graph:
tests/test_import_graph.py)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "et_log_runtime"


def test_sync_is_the_only_owner_of_pushing_and_applying() -> None:
    owners = {"push_to_torch(": set(), "settings.apply(": set(), "apply_without_torch(": set()}
    owners["destinations.arrange("] = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call, users in owners.items():
            if call in text.replace(f"def {call}", ""):
                users.add(path.stem)
    assert owners == {call: {"sync"} for call in owners}
    hook = (PACKAGE / "torch_hook.py").read_text(encoding="utf-8")
    assert "sync.sync()" in hook and "settings" not in hook.split('"""', 2)[2]
