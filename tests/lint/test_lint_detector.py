"""Detector details: aliases, positions in characters, API-signal warnings, scripts, noqa."""

from __future__ import annotations

import os

import pytest

from lint_rules import Config, SourceError, detect_source

CONFIG = Config()
LIB = "executorch/exir/passes/example.py"


def codes(text: str, path: str = LIB, config: Config = CONFIG) -> list[str]:
    return [f.code for f in detect_source(text, path, config)]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("import logging as lg\nlg.getLogger(__name__)\n", "ETL001"),
        ("from logging import getLogger as gl\ngl()\n", "ETL001"),
        ("import logging.handlers\nlogging.getLogger('')\n", "ETL001"),
        ("from logging import info\ninfo('x')\n", "ETL002"),
        ("from logging import warn as w\nw('x')\n", "ETL002"),
        ("import logging as L\nL.critical('x')\n", "ETL002"),
        ("import sys as _sys\nprint('x', file=_sys.stderr)\n", "ETL003"),
        ("from sys import stderr\nprint('x', file=stderr)\n", "ETL003"),
        ("from sys import stderr as err\nerr.write('x\\n')\n", "ETL003"),
        ("import sys as s\ns.stderr.write('x\\n')\n", "ETL003"),
        ("import warnings as w\nw.warn('x')\n", "ETL004"),
        ("from warnings import warn\nwarn('x', RuntimeWarning)\n", "ETL004"),
        ("from logging import basicConfig as bc\nbc()\n", "ETL005"),
        ("import logging\nroot = logging.getLogger()\nroot.setLevel(10)\n", "ETL005"),
    ],
)
def test_alias_spellings(text: str, code: str) -> None:
    assert code in codes(text)


@pytest.mark.parametrize(
    "text",
    [
        "logging.getLogger(__name__)\n",  # never imported: not the stdlib module
        "from .logging import getLogger\ngetLogger(__name__)\n",
        "import mylogging as logging\nlogging.info('x')\n",
        "import sys\ndef print_it():\n    print('x', file=sys.stdout)\n",
        "def print(*a, **k):\n    pass\n\n\nimport os\nprint('x', file=os.devnull)\n",
        "import warnings\nwarnings.warn('x', DeprecationWarning)\n",
        "import warnings\nwarnings.warn('x', category=PendingDeprecationWarning)\n",
        "import warnings\nwarnings.warn('x', FutureWarning, stacklevel=2)\n",
        "import warnings\nwarnings.warn('x', torch.jit.TorchDeprecationWarning)\n",
        "import warnings\nclass B(FutureWarning): pass\nclass C(B): pass\nwarnings.warn('x', C)\n",
        "import warnings\nclass C(B): pass\nclass B(DeprecationWarning): pass\nwarnings.warn('x', C)\n",
        "class C(FutureWarning): pass\ndef f():\n    raise C('x')\n",
    ],
)
def test_not_sites(text: str) -> None:
    assert codes(text) == []


def test_columns_count_characters_not_bytes() -> None:
    text = "import logging\ns = 'é€'; logging.info('ü')\n"
    (finding,) = detect_source(text, LIB, CONFIG)
    line = text.splitlines()[1]
    assert finding.line == finding.end_line == 2
    assert finding.col == line.index("logging") + 1
    assert finding.end_col == len(line) + 1
    assert finding.source == "logging.info('ü')"


def test_multiline_site_source_and_span() -> None:
    text = "import warnings\n\nwarnings.warn(\n    'long',\n    stacklevel=2,\n)\n"
    (finding,) = detect_source(text, LIB, CONFIG)
    assert (finding.line, finding.col, finding.end_line, finding.end_col) == (3, 1, 6, 2)
    assert finding.source == "warnings.warn(\n    'long',\n    stacklevel=2,\n)"


@pytest.mark.parametrize(
    "path",
    [
        "executorch/exir/tests/test_passes.py",
        "executorch/exir/passes/test_passes.py",
        "executorch/exir/passes/passes_test.py",
        "executorch/backends/arm/test/misc/helpers.py",
        "executorch/backends/arm/conftest.py",
        "examples/models/export.py",
        "executorch/backends/arm/scripts/run.py",
    ],
)
def test_tests_examples_and_script_folders_are_not_library(path: str) -> None:
    text = "import logging\nlogging.basicConfig()\n"
    assert codes(text, path) == []
    assert codes(text, path, Config(script_patterns=(), detect_scripts=False)) == ["ETL005"]


def test_main_guard_and_argparse_make_a_script() -> None:
    body = "import sys\n\n\ndef main():\n    print('Error: x', file=sys.stderr)\n"
    assert codes(body) == ["ETL003"]
    assert codes(body + "\n\nif __name__ == '__main__':\n    main()\n") == []
    assert codes(body + "\n\nif '__main__' == __name__:\n    main()\n") == []
    parser = "import argparse\np = argparse.ArgumentParser()\n"
    assert codes(body + parser) == ["ETL003"]  # builds a parser but never parses: library
    assert codes(body + parser + "a = p.parse_args()\n") == []
    guarded = body + "\n\nif __name__ == '__main__':\n    main()\n"
    assert codes(guarded, LIB, Config(detect_scripts=False)) == ["ETL003"]


