"""The series' lint pull request: two `grep_linter` entries in ExecuTorch's `.lintrunner.toml`
whose patterns `grep -E` and Python read alike, and whose exclusions make the landed series
lint-clean while a new root-logger call fails."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from codemods.migrate import main
from codemods.report.tally import Tally
from codemods.shared.grep_rules import GET_LOGGER, GREP_RULES, ROOT_LOGGING
from codemods.vendor.config import lintrunner_glob_takes
from codemods.vendor.lint_pr import lint_folders, still_matching

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest's own dependency reads TOML there
    import tomli as tomllib

LINES = {
    'logging.info("x")': {ROOT_LOGGING.code},
    '    logging.warning(f"{x}")': {ROOT_LOGGING.code},
    "\tlogging.log(logging.INFO, 'x')": {ROOT_LOGGING.code},
    'logger.info("x")': set(),
    '# logging.info("x")': set(),
    'x = 1  # then logging.info("x")': set(),
    'if verbose: logging.info("x")': {ROOT_LOGGING.code},
    "logging.basicConfig(level=logging.INFO)": {ROOT_LOGGING.code},
    "logging.root.setLevel(logging.INFO)": {ROOT_LOGGING.code},
    "handlers = logging.root.handlers": {ROOT_LOGGING.code},
    "logging.rootless = 1": set(),
    'self.logging.info("x")': set(),
    "x = logging.getLogger(__name__)": {GET_LOGGER.code},
    "log = (logging.getLogger(name))": {GET_LOGGER.code},
    "import logging": set(),
    "mylogging.getLogger()": set(),
    "my_logging.getLogger()": set(),
    "logging.INFO": set(),
    "logging.disable(logging.INFO)": {ROOT_LOGGING.code},
    "logging.captureWarnings(True)": {ROOT_LOGGING.code},
}

LINTRUNNER = """\
[[linter]]
code = 'MYPY'
include_patterns = [
    'exir/**/*.py',
]
command = ['python', '-m', 'lintrunner_adapters', 'run', 'mypy_linter', '--', '@{{PATHSFILE}}']

[[linter]]
code = "TORCH_AO_IMPORT"
include_patterns = ["**/*.py"]
command = ["python", "-m", "lintrunner_adapters", "run", "grep_linter", "--", "@{{PATHSFILE}}"]

[[linter]]
code = 'NEWLINE'
include_patterns = ['**']
command = ['python', '-m', 'lintrunner_adapters', 'run', 'newlines_linter', '--', '@{{PATHSFILE}}']
"""


@pytest.mark.skipif(shutil.which("grep") is None, reason="no grep on this machine")
@pytest.mark.parametrize("rule", GREP_RULES, ids=lambda r: r.code)
def test_grep_and_python_read_each_pattern_alike(rule, tmp_path: Path) -> None:
    """lintrunner runs `grep -nEHI pattern`; the series lists its exclusions with Python's `re`."""
    sample = tmp_path / "lines.py"
    sample.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    done = subprocess.run(
        ["grep", "-nE", rule.pattern, str(sample)], capture_output=True, text=True
    )
    by_grep = {int(line.split(":", 1)[0]) for line in done.stdout.splitlines()}
    by_re = {i for i, line in enumerate(LINES, 1) if re.search(rule.pattern, line)}
    expected = {i for i, (_, codes) in enumerate(LINES.items(), 1) if rule.code in codes}
    assert by_grep == by_re == expected


def _linters(root: Path) -> dict[str, dict]:
    text = (root / ".lintrunner.toml").read_text()
    return {linter["code"]: linter for linter in tomllib.loads(text)["linter"]}


def _series(out: Path) -> list[str]:
    return [n for n in (out / "series").read_text().split() if not n.startswith("#")]


