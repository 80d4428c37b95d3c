"""Records written the way the runtime writes them, for the reader's tests.

``node(...)`` and ``run(...)`` build the JSON objects of docs/delegation.md's schema; the counts
of a run are computed as the runtime computes them (bookkeeping and quantization nodes never
count).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from et_log_runtime.delegation_record import BOOKKEEPING, counted

MODEL = "/home/user/model.py"


def node(
    name: str,
    target: str,
    line: int | None,
    *,
    partition: str | None = None,
    code: str = "UNSPECIFIED",
    text: str = "a reason",
    source: str = "y = f(x)",
    module: str | None = None,
    file: str = MODEL,
) -> dict[str, Any]:
    """A node at ``line`` of the model (None: no source), delegated when ``partition``."""
    if target in BOOKKEEPING and partition is None:
        code, text = "BOOKKEEPING", "follows"
    return {
        "name": name,
        "target": target,
        "partition": partition,
        "source": None
        if line is None
        else {"file": file, "line": line, "code": source, "module": module},
        "reasons": [] if partition else [{"code": code, "text": text}],
    }


def run(
    partitioner: str, nodes: list[dict[str, Any]], component: str = "xnnpack"
) -> dict[str, Any]:
    ops = [n for n in nodes if counted(n["target"])]
    return {
        "partitioner": partitioner,
        "component": component,
        "partitions": len({n["partition"] for n in nodes if n["partition"]}),
        "operators": len(ops),
        "delegated": len([n for n in ops if n["partition"]]),
        "nodes": nodes,
    }


def record(*runs: dict[str, Any]) -> dict[str, Any]:
    return {"schema": 1, "runs": list(runs)}


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def mixed_ops(pow_partition: str | None = None, shift: int = 0) -> dict[str, Any]:
    """XNNPACK's run over issue 16's model shape: linear and relu delegated, pow rejected for
    its exponent, two relus from one line (a loop), a sort with its getitem left.
    ``pow_partition`` delegates pow; ``shift`` moves every line down (a line inserted above)."""
    return record(
        run(
            "XnnpackPartitioner",
            [
                node("linear", "aten.linear.default", 10 + shift, partition="tag0"),
                node("relu", "aten.relu.default", 11 + shift, partition="tag0"),
                node("relu_1", "aten.relu.default", 11 + shift, partition="tag0"),
                node(
                    "pow_1",
                    "aten.pow.Tensor_Scalar",
                    12 + shift,
                    partition=pow_partition,
                    code="XNN.CONSTRAINT",
                    text="only support power == 2, got 3",
                    source="cube = torch.pow(y, 3)",
                ),
                node("sort", "aten.sort.default", 13 + shift, code="NO_CONFIG", text="no config"),
                node("getitem", "getitem", 13 + shift),
            ],
        )
    )


def renumbered(data: dict[str, Any]) -> dict[str, Any]:
    """The same record with every node renamed as if the graph had been numbered anew."""
    copy = json.loads(json.dumps(data))
    for each in copy["runs"]:
        for index, entry in enumerate(reversed(each["nodes"])):
            entry["name"] = f"{entry['name']}_{index + 7}"
    return copy