def test_noqa() -> None:
    text = (
        "import logging\n"
        "logging.info('a')  # noqa: ETL002\n"
        "logging.info('b')  # noqa\n"
        "logging.info('c')  # noqa: E501\n"
        "logging.info('d')  # noqa:ETL001,ETL002\n"
        "logging.info('e')  # NOQA: etl002\n"
        "logging.info(\n    'f',\n)  # noqa: ETL002\n"
        "logging.info('g')  # noqa: ETL001\n"
    )
    found = [f.source for f in detect_source(text, LIB, CONFIG)]
    assert found == ["logging.info('c')", "logging.info('g')"]


def test_select_and_ignore() -> None:
    text = "import logging\nlogging.basicConfig()\nlogging.info('x')\n"
    assert codes(text) == ["ETL005", "ETL002"] or sorted(codes(text)) == ["ETL002", "ETL005"]
    assert codes(text, LIB, Config(select=("ETL002",))) == ["ETL002"]
    assert codes(text, LIB, Config(ignore=("ETL002",))) == ["ETL005"]
    assert codes(text, LIB, Config(select=("ETL00",), ignore=("ETL005",))) == ["ETL002"]


def test_unparsable_source_raises_with_line() -> None:
    with pytest.raises(SourceError) as info:
        detect_source("import logging\n\ndef f(:\n    logging.info('x')\n", LIB, CONFIG)
    assert info.value.path == LIB and info.value.line == 3
    assert "not Python: invalid syntax" in str(info.value)


def test_prefilter_skips_files_without_candidate_words() -> None:
    # Would not parse, but cannot hold a site: skipped without parsing.
    assert detect_source("def f(:\n    return 1\n", LIB, CONFIG) == []


def test_root_logger_config_is_not_also_etl001_or_etl006() -> None:
    text = "import logging\nlogging.getLogger('').setLevel(logging.INFO)\n"
    assert codes(text) == ["ETL005"]
    text = "import logging\nlogging.getLogger('executorch').setLevel(logging.INFO)\n"
    assert sorted(codes(text)) == ["ETL001", "ETL006"]


def _slice(text: str, f) -> str:
    lines = text.split("\n")
    if f.line == f.end_line:
        return lines[f.line - 1][f.col - 1 : f.end_col - 1]
    parts = [lines[f.line - 1][f.col - 1 :], *lines[f.line : f.end_line - 1]]
    return "\n".join([*parts, lines[f.end_line - 1][: f.end_col - 1]])


def test_positions_slice_out_the_source_for_every_example() -> None:
    from lint_rules.rules import ALL_RULES

    seen = 0
    for rule in ALL_RULES:
        for example in rule.invalid:
            for finding in detect_source(example.code, example.path, CONFIG):
                assert _slice(example.code, finding) == finding.source
                seen += 1
    assert seen >= 40


def test_crlf_bom_and_tabs() -> None:
    text = "\ufeffimport logging\r\n\r\nif True:\r\n\tlogging.info('é')\r\n"
    (finding,) = detect_source(text, LIB, CONFIG)
    assert (finding.line, finding.col, finding.end_col) == (4, 2, 19)
    assert finding.source == "logging.info('é')"


def test_detect_file_decodes_like_python(tmp_path) -> None:
    from lint_rules import detect_file

    latin = tmp_path / "latin.py"
    latin.write_bytes(b"# -*- coding: latin-1 -*-\nimport logging\nlogging.info('caf\xe9')\n")
    (finding,) = detect_file(str(latin), CONFIG)
    assert finding.source == "logging.info('café')" and finding.col == 1
    broken = tmp_path / "broken.py"
    broken.write_bytes(b"import logging\nlogging.info('caf\xe9')\n")
    with pytest.raises(SourceError, match="broken.py:2: not UTF-8 text: byte 0xe9 at offset 32"):
        detect_file(str(broken), CONFIG)
    bogus = tmp_path / "bogus.py"
    bogus.write_bytes(b"# coding: no-such-codec\nimport logging\nlogging.info('x')\n")
    with pytest.raises(SourceError, match="bogus.py:1: not text: unknown encoding"):
        detect_file(str(bogus), CONFIG)
    with pytest.raises(SourceError, match="cannot read"):
        detect_file(str(tmp_path / "missing.py"), CONFIG)
    nul = tmp_path / "nul.py"
    nul.write_bytes(b"import logging\nlogging.info('x')\x00\n")
    with pytest.raises(SourceError, match="not Python: source code string cannot contain null"):
        detect_file(str(nul), CONFIG)


