"""What a CI owner asks of one record: a minimum coverage (of the whole record, or of one
partitioner's runs), operators that must end up delegated, and no critical operator left on
the CPU."""

from __future__ import annotations

from dataclasses import dataclass

from .record import NO_RUN_CAUSE, Node, Record
from .text import percent

__all__ = ["Gates", "MinCoverage", "check", "nothing_recorded"]


@dataclass(frozen=True)
class MinCoverage:
    """``--min-coverage 80`` (``partitioner`` None: the whole record) or ``Name=80``."""

    percent: float
    partitioner: str | None = None

    @classmethod
    def parse(cls, text: str) -> MinCoverage:
        name, _, value = text.rpartition("=")
        try:
            number = float(value.rstrip("%"))
        except ValueError:
            raise ValueError(f"{text!r}: expected PERCENT or PARTITIONER=PERCENT") from None
        if not 0 <= number <= 100:
            raise ValueError(f"{text!r}: a percentage is between 0 and 100")
        return cls(number, name or None)


@dataclass(frozen=True)
class Gates:
    min_coverage: tuple[MinCoverage, ...] = ()
    require: tuple[str, ...] = ()  # fnmatch patterns over targets or the user's: aten.linear.*
    critical: bool = False  # fail on a critical operator left on the CPU


def _coverage(record: Record, partitioner: str | None) -> tuple[int, int]:
    """(delegated, operators) of the whole record's lowerings, or of one partitioner's runs."""
    if partitioner is None:
        chains = record.lowerings()
        total = sum(chain[0].operators for chain in chains)
        return total - sum(len(chain[-1].left) for chain in chains), total
    runs = [run for run in record.runs if run.partitioner == partitioner]
    return sum(r.delegated for r in runs), sum(r.operators for r in runs)


def nothing_recorded(record: Record) -> str | None:
    """The failure of a record that holds no partitioner run: no gate passes on nothing."""
    return f"{record.path}: {NO_RUN_CAUSE}" if not record.runs else None


def check(record: Record, gates: Gates) -> list[str]:
    """One line per gate that ``record`` fails; a record with no run fails them all."""
    empty = nothing_recorded(record)
    if empty is not None:
        return [empty]
    failures = []
    for gate in gates.min_coverage:
        who = gate.partitioner or "the whole record"
        if gate.partitioner and not any(r.partitioner == gate.partitioner for r in record.runs):
            failures.append(f"coverage of {who}: no such partitioner ran in {record.path}")
            continue
        done, total = _coverage(record, gate.partitioner)
        if total and 100 * done / total < gate.percent:
            failures.append(
                f"coverage of {who}: {done} of {total} operator(s), {percent(done, total)} "
                f"< {gate.percent:g}%"
            )
    for pattern in gates.require:
        matched = [n for run in record.runs for n in run.ops if n.matches(pattern)]
        if not matched:
            failures.append(
                f"required {pattern}: no operator of {record.path} has that target or was "
                "written as it"
            )
        for chain in record.lowerings():
            for node in [n for n in chain[-1].left if n.matches(pattern)]:
                failures.append(f"required {pattern}: {_left(node, chain[-1].partitioner)}")
    for chain in record.lowerings() if gates.critical else ():
        for node in [n for n in chain[-1].left if n.critical]:
            failures.append(f"critical {_left(node, chain[-1].partitioner)}")
    return failures


def _left(node: Node, partitioner: str) -> str:
    """``addmm (aten.addmm.default) at m.py:9 (head64: Linear, float64, from
    aten.linear.default) stays on the CPU after XnnpackPartitioner: XNN.DTYPE``."""
    return f"{node.named} stays on the CPU after {partitioner}: {', '.join(node.codes)}"
