"""The delegation record's form: which nodes it counts, a run's table, the JSON file."""

import json
import os
import re
import sys
from typing import Any

SCHEMA = 1  # of the JSON record: {"schema": 1, "runs": [...]}, one run a line
RECORD_ENV = "EXECUTORCH_DELEGATION_RECORD"
_TAIL = b"\n]}\n"  # how the record ends: the next run goes in over it
BOOKKEEPING = {  # no operator of their own: never counted, never explained
    "getitem": "getitem follows the node it reads",
    "executorch_call_delegate": "calls a delegate an earlier partitioner made",
}
# quantization nodes: kept and explained, not the model's operators in coverage
QUANTIZATION = re.compile(r"(quantized_decomposed|torchao)\.(de)?quantize|.*qparams")


def counted(target: str) -> bool:
    """In coverage: neither bookkeeping nor a quantize/dequantize node."""
    return target not in BOOKKEEPING and not QUANTIZATION.match(target)


def origin(entry: dict[str, Any], at: bool = True) -> str:
    """What the user wrote that became the node, as far as its record knows:
    ``at model.py:9, head64: Linear, float64, from aten.linear.default`` (or "")."""
    source, parts = entry.get("source") or {}, []
    if at and source:
        parts.append(f"at {os.path.basename(source['file'])}:{source['line']}")
    if source.get("module"):
        kind = source.get("module_type")
        parts.append(f"{source['module']}: {kind}" if kind else source["module"])
    parts += [entry[key] for key in ("dtype",) if entry.get(key)]
    parts += [f"from {entry['written']}"] if entry.get("written") else []
    return ", ".join(parts)


def render_table(run: dict[str, Any], left: list[dict[str, Any]]) -> str:
    """The ``partition_report`` text of a run: a header, a row per node left."""
    rows = [["node", "target", "code", "reason"]] if left else []
    for entry in left:
        codes = ",".join(dict.fromkeys(r["code"] for r in entry["reasons"]))
        why = "; ".join(r["text"] for r in entry["reasons"])
        where = origin(entry)
        rows.append(
            [
                entry["name"],
                entry["target"],
                codes,
                f"{why} ({where})" if where else why,
            ]
        )
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(3)]
    head = f"{run['partitioner']}: {run['partitions']} partition(s), {run['delegated']}"
    head += f" node(s) delegated; {len(left)} node(s) not partitioned"
    cells = ["  " + "  ".join([*map(str.ljust, r[:3], widths), r[3]]) for r in rows]
    return "\n".join([f"{head} [component {run['component']}]", *cells])


def write_record(path: str, runs: list[dict[str, Any]], start: bool = True) -> None:
    """``runs`` into the JSON record at ``path``; a path we cannot write is said once."""
    lines, partial = b"".join(b",\n" + json.dumps(run).encode() for run in runs), ""
    try:
        if not start and os.path.isfile(path):
            with open(path, "r+b") as handle:
                end = handle.seek(0, os.SEEK_END) - len(_TAIL)
                handle.seek(max(end - 1, 0))
                if handle.read() == b"}" + _TAIL:  # it still ends with a run of ours
                    handle.seek(end)
                    handle.write(lines + _TAIL)
                    return
        partial = f"{path}.{os.getpid()}.partial"
        with open(partial, "wb") as handle:
            handle.write(b'{"schema": %d, "runs": [' % SCHEMA + lines[1:] + _TAIL)
        os.replace(partial, path)
    except OSError as error:  # a diagnostic never fails the lowering
        _say(f"no delegation record written: {error}")
        if partial and os.path.lexists(partial):
            os.remove(partial)


def _say(message: str) -> None:
    """``message`` on stderr, once per process; never raises (a lowering goes on)."""
    if message not in _said:
        _said.add(message)
        try:
            sys.stderr.write(f"{__name__}: {message}\n")
        except Exception:  # noqa: BLE001 - a closed stderr must not fail the lowering
            pass


_said: set[str] = set()