def test_the_lint_pull_request_lands_clean_and_catches_a_new_root_call(
    sample_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (sample_copy / ".lintrunner.toml").write_text(LINTRUNNER, encoding="utf-8")
    # a package the wheel ships that the run does not migrate, and an application folder
    for folder, text in (
        ("export", "logging.basicConfig()\n"),
        ("examples", 'logging.info("x")\n'),
    ):
        (sample_copy / folder).mkdir()
        (sample_copy / folder / "tool.py").write_text(f"import logging\n{text}", encoding="utf-8")
        (sample_copy / "src" / "executorch").mkdir(parents=True, exist_ok=True)
        (sample_copy / "src" / "executorch" / folder).symlink_to(f"../../{folder}")
    out = tmp_path / "series"
    monkeypatch.chdir(sample_copy)
    assert main(["--vendor", "exir", "backends", "-q", "-j", "1", "--patches", str(out)]) == 0
    names = _series(out)
    [lint] = [n for n in names if "-lint-module-loggers/" in n]
    [prune] = [n for n in names if "-lint-migrated-files/" in n]
    assert "-logging-runtime/" in names[0] and names.index(lint) == 1, "enforced from the start"
    assert "-torch-logs-hook/" in names[-1] and names.index(prune) == len(names) - 2

    def findings(rule, linters: dict[str, dict]) -> list[str]:
        linter = linters[rule.code]
        assert f"--pattern={rule.pattern}" in linter["command"]
        found = []
        for path in sorted(sample_copy.rglob("*.py")):
            rel = path.relative_to(sample_copy).as_posix()
            taken = any(lintrunner_glob_takes(g, rel) for g in linter["include_patterns"])
            if taken and not any(lintrunner_glob_takes(g, rel) for g in linter["exclude_patterns"]):
                text = path.read_text(encoding="utf-8", errors="replace")
                found += [rel] if rule.matches(text) else []
        return found

    subprocess.run(["git", "init", "-q"], cwd=sample_copy, check=True)
    excluded_at_first: list[str] = []
    for name in names:  # the hook's edit of the same file applies after the lint's
        done = subprocess.run(
            ["git", "apply", str(out / name)], cwd=sample_copy, capture_output=True, text=True
        )
        assert done.returncode == 0, f"{name}: {done.stderr}"
        if name == lint:  # the tree before any migration: clean, every match excluded
            linters = _linters(sample_copy)
            assert [findings(rule, linters) for rule in GREP_RULES] == [[], []]
            excluded_at_first = linters[ROOT_LOGGING.code]["exclude_patterns"]
    linters = _linters(sample_copy)
    assert {"MYPY", "TORCH_AO_IMPORT", "NEWLINE", "ROOTLOGGING", "GETLOGGER"} <= set(linters)
    dropped = set(excluded_at_first) - set(linters[ROOT_LOGGING.code]["exclude_patterns"])
    assert dropped, "the last lint pull request dropped no migrated file: vacuous"

    assert [findings(rule, linters) for rule in GREP_RULES] == [[], []]
    assert "export/**/*.py" in linters[ROOT_LOGGING.code]["include_patterns"]
    assert not any("examples" in p for p in linters[ROOT_LOGGING.code]["include_patterns"])
    excluded = linters[ROOT_LOGGING.code]["exclude_patterns"]
    assert "export/tool.py" in excluded, "a shipped package's set-up is listed for its owner"
    assert "logs/**/*.py" in linters[GET_LOGGER.code]["include_patterns"]
    assert "logs/__init__.py" in linters[GET_LOGGER.code]["exclude_patterns"]
    assert any(p.endswith(".py") and "*" not in p for p in excluded), "nothing left: vacuous"
    new = sample_copy / "exir" / "new_pass.py"
    new.write_text('import logging\n\nlogging.info("new")\n', encoding="utf-8")
    assert findings(ROOT_LOGGING, linters) == ["exir/new_pass.py"]


def test_a_folder_that_sets_up_its_own_logging_is_excluded_file_by_file(tmp_path: Path) -> None:
    """Only its files that match are listed, so a new file there is linted."""
    own = tmp_path / "backends" / "mlx"
    own.mkdir(parents=True)
    (own / "_logging.py").write_text("import logging\nlog = logging.getLogger('mlx')\n")
    (own / "quiet.py").write_text("x = 1\n")
    (tmp_path / "exir").mkdir()
    (tmp_path / "exir" / "a.py").write_text("import logging\nlogging.info('x')\n")
    folders = lint_folders(tmp_path, ["backends", "exir/"], "executorch.logs")
    left = still_matching(tmp_path, folders, Tally(), ["backends/mlx"])
    assert folders == ["backends", "exir", "logs"]  # the runtime's own, not yet on disk
    assert left[GET_LOGGER.code].own_setup == ["backends/mlx/_logging.py"]
    assert left[GET_LOGGER.code].to_migrate == []
    assert left[ROOT_LOGGING.code].to_migrate == ["exir/a.py"]
