"""The delegation record's shared parts: the file EXECUTORCH_DELEGATION_RECORD names (appended
to, never rewritten, nothing kept in memory) and the open delegation_records() blocks, under
threads. In-process: a partitioner that tags nothing still makes a run with its record."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from et_log_runtime import partition_report
from et_log_runtime.delegation_record import RECORD_ENV, write_record
from et_log_runtime.partition_report import delegation_records, run_partitioner


class NothingPartitioner:
    """A partitioner run whose result has no program: a record with no nodes."""

    def __call__(self, program: object) -> None:
        return None


def runs_in(path: Path) -> list[dict[str, object]]:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)["runs"]  # type: ignore[no-any-return]


def test_later_runs_go_in_over_the_end_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    write_record(str(path), [{"run": 1}])
    first = path.read_bytes()
    write_record(str(path), [{"run": 2}, {"run": 3}], start=False)
    assert runs_in(path) == [{"run": 1}, {"run": 2}, {"run": 3}]
    assert path.read_bytes().startswith(first[: -len("\n]}\n")])  # nothing before rewritten


@pytest.mark.parametrize("found", ['{"schema": 1, "runs": [\n]}\n', "someone else's\n", ""])
def test_a_file_that_does_not_end_with_a_run_of_ours_starts_again(tmp_path, found) -> None:
    path = tmp_path / "record.json"
    path.write_text(found, encoding="utf-8")
    write_record(str(path), [{"run": 4}], start=False)
    assert runs_in(path) == [{"run": 4}]


def test_a_path_that_cannot_be_written_never_fails_the_lowering(
    tmp_path, monkeypatch, capsys
) -> None:
    """Review 12, m1: the variable naming a folder raised out of the lowering and left a
    ``.partial`` file; now the run goes on, the problem is said once, nothing is left."""
    monkeypatch.setenv(RECORD_ENV, str(tmp_path))
    for _ in range(2):
        assert run_partitioner(NothingPartitioner(), None) is None
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "no delegation record written" in said[0], said
    assert str(tmp_path) in said[0] and list(tmp_path.iterdir()) == []


def test_runs_of_many_threads_all_reach_the_file(tmp_path, monkeypatch) -> None:
    path = tmp_path / "record.json"
    monkeypatch.setenv(RECORD_ENV, str(path))
    start = threading.Barrier(8)

    def lower() -> None:
        start.wait()
        for _ in range(5):
            run_partitioner(NothingPartitioner(), None)

    threads = [threading.Thread(target=lower) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    runs = runs_in(path)
    assert len(runs) == 40 and {run["partitioner"] for run in runs} == {"NothingPartitioner"}


def test_an_inner_block_ending_leaves_the_outer_one_collecting() -> None:
    with delegation_records() as outer:
        with delegation_records() as inner:
            run_partitioner(NothingPartitioner(), None)
        run_partitioner(NothingPartitioner(), None)  # inner and outer were equal lists here
    assert (len(inner), len(outer)) == (1, 2)
    assert partition_report._blocks == []


def test_blocks_opened_and_closed_by_many_threads(tmp_path: Path) -> None:
    start, mine = threading.Barrier(8), {}

    def lower(number: int) -> None:
        start.wait()
        with delegation_records() as runs:
            run_partitioner(NothingPartitioner(), None)
        mine[number] = runs

    threads = [threading.Thread(target=lower, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(mine) == 8 and all(runs for runs in mine.values())  # each saw its own run
    assert partition_report._blocks == []