def test_read_source_reads_whole_files_and_refuses_what_is_not_one(tmp_path, monkeypatch) -> None:
    from lint_rules import detector
    from lint_rules.detector import read_source

    big = tmp_path / "big.py"
    big.write_bytes(b"x = 1  # \xc3\xa9\n" * 50_000)  # larger than one read of the fallback loop
    assert read_source(str(big)) == big.read_bytes()
    empty = tmp_path / "empty.py"
    empty.write_bytes(b"")
    assert read_source(str(empty)) == b""
    with pytest.raises(SourceError, match="not a regular file"):
        read_source(str(tmp_path))
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.py")  # opening it to read would wait for a writer
        with pytest.raises(SourceError, match="not a regular file"):
            read_source(str(tmp_path / "pipe.py"))
    # a device is refused before it is opened (opening some has effects: a tty, a watchdog)
    (tmp_path / "device.py").symlink_to(os.devnull)
    opened: list[str] = []
    real_open = os.open
    monkeypatch.setattr(detector.os, "open", lambda p, *a: opened.append(p) or real_open(p, *a))
    with pytest.raises(SourceError, match="not a regular file"):
        read_source(str(tmp_path / "device.py"))
    assert opened == []
    assert read_source(str(empty)) == b"" and opened == [str(empty)]


def test_prefilter_needs_a_site_spelling() -> None:
    from lint_rules.detector import may_contain_sites

    assert not may_contain_sites(b"import os\nprinter = os.sep\n")
    assert may_contain_sites(b"import os\nprint('hello')\n")  # ETL008 may find it
    ignore = Config(ignore=("ETL008",))
    assert not may_contain_sites(b"import os\nprint('hello')\n", ignore)
    assert not may_contain_sites(b"# logging is discussed here\nx = 1\n")
    for text in (
        b"import logging as lg\n",
        b"from logging import info\n",
        b"logging.debug('x')\n",
        b"from sys import stderr\n",
        b"from warnings import warn\n",
        b"raise UserWarning\n",
        b"class A(UserWarning): pass\n",
        b"log.setLevel(1)\n",
    ):
        assert may_contain_sites(text), text


@pytest.mark.parametrize(
    ("use", "fixable"),
    [
        ("logging.getLogger().isEnabledFor(logging.DEBUG)", True),
        ("logging.getLogger().level", False),  # the root's own level; in a gate: ETL009
        ("logging.getLogger('').info('x')", True),
        ("root = logging.getLogger()", True),
        ("logging.getLogger().handlers.clear()", False),
        ("logging.getLogger().removeHandler(h)", False),
        ("configure(logging.getLogger())", False),
        ("logging.getLogger(__name__).handlers.clear()", True),
    ],
)
def test_root_logger_is_fixable_only_where_the_meaning_stays(use: str, fixable: bool) -> None:
    text = f"import logging\n\n\ndef f(h):\n    {use}\n"
    (finding,) = [f for f in detect_source(text, LIB, CONFIG) if f.code == "ETL001"]
    assert finding.fixable is fixable
    assert fixable or "review" in finding.reason


def test_a_root_logger_a_level_gate_reads_is_the_gates_site() -> None:
    text = "import logging\n\n\ndef f(g):\n    if logging.getLogger().level <= 20:\n        g()\n"
    assert [(f.code, f.fixable) for f in detect_source(text, LIB, CONFIG)] == [("ETL009", True)]


def test_a_level_from_a_helper_is_kept_for_review_with_the_helper_named() -> None:
    """A level a helper elsewhere computes (Core ML's `get_coreml_log_level`, which reads
    ET_COREML_LOG_LEVEL) may be a setting users rely on: the advice is not a plain "delete it"."""
    text = (
        "import logging\nfrom .logs import get_level\n\nlogger = logging.getLogger(__name__)\n"
        "logger.setLevel(get_level(default_level=logging.INFO))\n"
    )
    (finding,) = [
        f
        for f in detect_source(text, "executorch/backends/apple/coreml/p.py", Config())
        if f.code == "ETL006"
    ]
    assert not finding.fixable
    assert "if get_level() reads a setting users rely on" in finding.reason
    assert "return logging.NOTSET when the setting is unset" in finding.reason
    assert "TORCH_LOGS=coreml / +coreml decide" in finding.reason


def test_a_helper_already_asked_for_notset_is_not_told_to_return_it() -> None:
    """Review 17, T2: after `coreml-log-level-default` the helper's default is NOTSET; the review
    item says the suggestion is followed, not the suggestion again."""
    text = (
        "import logging\nfrom .logs import get_level\n\nlogger = logging.getLogger(__name__)\n"
        "logger.setLevel(get_level(default_level=logging.NOTSET))\n"
    )
    (finding,) = [
        f
        for f in detect_source(text, "executorch/backends/apple/coreml/p.py", Config())
        if f.code == "ETL006"
    ]
    assert not finding.fixable
    assert "its default is NOTSET already" in finding.reason
    assert "return logging.NOTSET when the setting is unset" not in finding.reason
