"""Two records compared: which nodes fell back to the CPU, which were newly delegated, which
changed reason, and each partitioner's coverage before and after.

Runs are paired by partitioner and occurrence (the second ``XnnpackPartitioner`` run with the
second). Nodes are paired by what they are, never by their generated names, which renumber
whenever an operator is added earlier in the graph: first by target, source file name, line,
module path and the line's text; then, for the nodes left, without the line number (a line
inserted above moved them); then by target alone. Within one key (a loop that calls the same
line three times) nodes pair in graph order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path

from .record import Node, Record, Run

__all__ = ["Change", "Diff", "RunDiff", "compare", "pair_nodes"]

FELL_BACK = "fell back"
NEWLY_DELEGATED = "newly delegated"
REASON_CHANGED = "reason changed"
NEW_ON_CPU = "new, on the CPU"
NEW_DELEGATED = "new, delegated"
GONE = "gone"
KINDS = (FELL_BACK, NEWLY_DELEGATED, REASON_CHANGED, NEW_ON_CPU, NEW_DELEGATED, GONE)


def _exact(node: Node) -> Hashable:
    s = node.source
    return (node.target, Path(s.file).name, s.line, s.module, s.code) if s else (node.target,)


def _moved(node: Node) -> Hashable:
    s = node.source
    return (node.target, Path(s.file).name, s.module, s.code) if s else (node.target,)


def _target(node: Node) -> Hashable:
    return node.target


KEYS: tuple[Callable[[Node], Hashable], ...] = (_exact, _moved, _target)


def pair_nodes(
    before: tuple[Node, ...], after: tuple[Node, ...]
) -> list[tuple[Node | None, Node | None]]:
    """Every node of both sides once: paired, or alone (None on the other side)."""
    left, right = dict(enumerate(before)), dict(enumerate(after))
    pairs: list[tuple[Node | None, Node | None]] = []
    for key in KEYS:
        waiting: dict[Hashable, list[int]] = defaultdict(list)
        for i, node in right.items():
            waiting[key(node)].append(i)
        for i, node in list(left.items()):
            queue = waiting.get(key(node))
            if queue:
                pairs.append((node, right.pop(queue.pop(0))))
                del left[i]
    pairs += [(node, None) for node in left.values()]
    pairs += [(None, node) for node in right.values()]
    return pairs


@dataclass(frozen=True)
class Change:
    kind: str
    before: Node | None
    after: Node | None

    @property
    def node(self) -> Node:
        found = self.after or self.before
        assert found is not None
        return found

    @property
    def regression(self) -> bool:
        return self.kind == FELL_BACK


def _change(before: Node | None, after: Node | None) -> Change | None:
    node = after or before
    if node is None or node.bookkeeping:
        return None
    if before is None:
        return Change(NEW_DELEGATED if after and after.partition else NEW_ON_CPU, None, after)
    if after is None:
        return Change(GONE, before, None)
    if before.partition and not after.partition:
        return Change(FELL_BACK, before, after)
    if after.partition and not before.partition:
        return Change(NEWLY_DELEGATED, before, after)
    if not after.partition and before.codes != after.codes:
        return Change(REASON_CHANGED, before, after)
    return None


@dataclass(frozen=True)
class RunDiff:
    """One partitioner's run on both sides (None where it did not run)."""

    label: str
    before: Run | None
    after: Run | None
    changes: tuple[Change, ...] = field(default=())

    @property
    def missing(self) -> bool:
        """It delegated something before and did not run now: a regression."""
        return self.after is None and self.before is not None and self.before.delegated > 0


@dataclass(frozen=True)
class Diff:
    before: Record
    after: Record
    runs: tuple[RunDiff, ...]

    def changes(self, kind: str) -> list[tuple[RunDiff, Change]]:
        return [(run, c) for run in self.runs for c in run.changes if c.kind == kind]

    @property
    def regressions(self) -> int:
        return len(self.changes(FELL_BACK)) + sum(run.missing for run in self.runs)


def _by_occurrence(record: Record) -> dict[tuple[str, int], Run]:
    seen: dict[str, int] = defaultdict(int)
    out = {}
    for run in record.runs:
        seen[run.partitioner] += 1
        out[(run.partitioner, seen[run.partitioner])] = run
    return out


def compare(before: Record, after: Record) -> Diff:
    """What changed from ``before`` to ``after``, run by run."""
    old, new = _by_occurrence(before), _by_occurrence(after)
    runs = []
    for key in [*old, *(k for k in new if k not in old)]:
        label = f"{key[0]} #{key[1]}"
        b, a = old.get(key), new.get(key)
        pairs = pair_nodes(b.nodes, a.nodes) if a and b else []  # else: the run says it
        changes = [c for pair in pairs if (c := _change(*pair)) is not None]
        changes.sort(key=lambda c: KINDS.index(c.kind))
        runs.append(RunDiff(label, b, a, tuple(changes)))
    return Diff(before, after, tuple(runs))
