"""Reading a delegation record: the JSON schema, its check, and the record as typed objects.

The runtime writes ``{"schema": 1, "runs": [...]}`` (``EXECUTORCH_DELEGATION_RECORD``,
``delegation_records(path)``); torch's structured trace carries one run per
``executorch_delegation_record`` artifact, which ``load`` also reads. The field tables below are
both the check and the schema in docs/delegation.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from et_log_runtime.delegation_record import BOOKKEEPING, counted, origin
from et_log_runtime.delegation_record import SCHEMA as RUNTIME_SCHEMA

__all__ = [
    "SCHEMA",
    "SCHEMA_FIELDS",
    "Node",
    "Reason",
    "Record",
    "RecordError",
    "Run",
    "Source",
    "load",
    "parse",
]

SCHEMA = RUNTIME_SCHEMA  # one version: the runtime writes what this reads
TRACE_ARTIFACT = "executorch_delegation_record"

# object -> (field, JSON type, meaning); "?" after a type: null allowed
SCHEMA_FIELDS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "record": (
        ("schema", "integer", f"the schema's version: {SCHEMA}"),
        ("runs", "array of run", "one per partitioner run, in the order they ran"),
    ),
    "run": (
        ("partitioner", "string", "the partitioner's class, e.g. `XnnpackPartitioner`"),
        ("component", "string", "its `TORCH_LOGS` name, e.g. `xnnpack` (else its module)"),
        ("partitions", "integer", "partitions it made"),
        (
            "operators",
            "integer",
            "`call_function` nodes counted (not bookkeeping, not quantization)",
        ),
        ("delegated", "integer", "operators it put in a partition"),
        ("nodes", "array of node", "every `call_function` node of the graph it saw, in order"),
    ),
    "node": (
        ("name", "string", "the node's name in that graph (changes when nodes renumber)"),
        ("target", "string", "its operator, e.g. `aten.relu.default`, or `getitem`"),
        ("partition", "string?", "the partition's tag when delegated, else null"),
        ("source", "source?", "the user's line that made it, when torch.export kept it"),
        ("reasons", "array of reason", "empty when delegated, else at least one"),
        ("critical", "boolean", "optional: true when a critical operator (absent: false)"),
        (
            "written",
            "string",
            "optional: the operator the user's program called, when the node is what it "
            "became (`aten.linear.default` for an `aten.addmm.default`)",
        ),
        ("dtype", "string", "optional: its output's dtype, e.g. `float64`"),
    ),
    "source": (
        ("file", "string", "the file of the innermost frame outside torch"),
        ("line", "integer", "its line"),
        ("code", "string", "the line's text"),
        ("module", "string?", "the nn.Module path (`layers.0.linear`), if any"),
        ("module_type", "string", "optional: that module's class, e.g. `Linear`"),
    ),
    "reason": (
        ("code", "string", "a stable reason code (docs/delegation.md)"),
        ("text", "string", "the backend's own words; may change between releases"),
    ),
}


OPTIONAL = "optional: "  # how a field that may be absent begins its meaning


class RecordError(ValueError):
    """A file that is not a delegation record; the message names the file and the place."""


# What a file is not, worded as et-log-lint and et-log-migrate word it (lint_rules.verdicts,
# which this reader does not import: docs/robustness.md's table test keeps the two in step).
NOT_A_RECORD = "not a delegation record"
_GLOG = re.compile(r"^[VIWEF]\d{4} ", re.M)  # a TORCH_TRACE line: `V1201 12:00:00.123 ...`


def not_a_record(path: str, what: str) -> RecordError:
    """`PATH: not a delegation record: <what it is instead>`."""
    return RecordError(f"{path}: {NOT_A_RECORD}: {what}")


def not_text(path: str, data: bytes, error: UnicodeDecodeError) -> RecordError:
    """`PATH: not UTF-8 text: byte 0x89 at offset 0` (lint_rules.verdicts.not_text's words)."""
    byte = data[error.start : error.start + 1].hex()
    return RecordError(f"{path}: not UTF-8 text: byte 0x{byte} at offset {error.start}")


_JSON_KINDS = {list: "a JSON list", str: "a JSON string", bool: "a JSON boolean"}


def _json_kind(data: Any) -> str:
    if data is None:
        return "JSON null"
    if isinstance(data, dict):
        return "a JSON object without 'runs' (see docs/delegation.md)"
    return _JSON_KINDS.get(type(data), "a JSON number")


@dataclass(frozen=True)
class Reason:
    code: str
    text: str


@dataclass(frozen=True)
class Source:
    file: str
    line: int
    code: str
    module: str | None
    module_type: str | None = None

    @property
    def where(self) -> str:
        return f"{Path(self.file).name}:{self.line}"


@dataclass(frozen=True)
class Node:
    name: str
    target: str
    partition: str | None
    source: Source | None
    reasons: tuple[Reason, ...]
    critical: bool = False  # an operator whose fallback costs most (optional field, issue 32)
    written: str | None = None  # the user's operator, when the node is what it became
    dtype: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # as written

    def matches(self, pattern: str) -> bool:
        """``pattern`` (fnmatch) names what the node is or what the user wrote."""
        return any(fnmatchcase(name, pattern) for name in (self.target, self.written) if name)

    @property
    def wrote(self) -> str:
        """``head64: Linear, float64, from aten.linear.default``: what the user wrote (or "")."""
        return origin(self.raw, at=False)

    @property
    def named(self) -> str:
        """``addmm (aten.addmm.default) at model.py:9 (head64: Linear, float64, from
        aten.linear.default)``: the node, its line and what the user wrote there."""
        where = f" at {self.source.where}" if self.source else ""
        return f"{self.name} ({self.target}){where}" + (self.wrote and f" ({self.wrote})")

    @property
    def bookkeeping(self) -> bool:
        return self.target in BOOKKEEPING

    @property
    def counted(self) -> bool:
        """One of the model's operators: not bookkeeping, not a quantize/dequantize node."""
        return counted(self.target)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(reason.code for reason in self.reasons))


