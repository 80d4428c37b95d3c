"""Each partitioner run: the reasons its backends give, its record (built when read), what it
logs, and the critical-operator WARNING."""

import json
import logging
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fnmatch import fnmatchcase
from importlib.metadata import PackageNotFoundError, version
from typing import Any, TypeVar

from . import artifact_enabled, get_artifact_logger
from . import delegation_record as delegation
from .torch_trace import QNAMES, asked, covering, named, tracer

CRITICAL_ENV = "EXECUTORCH_CRITICAL_OPS"  # the user's: aten.sort.*,aten.pow.*
_FRAME = r'File "([^"]+)", line (\d+), in [^\n]*\n\s*([^\n]*)'
_open = threading.local()  # .run: this thread's run in progress; .held: its lowering's
_lock = threading.Lock()
_blocks: list[list[dict[str, Any]]] = []  # the open delegation_records() blocks
_written: list[str] = []  # the record file this process started, if any
CHOSEN = re.compile(r"(\w+\.)?(USER_EXCLUDED|NO_CONFIG)")  # the user's own choice
Result = TypeVar("Result")
Program = TypeVar("Program")


def target_name(target: object) -> str:
    """``aten.sort.default`` for an operator overload, else the function's name."""
    for overload in (getattr(target, "_op", None), target):  # an edge op wraps ATen's
        if hasattr(overload, "_schema"):
            return str(overload)
    return getattr(target, "__name__", None) or str(target)


def _source(meta: dict[str, Any]) -> dict[str, Any] | None:
    """The user's line that made a node: its innermost frame outside torch's code."""
    torch_file = getattr(sys.modules.get("torch"), "__file__", None) or "/-/-"
    torch_dir = os.path.join(os.path.dirname(torch_file), "")  # with the separator
    frames = re.findall(_FRAME, meta.get("stack_trace") or "")
    user = [f for f in frames if not f[0].startswith(torch_dir)] or frames
    modules = list((meta.get("nn_module_stack") or {}).values())
    if not user:
        return None
    path, line, code = user[-1]
    module = (modules[-1][0] or None) if modules else None  # the top one's is ""
    found = {"file": path, "line": int(line), "code": code.strip(), "module": module}
    # its class: torch.nn.modules.linear.Linear, or the type itself
    if module is not None:
        kind = modules[-1][1]
        found["module_type"] = (
            getattr(kind, "__name__", None) or str(kind).rpartition(".")[2]
        )
    return found


def _made(meta: dict[str, Any], target: str) -> dict[str, str]:
    """What the user's program called, when the node is what it became (``written``: the
    oldest node of torch's provenance, ``aten.linear.default`` for an ``addmm``), and the
    dtype of its output."""
    made, oldest, sources = {}, None, meta.get("from_node") or ()
    while sources:
        oldest = sources[-1]
        sources = getattr(oldest, "from_node", None) or ()
    written = getattr(oldest, "target", None)
    if (
        isinstance(written, str)
        and written != target
        and target not in delegation.BOOKKEEPING
    ):
        made["written"] = written
    dtype = getattr(meta.get("val"), "dtype", None)
    if dtype is not None:
        made["dtype"] = str(dtype).removeprefix("torch.")
    return made


