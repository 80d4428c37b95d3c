"""Arbitrary valid Python never crashes the detector, and every finding slices its source."""

from __future__ import annotations

import re

import hypothesmith
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lint_rules import Config, SourceError, detect_source

CONFIG = Config(script_patterns=(), detect_scripts=False)
PREFIX = "import logging, sys, warnings\nfrom logging import info\n"
SITES = st.sampled_from(
    [
        "",
        "logging.info('x')\n",
        "print('Error: x', file=sys.stderr)\n",
        "warnings.warn('w')\n",
        "logging.getLogger().setLevel(10)\n",
        "raise UserWarning('u')\n",
    ]
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(body=hypothesmith.from_grammar(), site=SITES)
def test_detector_survives_generated_modules(body: str, site: str) -> None:
    text = PREFIX + site + body
    try:
        findings = detect_source(text, "pkg/mod.py", CONFIG)
    except SourceError:
        return  # e.g. a generated `from __future__` that is no longer first
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for f in findings:
        assert 1 <= f.line <= f.end_line and f.col >= 1 and f.end_col >= 1
        if f.line == f.end_line:
            assert lines[f.line - 1][f.col - 1 : f.end_col - 1] == f.source
    if site and not re.search(r"\b(logging|sys|warnings|print|UserWarning|stderr)\b", body):
        assert findings, text  # the body does not rebind the names the site uses