@dataclass(frozen=True)
class Run:
    """One partitioner run; ``raw`` is its JSON object as written."""

    index: int  # 1-based, in the record
    partitioner: str
    component: str
    partitions: int
    operators: int
    delegated: int
    nodes: tuple[Node, ...]
    raw: dict[str, Any] = field(repr=False, compare=False)

    @property
    def ops(self) -> list[Node]:
        """The operators coverage counts."""
        return [node for node in self.nodes if node.counted]

    @property
    def shown(self) -> list[Node]:
        """Every node but bookkeeping: the operators and the quantize/dequantize nodes."""
        return [node for node in self.nodes if not node.bookkeeping]

    @property
    def left(self) -> list[Node]:
        """The operators it left on the CPU."""
        return [node for node in self.ops if node.partition is None]


# Why a record holds no partitioner run, most likely: said wherever one is read
NO_RUN_CAUSE = (
    "no partitioner run was recorded: the ExecuTorch that ran is most likely not migrated "
    "with the delegation record's recipes (codemods.migrate --recipes delegation-record), or "
    "is not the one on PYTHONPATH, or nothing was lowered"
)


@dataclass(frozen=True)
class Record:
    path: str
    runs: tuple[Run, ...]

    def lowerings(self) -> list[list[Run]]:
        """The runs grouped by lowering: a run whose operators are exactly the ones an
        earlier run left on the CPU (same names and targets) continues that run's lowering
        (the next partitioner of one ``to_edge_transform_and_lower``)."""
        chains: list[list[Run]] = []
        for run in self.runs:
            mine = [(n.name, n.target) for n in run.ops]
            tails = [c for c in chains if [(n.name, n.target) for n in c[-1].left] == mine]
            if tails and mine:
                tails[-1].append(run)
            else:
                chains.append([run])
        return chains