class PartitionRun:
    """One partitioner run: who ran, and the reasons its backends gave."""

    def __init__(self, partitioner: object) -> None:
        cls = type(partitioner)
        self.partitioner, module = cls.__name__, cls.__module__
        home = covering(module)  # the component's logger (its level), not the module's
        self.component = QNAMES.get(home) or module
        ours = home or "executorch.exir.backend"  # never an application's own logger
        self.explain = logging.getLogger(ours)
        self.report = get_artifact_logger(ours, "partition_report")
        self.trace = tracer()
        read = _blocks or os.environ.get(delegation.RECORD_ENV) or self.trace
        shown = artifact_enabled(self.report)
        # INFO once TORCH_LOGS or set_logs names this run's component; else DEBUG (an app at
        # INFO: no news, also when another component is named)
        self.level = logging.INFO if named(ours) and asked() else logging.DEBUG
        own = getattr(partitioner, "critical_operators", ())  # its owner's table
        mine = os.environ.get(CRITICAL_ENV, "").split(",")  # the user's: named always
        self.asked = [pattern.strip() for pattern in mine if pattern.strip()]
        self.critical = [p.strip() for p in own if p.strip()] + self.asked
        warn = any(self.critical) and self.explain.isEnabledFor(logging.WARNING)
        held = getattr(_open, "held", None) or {}  # a later run may take what one left
        every = bool(read or shown) or self.explain.isEnabledFor(self.level)
        self.live = every or warn or bool(held)
        # read by the WARNING alone: only critical nodes and those the lowering holds
        self.only = None if every else {name for _, name in held}
        self.reasons: dict[str, list[dict[str, str]]] = {}

    def record(self, result: object) -> dict[str, Any]:
        """The record of this run, whose result is ``result`` (a ``PartitionResult``)."""
        program = getattr(result, "tagged_exported_program", None)
        nodes = getattr(getattr(program, "graph_module", None), "graph", None)
        tags = set(getattr(result, "partition_tags", None) or ())
        entries, silent = [], f"no reason given by {self.partitioner}"
        for node in [n for n in getattr(nodes, "nodes", ()) if n.op == "call_function"]:
            tag, target = node.meta.get("delegation_tag"), target_name(node.target)
            made = _made(node.meta, target)
            # as it is, and as the user wrote it
            names = (target, made.get("written", target))
            hot = any(fnmatchcase(n, p) for p in self.critical for n in names)
            if self.only is not None and not hot and node.name not in self.only:
                continue
            taken = str(tag) if tag is not None and tag in tags else None
            why = delegation.BOOKKEEPING.get(target)  # whatever a backend said of it
            code, given = ("BOOKKEEPING", None) if why else ("NONE_GIVEN", self.reasons)
            none = {"code": code, "text": why or silent}
            entry = {"name": node.name, "target": target, "partition": taken}
            entry["source"] = _source(node.meta)
            entry.update(made)
            entry["reasons"] = [] if taken else (given or {}).get(node.name) or [none]
            mine = any(fnmatchcase(n, p) for p in self.asked for n in names)
            chosen = not mine and all(
                CHOSEN.fullmatch(r["code"]) for r in entry["reasons"]
            )
            if hot and (taken or not chosen):  # the user's exclusions: no WARNING
                entry["critical"] = True  # an operator whose fallback costs most
            entries.append(entry)
        operators = [e for e in entries if delegation.counted(e["target"])]
        return {
            "partitioner": self.partitioner,
            "component": self.component,
            "partitions": len({e["partition"] for e in entries if e["partition"]}),
            "operators": len(operators),
            "delegated": len([e for e in operators if e["partition"]]),
            "nodes": entries,
        }


# where the delegation record's recipe calls run_partitioner
BACKEND_API = "executorch.exir.backend.backend_api"


@contextmanager
def delegation_records(path: str | None = None) -> Iterator[list[dict[str, Any]]]:
    """The records of the partitioner runs in the block, in order (and to ``path``).

    RuntimeError when the block recorded nothing because the ExecuTorch it imported does not
    report its runs here (not migrated with the delegation record's recipes): an empty list
    would read as "nothing to report"."""
    runs: list[dict[str, Any]] = []
    with _lock:
        _blocks.append(runs)
    try:
        yield runs
    finally:
        with _lock:
            _blocks[:] = [block for block in _blocks if block is not runs]
        if path:
            delegation.write_record(path, runs)
    if not runs:
        _check_reported()


def _check_reported() -> None:
    """RuntimeError when the imported ExecuTorch's lowering does not call ``run_partitioner``."""
    api = sys.modules.get(BACKEND_API)
    if api is None or getattr(api, "run_partitioner", None) is run_partitioner:
        return  # nothing lowered, or lowered and nothing to record
    try:
        release = version("executorch")
    except PackageNotFoundError:  # a checkout on PYTHONPATH
        release = "not installed"
    raise RuntimeError(
        f"delegation_records: the ExecuTorch imported from {getattr(api, '__file__', api)} "
        f"(version {release}) does not report its partitioner runs to "
        f"{__name__}: it is not migrated with the delegation record's recipes "
        "(codemods.migrate --recipes delegation-record), or another copy of it comes first "
        "on the PYTHONPATH"
    )


