"""A record as text: each run's ``partition_report`` table, then coverage per lowering."""

from __future__ import annotations

from collections import Counter

from et_log_runtime.delegation_record import render_table

from .codes import describe
from .diff import FELL_BACK, KINDS, REASON_CHANGED, Change, Diff
from .record import NO_RUN_CAUSE, Record, Run

__all__ = ["coverage", "percent", "render_diff", "render_record", "run_table"]


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


def coverage(run: Run) -> str:
    """``4 of 10 operator(s) delegated (40.0%)``."""
    return f"{run.delegated} of {run.operators} operator(s) delegated ({percent(run.delegated, run.operators)})"


def run_table(run: Run) -> str:
    """The run's table exactly as ``TORCH_LOGS=partition_report`` prints it (one renderer)."""
    pairs = zip(run.raw["nodes"], run.nodes, strict=True)
    left = [entry for entry, node in pairs if node.partition is None and not node.bookkeeping]
    return render_table(run.raw, left)


def lowering_line(number: int, runs: list[Run]) -> str:
    first, last = runs[0], runs[-1]
    done = first.operators - len(last.left)
    names = " -> ".join(f"{run.partitioner} (run {run.index})" for run in runs)
    return (
        f"lowering {number}: {names}: {done} of {first.operators} operator(s) delegated "
        f"({percent(done, first.operators)}), {len(last.left)} left on the CPU"
    )


def render_record(record: Record) -> str:
    """Every run's table with its coverage, then each lowering's, then the codes seen."""
    if not record.runs:
        return f"{record.path}: {NO_RUN_CAUSE}"
    blocks = [f"{record.path}: {len(record.runs)} partitioner run(s)"]
    for run in record.runs:
        block = f"run {run.index}: {coverage(run)}\n{run_table(run)}"
        hot = [node.named for node in run.left if node.critical]
        if hot:  # after the table, which is TORCH_LOGS=partition_report's, as it printed
            block += f"\n  critical, left on the CPU: {'; '.join(hot)}"
        blocks.append(block)
    lowerings = record.lowerings()
    blocks.append("\n".join(lowering_line(i, runs) for i, runs in enumerate(lowerings, 1)))
    seen = Counter(code for run in record.runs for node in run.left for code in node.codes)
    if seen:
        lines = ["codes of the operators left on the CPU:"]
        for code, count in seen.most_common():
            entry = describe(code)
            lines.append(f"  {code:<20} {count:>4}  {entry.action if entry else '(unknown code)'}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _node_line(change: Change) -> str:
    node = change.node
    where = f"{node.source.where} `{node.source.code}`" if node.source else "(no source line)"
    line = f"    {node.name} ({node.target}) {where}"
    if change.before is not None and change.after is not None and change.before.name != node.name:
        line += f" [was {change.before.name}]"
    if node.partition is None and node.reasons:
        line += ": " + "; ".join(f"{r.code}: {r.text}" for r in node.reasons)
    if change.kind == REASON_CHANGED and change.before is not None:
        line += f" (was {', '.join(change.before.codes)})"
    return line


def render_diff(diff: Diff) -> str:
    """Per partitioner: coverage before and after, then the nodes that changed, by kind."""
    out = [f"{diff.before.path} -> {diff.after.path}"]
    for run in diff.runs:
        if run.after is None or run.before is None:
            did = "did not run in the new record" if run.after is None else "is new"
            also = " (a regression: it delegated before)" if run.missing else ""
            out.append(f"{run.label}: {did}{also}")
            continue
        out.append(f"{run.label}: {coverage(run.before)} -> {coverage(run.after)}")
        if run.changes and not any(change.node.counted for change in run.changes):
            out.append(
                "  only quantize/dequantize nodes changed; no operator moved (coverage counts operators)"
            )
        for kind in KINDS:
            changes = [c for c in run.changes if c.kind == kind]
            if changes:
                out.append(f"  {kind} ({len(changes)}):")
                out.extend(_node_line(c) for c in changes)
    fell = len(diff.changes(FELL_BACK))
    verdict = f"{diff.regressions} regression(s)" if diff.regressions else "no regression"
    out.append(f"{verdict}: {fell} node(s) fell back to the CPU")
    return "\n".join(out)
