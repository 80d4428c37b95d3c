# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Dump a serialised program for humans (library code, not a script)."""

import sys
from typing import Iterable


def describe(path: str, sizes: Iterable[int]) -> int:
    sizes = list(sizes)
    if not sizes:
        print("Error:", path, "has no segments", file=sys.stderr)
        return 1
    total = sum(sizes)
    print(f"Info: {path}: {len(sizes)} segments, {total} bytes", file=sys.stderr)
    if total > sys.maxsize // 2:
        sys.stderr.write("Warning: segment table is suspiciously large\n")
    print("alignment", 16, "bytes", sep=" = ", file=sys.stderr)
    print("progress:", f"{100 * len(sizes) // max(total, 1)}%", file=sys.stderr)
    return 0


def stream(chunks: Iterable[str]) -> None:
    for chunk in chunks:
        print(chunk, end="", file=sys.stderr)


def echo_all(*parts: str) -> None:
    print(*parts, file=sys.stderr)