def run_partitioner(
    partitioner: Callable[[Program], Result],
    program: Program,
    method: str | None = None,
) -> Result:
    """``partitioner(program)`` (``method``'s), with the rejections reported meanwhile."""
    run, outer = PartitionRun(partitioner), getattr(_open, "run", None)
    _open.run = run
    try:
        result = partitioner(program)
    finally:
        _open.run = outer
    if not run.live:
        return result
    record = run.record(result)  # for whoever reads it (stacklevel 2: the core's line)
    nodes = [e for e in record["nodes"] if e["target"] not in delegation.BOOKKEEPING]
    left = [e for e in nodes if e["reasons"]]
    for entry in left if run.explain.isEnabledFor(run.level) else ():
        why = "; ".join(r["text"] for r in entry["reasons"])
        line = "%s: %s (%s) stays on the CPU: %s%s"  # the user's line after the public words
        origin = delegation.origin(entry)
        said = (entry["name"], entry["target"], why, origin and f" ({origin})")
        args = (run.partitioner, *said)
        run.explain.log(run.level, line, *args, stacklevel=2)
    if artifact_enabled(run.report):
        run.report.debug("%s", delegation.render_table(record, left), stacklevel=2)
    hot, held = [e for e in left if e.get("critical")], getattr(_open, "held", None)
    if held is not None:  # in a lowering: a later run may take what this one left
        for taken in [e for e in nodes if e["partition"]]:
            held.pop((method, taken["name"]), None)
        held.update({(method, e["name"]): (run, e) for e in hot})
    elif hot:  # a run on its own: its WARNING now
        warn_critical(run, hot, 3)
    with _lock:
        for runs in _blocks:
            runs.append(record)
        if path := os.environ.get(delegation.RECORD_ENV):
            delegation.write_record(path, [record], start=path not in _written)
            _written[:] = [path]
    if run.trace is not None:
        run.trace("executorch_delegation_record", json.dumps(record))
    return result


def _critical_item(entry: dict[str, Any]) -> str:
    """``aten_addmm_default (aten.addmm.default, XNN.DTYPE: invalid dtype) at model.py:9
    (head64: Linear, float64, from aten.linear.default)``: the code and words a user can act
    on, the line, then what the user wrote there."""
    first, source = entry["reasons"][0], entry["source"] or {"file": "?", "line": "?"}
    item = f"{entry['name']} ({entry['target']}, {first['code']}: {first['text']})"
    item += f" at {os.path.basename(source['file'])}:{source['line']}"
    wrote = delegation.origin(entry, at=False)
    return item + (f" ({wrote})" if wrote else "")


def _one_per_operator(hot: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The nodes one operator of the user's became (a linear's permute and addmm) count once,
    named by the last of them in graph order whose reason has a code (not ``NONE_GIVEN``):
    the node that computes the operator's output, the addmm."""
    groups: dict[object, list[dict[str, Any]]] = {}
    for entry in hot:
        made = entry.get("written")
        mark = json.dumps([made, entry["source"]]) if made else id(entry)
        groups.setdefault(mark, []).append(entry)
    vague = "NONE_GIVEN"
    return [
        next(
            (e for e in reversed(group) if e["reasons"][0]["code"] != vague), group[-1]
        )
        for group in groups.values()
    ]


def warn_critical(run: PartitionRun, hot: list[dict[str, Any]], depth: int) -> None:
    """One WARNING (shown by default, silenced by ``-<backend>``) naming what ``run`` left:
    one item per operator the user wrote."""
    hot = _one_per_operator(hot)
    named = "; ".join(_critical_item(entry) for entry in hot[:3]) + "; ..." * (
        len(hot) > 3
    )
    line = "%s left %d critical operator(s) on the CPU: %s (each node left: %s)"
    hooked = (
        f"{__package__}_hook" in sys.modules
    )  # torch's hook: TORCH_LOGS knows our names
    hint = (
        "TORCH_LOGS=partition_report"
        if hooked
        else f"{__package__}.set_logs('partition_report')"
    )
    run.explain.warning(line, run.partitioner, len(hot), named, hint, stacklevel=depth)


@contextmanager
def lowering() -> Iterator[None]:
    """A lowering's partitioners in turn: the WARNINGs at its end, for what they all left."""
    outer, _open.held = getattr(_open, "held", None), {}
    try:
        yield
    finally:  # a lowering that raised names nothing: the error says what went wrong
        held, _open.held = _open.held, outer
    for run in {id(run): run for run, _ in held.values()}.values():
        warn_critical(run, [e for r, e in held.values() if r is run], 4)


def report_rejection(
    logger: logging.Logger | None, node: object, reason: str, code: str = "UNSPECIFIED"
) -> None:
    """``node`` stays on the CPU for ``reason``: to the run, or a DEBUG line on ``logger``."""
    run = getattr(_open, "run", None)
    if run is not None and run.live:  # nothing is kept while nobody reads the record
        reasons = run.reasons.setdefault(str(getattr(node, "name", node)), [])
        given = {"code": code, "text": str(reason)}
        if given not in reasons and len(reasons) < 100:
            reasons.append(given)
    shown = run is not None and run.only is None  # the run says each node's reasons
    if not shown and logger is not None and logger.isEnabledFor(logging.DEBUG):
        what = (getattr(node, "name", node), target_name(getattr(node, "target", "")))
        logger.debug("%s (%s) not delegated: %s", *what, reason, stacklevel=2)
