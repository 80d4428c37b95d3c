"""The opt-in result cache: reused for unchanged files only, keyed by the lint and config."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import lint_rules.runner as runner
from lint_rules.cli import main

SITE = "import logging\n\n\ndef f():\n    logging.info('x')\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 't'\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()  # the project root, where the cache lives
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text(SITE, encoding="utf-8")
    (tmp_path / "pkg" / "b.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "pkg" / "c.py").write_text("def f(:\n    logging.info('x')\n", encoding="utf-8")
    return tmp_path


def lint(repo: Path, capsys, *extra: str) -> tuple[int, dict]:
    code = main([str(repo / "pkg"), "--format", "json", "--cache", *extra])
    return code, json.loads(capsys.readouterr().out)


def test_second_run_is_served_from_the_cache(repo: Path, capsys, monkeypatch) -> None:
    first = lint(repo, capsys)
    assert first[0] == 2 and len(first[1]["findings"]) == 1 and len(first[1]["errors"]) == 1
    cache = repo / ".et-log-cache"
    assert (cache / ".gitignore").read_text(encoding="utf-8").strip().endswith("*")
    assert len(list(cache.glob("lint-*.pickle"))) == 1

    def boom(path, data, config, *rest):
        raise AssertionError(f"{path} linted again")

    monkeypatch.setattr(runner, "detect_data", boom)
    assert lint(repo, capsys) == first


def test_changed_file_is_linted_again(repo: Path, capsys, monkeypatch) -> None:
    lint(repo, capsys)
    seen: list[str] = []
    real = runner.detect_data

    def spy(path, data, config, *rest):
        seen.append(Path(path).name)
        return real(path, data, config, *rest)

    monkeypatch.setattr(runner, "detect_data", spy)
    (repo / "pkg" / "b.py").write_text(SITE + SITE, encoding="utf-8")
    code, doc = lint(repo, capsys)
    assert seen == ["b.py"]
    assert sorted(Path(f["path"]).name for f in doc["findings"]) == ["a.py", "b.py", "b.py"]


def test_other_config_does_not_reuse_results(repo: Path, capsys) -> None:
    lint(repo, capsys)
    code, doc = lint(repo, capsys, "--select", "ETL004")
    assert doc["findings"] == []
    assert len(list((repo / ".et-log-cache").glob("lint-*.pickle"))) == 2


def test_corrupt_cache_is_ignored(repo: Path, capsys) -> None:
    lint(repo, capsys, "--cache-dir", str(repo / "c"))
    (file,) = (repo / "c").glob("lint-*.pickle")
    file.write_bytes(b"not a pickle")
    code, doc = lint(repo, capsys, "--cache-dir", str(repo / "c"))
    assert code == 2 and len(doc["findings"]) == 1
    assert file.read_bytes() != b"not a pickle"
