"""Property tests: migrate never crashes, its output compiles, only sites change, a second run is
a no-op, the lint never crashes — on generated logging-heavy modules and hypothesmith programs.

Bounded and derandomized for CI; `bench/fuzz.py` runs the long campaign with the same checks.
"""

from __future__ import annotations

import warnings

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from robustness_props import DEFAULT_PATH, PropertyFailure, check_source
from robustness_snippets import injected_program, logging_module

from codemods import pipeline as engine
from codemods.write.worker import init_worker, migrate_file
from lint_rules import Config


def ci(examples: int) -> settings:
    """Deterministic and database-free, so CI sees the same examples on every run."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


@pytest.fixture(autouse=True)
def _quiet_syntax_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        yield


@ci(300)
@given(logging_module())
def test_generated_logging_modules_keep_every_property(text: str) -> None:
    check_source(text)


@ci(100)
@given(logging_module())
def test_a_vendored_runtime_import_keeps_every_property(text: str) -> None:
    config = Config(runtime_import="executorch._logging")
    check_source(text, config, "executorch/backends/xnnpack/partition/config.py")


@ci(60)
@given(injected_program(hypothesmith.from_grammar()))
def test_grammar_programs_with_sites_keep_every_property(text: str) -> None:
    check_source(text)


@ci(40)
@given(injected_program(hypothesmith.from_node()))
def test_node_programs_with_sites_keep_every_property(text: str) -> None:
    check_source(text)


@ci(200)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_arbitrary_text_never_crashes_lint_or_migrate(text: str) -> None:
    check_source("import logging\nlogging.info('x')\n" + text)
    check_source(text)


def _migrate_file(tmp_path, data: bytes) -> bytes:
    target = tmp_path / "executorch" / "exir" / "mod.py"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    init_worker(Config())
    outcome = migrate_file((DEFAULT_PATH, str(target), "write"))
    assert outcome.error is None or target.read_bytes() == data, outcome.error
    return target.read_bytes()


@ci(40)
@given(text=logging_module())
def test_crlf_files_migrate_like_lf_and_stay_crlf(tmp_path_factory, text: str) -> None:
    tmp_path = tmp_path_factory.mktemp("crlf")
    expected = engine.migrate_source(text, DEFAULT_PATH, Config())
    data = _migrate_file(tmp_path, text.replace("\n", "\r\n").encode("utf-8"))
    if expected.error is not None:
        return
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert data.replace(b"\r\n", b"\n") == expected.new_text.encode("utf-8")


@ci(40)
@given(text=logging_module())
def test_latin1_cookie_files_keep_their_encoding(tmp_path_factory, text: str) -> None:
    tmp_path = tmp_path_factory.mktemp("latin1")
    cookie = "# -*- coding: latin-1 -*-\n"
    source = cookie + text.replace("✓", "§")
    expected = engine.migrate_source(source, DEFAULT_PATH, Config())
    data = _migrate_file(tmp_path, source.encode("latin-1"))
    if expected.error is None:
        assert data == expected.new_text.encode("latin-1")
        assert data.startswith(cookie.encode())


@ci(40)
@given(text=logging_module())
def test_bom_files_keep_their_bom(tmp_path_factory, text: str) -> None:
    tmp_path = tmp_path_factory.mktemp("bom")
    expected = engine.migrate_source(text, DEFAULT_PATH, Config())
    data = _migrate_file(tmp_path, b"\xef\xbb\xbf" + text.encode("utf-8"))
    if expected.error is None:
        assert data == b"\xef\xbb\xbf" + expected.new_text.encode("utf-8")


def test_the_checks_catch_a_rewrite_that_touches_other_code(monkeypatch) -> None:
    """The oracle is independent of the codemod's guard: corrupt the output and it must fail."""
    real = engine.migrate_source

    def corrupting(text, path, config, **kwargs):
        result = real(text, path, config, **kwargs)
        if result.changed:
            result.new_text = result.new_text.replace("x = 1", "x = 2")
        return result

    monkeypatch.setattr("robustness_props.migrate_source", corrupting)
    source = "import logging\nx = 1\n\n\ndef f():\n    logging.info('hi')\n"
    with pytest.raises(PropertyFailure, match="holds no rewritten site"):
        check_source(source)


def test_the_checks_catch_a_second_run_that_changes_more(monkeypatch) -> None:
    real = engine.migrate_source
    calls = []

    def drifting(text, path, config, **kwargs):
        calls.append(text)
        result = real(text, path, config, **kwargs)
        if len(calls) == 2:
            result.new_text += "\n"
        return result

    monkeypatch.setattr("robustness_props.migrate_source", drifting)
    with pytest.raises(PropertyFailure, match="second run"):
        check_source("import logging\n\n\ndef f():\n    logging.info('hi')\n")
