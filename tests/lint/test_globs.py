"""Globs: one regex for many patterns matches exactly what the patterns match one by one."""

from __future__ import annotations

import itertools
import re

from lint_rules.config import DEFAULT_EXCLUDE, DEFAULT_SCRIPT_PATTERNS
from lint_rules.globs import _glob_regex, compile_globs, matches_any

PATTERNS = (
    *DEFAULT_EXCLUDE,
    *DEFAULT_SCRIPT_PATTERNS,
    "*.py",
    "exir/**/gen_*.py",
    "/backends/vulkan/",
    "./docs/",
    "backends/*/test/",
    "?.py",
)
PATHS = (
    "exir/graph.py",
    "exir/emit/gen_table.py",
    "a.py",
    "ab.py",
    "backends/vulkan/partitioner/vulkan_partitioner.py",
    "backends/xnnpack/test/ops/test_conv2d.py",
    "backends/arm/test/conftest.py",
    "docs/source/conf.py",
    "x/docs/conf.py",
    "pkg/build/lib/mod.py",
    "pkg/builder/mod.py",
    "my.egg-info/x.py",
    "examples/demo.py",
    "scripts/run.py",
    "third-party/lib/a.py",
    "third_party",
    "src/__main__.py",
)


def test_one_regex_matches_what_each_pattern_matches() -> None:
    for size in (1, 2, 5, len(PATTERNS)):
        for chosen in itertools.islice(itertools.combinations(PATTERNS, size), 60):
            for path in PATHS:
                one_by_one = any(re.fullmatch(_glob_regex(p), path) for p in chosen)
                assert matches_any(path, chosen) == one_by_one, (chosen, path)


def test_patterns_for_any_folder_share_one_prefix() -> None:
    regex = compile_globs(DEFAULT_EXCLUDE)
    assert regex is not None and regex.pattern.count("(?:.*/)?") == 1
    assert matches_any("a/b/build/c.py", DEFAULT_EXCLUDE)
    assert not matches_any("a/builder/c.py", DEFAULT_EXCLUDE)
