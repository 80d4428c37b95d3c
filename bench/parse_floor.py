"""The floor of an ast-based lint in CPython: read the files and `ast.parse` those the lint
parses, nothing else (no discovery, no prefilter, no rules), shared by `JOBS` forked processes
(each takes every JOBS-th file, largest first). `bench/lint.py` times it beside the lint.

Usage: python bench/parse_floor.py LIST JOBS
LIST holds one path per line; a `+` before the path: read and parse it; else: only read it.
"""

from __future__ import annotations

import ast
import os
import sys


def main() -> None:
    listing, jobs = sys.argv[1], int(sys.argv[2])
    with open(listing, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for line in handle]
    entries = [(line[:1] == "+", line[1:] if line[:1] == "+" else line) for line in lines]
    entries.sort(key=lambda entry: os.stat(entry[1]).st_size, reverse=True)
    workers = []
    for share in range(1, jobs):
        pid = os.fork()
        if pid == 0:
            _work(entries[share::jobs])
            os._exit(0)
        workers.append(pid)
    _work(entries[0::jobs])
    for pid in workers:
        os.waitpid(pid, 0)


def _work(entries: list[tuple[bool, str]]) -> None:
    for parse, path in entries:
        fd = os.open(path, os.O_RDONLY)  # as the lint reads (lint_rules.detector.read_source)
        try:
            data = os.read(fd, os.fstat(fd).st_size + 1)
        finally:
            os.close(fd)
        if parse:
            ast.parse(data)


if __name__ == "__main__":
    main()
    sys.stdout.flush()
    os._exit(0)  # like the lint: no teardown
