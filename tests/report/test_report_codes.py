"""The reason-code table: well formed, and in docs/delegation.md exactly as the code has it."""

from __future__ import annotations

import re

from et_log_report import docs
from et_log_report.codes import BACKENDS, CODES, describe

CODE = re.compile(r"^(?:[A-Z]+\.)?[A-Z][A-Z_]*$")


def test_the_page_is_generated_from_the_code() -> None:
    text = docs.PAGE.read_text(encoding="utf-8")
    assert docs.render(text) == text, (
        "docs/delegation.md is stale: run python -m et_log_report.docs"
    )
    for entry in CODES:
        assert f"| `{entry.code}` | {entry.cause} | {entry.action} |" in text


def test_a_stale_page_is_caught(tmp_path, monkeypatch) -> None:
    page = tmp_path / "delegation.md"
    page.write_text(docs.PAGE.read_text(encoding="utf-8").replace("XNN.DTYPE", "XNN.DTYP"))
    monkeypatch.setattr(docs, "PAGE", page)
    assert docs.main(["--check"]) == 1
    assert docs.main([]) == 0 and docs.main(["--check"]) == 0


def test_codes_are_unique_and_prefixed_by_a_known_backend() -> None:
    names = [entry.code for entry in CODES]
    assert len(names) == len(set(names))
    assert all(CODE.match(name) for name in names), names
    assert {entry.prefix for entry in CODES} <= set(BACKENDS)
    assert all(entry.cause.endswith(".") and entry.action for entry in CODES)
    assert describe("XNN.CONSTRAINT") is not None and describe("NEWER.CODE") is None


def test_every_core_code_the_runtime_writes_is_in_the_table() -> None:
    from et_log_runtime import partition_report

    with open(partition_report.__file__, encoding="utf-8") as handle:
        words = set(re.findall(r'"([A-Z][A-Z_]{4,})"', handle.read()))
    codes = words - {partition_report.CRITICAL_ENV}
    core = {entry.code for entry in CODES if not entry.prefix}
    assert codes and codes <= core  # the core decides these: no backend's prefix
