"""Where a text's lines went in its rewrite (`shared.line_map`): the opcodes tile both texts,
equal runs are equal, and a file of thousands of similar sites maps each site to its rewrite
(bench/scaling.py's shape, where difflib alone was quadratic)."""

from __future__ import annotations

import random

from codemods.shared.line_map import _opcodes, line_map, replaced_lines


def _valid(old: list[str], new: list[str]) -> list[tuple[str, int, int, int, int]]:
    ops = _opcodes(old, new)
    i = j = 0
    for tag, i1, i2, j1, j2 in ops:
        assert (i1, j1) == (i, j), ops
        assert tag != "equal" or old[i1:i2] == new[j1:j2], ops
        i, j = i2, j2
    assert (i, j) == (len(old), len(new)), ops
    return ops


def test_the_opcodes_tile_both_texts_on_random_edits() -> None:
    rng = random.Random(7)
    for _ in range(500):
        old = [rng.choice("abcde") + str(rng.randint(0, 3)) for _ in range(rng.randint(0, 25))]
        new = list(old)
        for _ in range(rng.randint(0, 6)):
            at = rng.randint(0, len(new))
            if new and rng.random() < 0.4:
                del new[min(at, len(new) - 1)]
            else:
                new.insert(at, rng.choice("abxy"))
        _valid(old, new)


def _module(count: int, call: str) -> str:
    header = "import logging\n" if call == "logging" else HEADER
    body = (f'\n\ndef f{i}(x):\n    {call}.info("site {i} %s", x)\n' for i in range(count))
    return header + "".join(body)


HEADER = (
    "import logging\n\nfrom executorch.logs import get_logger\n\nlogger = get_logger(__name__)\n"
)


def test_each_of_thousands_of_similar_sites_maps_to_its_rewrite() -> None:
    old, new = _module(3000, "logging"), _module(3000, "logger")
    moved, old_lines, new_lines = line_map(old, new), old.splitlines(), new.splitlines()
    sites = [n for n, text in enumerate(old_lines, 1) if "logging.info(" in text]
    assert len(sites) == 3000
    for line in sites:
        assert new_lines[moved(line) - 1] == old_lines[line - 1].replace("logging", "logger")
    assert replaced_lines(old, new) == set(sites)
