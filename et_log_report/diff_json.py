"""``et-log-report diff --format json``: the comparison as one JSON document."""

from __future__ import annotations

import json
from typing import Any

from .diff import Change, Diff

__all__ = ["render_diff_json"]


def _node(change: Change) -> dict[str, Any]:
    node = change.node
    out: dict[str, Any] = {"kind": change.kind, "name": node.name, "target": node.target}
    out["source"] = f"{node.source.where}" if node.source else None
    out["codes"] = list(node.codes)
    out["was"] = list(change.before.codes) if change.before else None
    return out


def render_diff_json(diff: Diff, failures: list[str]) -> str:
    """The regressions, the failed gates, and per run its counts and changed nodes."""
    runs = []
    for run in diff.runs:
        counts = {
            side: {"delegated": r.delegated, "operators": r.operators} if r else None
            for side, r in (("before", run.before), ("after", run.after))
        }
        changes = [_node(c) for c in run.changes]
        runs.append({"run": run.label, **counts, "missing": run.missing, "changes": changes})
    data = {"regressions": diff.regressions, "gates_failed": failures, "runs": runs}
    return json.dumps(data, indent=1)