def _check(value: Any, kind: str, where: str) -> Any:
    """``value`` as the schema's ``kind``, or RecordError naming ``where``."""
    nullable = kind.endswith("?")
    kind = kind.rstrip("?")
    if value is None and nullable:
        return None
    if kind.startswith("array of "):
        if not isinstance(value, list):
            raise RecordError(f"{where}: expected an array, got {json.dumps(value)[:60]}")
        return [_check(item, kind[9:], f"{where}[{i}]") for i, item in enumerate(value)]
    if kind in SCHEMA_FIELDS:
        if not isinstance(value, dict):
            raise RecordError(f"{where}: expected an object ({kind}), got {type(value).__name__}")
        for name, sub, meaning in SCHEMA_FIELDS[kind]:
            if name not in value and meaning.startswith(OPTIONAL):
                continue
            if name not in value:
                raise RecordError(f"{where}: no {name!r} (a {kind} has {_names(kind)})")
            _check(value[name], sub, f"{where}.{name}")
        return value
    python = {"string": str, "integer": int, "boolean": bool}[kind]
    if not isinstance(value, python) or isinstance(value, bool) is not (python is bool):
        raise RecordError(f"{where}: expected a {kind}, got {json.dumps(value)[:60]}")
    return value


def _names(kind: str) -> str:
    return ", ".join(n for n, _, meaning in SCHEMA_FIELDS[kind] if not meaning.startswith(OPTIONAL))


def _node(raw: dict[str, Any]) -> Node:
    source = raw["source"]
    return Node(
        raw["name"],
        raw["target"],
        raw["partition"],
        Source(
            source["file"],
            source["line"],
            source["code"],
            source["module"],
            source.get("module_type"),
        )
        if source
        else None,
        tuple(Reason(r["code"], r["text"]) for r in raw["reasons"]),
        raw.get("critical") is True,
        raw.get("written"),
        raw.get("dtype"),
        raw,
    )


def parse(data: Any, path: str = "<record>") -> Record:
    """The record in ``data`` (the JSON object), checked against the schema."""
    if not isinstance(data, dict) or "runs" not in data:
        raise not_a_record(path, _json_kind(data))
    if data.get("schema") != SCHEMA:
        raise RecordError(
            f"{path}: schema {data.get('schema')!r}, this et-log-report reads schema {SCHEMA}"
        )
    _check(data, "record", path)
    runs = []
    for index, raw in enumerate(data["runs"], 1):
        nodes = tuple(_node(node) for node in raw["nodes"])
        counts = (raw["partitions"], raw["operators"], raw["delegated"])
        runs.append(Run(index, raw["partitioner"], raw["component"], *counts, nodes, raw))
    return Record(path, tuple(runs))


def _from_trace(text: str, path: str) -> Any:
    """The runs of the ``executorch_delegation_record`` artifacts in a TORCH_TRACE log."""
    runs, lines = [], text.splitlines()
    for at, line in enumerate(lines):
        if f'"name": "{TRACE_ARTIFACT}"' not in line:
            continue
        payload = []
        for follower in lines[at + 1 :]:
            if not follower.startswith("\t"):
                break
            payload.append(follower[1:])
        try:
            runs.append(json.loads("\n".join(payload)))
        except ValueError as error:
            raise RecordError(f"{path}:{at + 2}: the artifact is not JSON ({error})") from None
    if not runs:
        raise not_a_record(path, f"a torch trace without an {TRACE_ARTIFACT} artifact")
    return {"schema": SCHEMA, "runs": runs}


def load(path: str | Path) -> Record:
    """The record in the file ``path``: a JSON record, or a TORCH_TRACE log (``.log``)."""
    name = str(path)
    if Path(path).is_dir():
        raise not_a_record(name, "a folder")
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise RecordError(f"{name}: cannot read: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise not_text(name, raw, error) from None
    if not text.strip():
        raise not_a_record(name, "empty")
    try:
        data = json.loads(text)
    except ValueError as error:
        if text.lstrip()[0] in "{[":
            raise not_a_record(name, f"not JSON ({error})") from None
        if _GLOG.search(text) is None:
            raise not_a_record(name, "neither JSON nor a TORCH_TRACE log") from None
        return parse(_from_trace(text, name), name)
    return parse(data, name)
