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
from codemods.shared.grep_rules import GET_LOGGER, GREP_RULES, ROOT_LOGGING
from codemods.vendor.config import lintrunner_glob_takes

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
    "x = logging.getLogger(__name__)": {GET_LOGGER.code},
    "import logging": set(),
    "mylogging.getLogger()": set(),
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


def _series(out: Path) -> list[str]:
    return [n for n in (out / "series").read_text().split() if not n.startswith("#")]


def test_the_lint_pull_request_lands_clean_and_catches_a_new_root_call(
    sample_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (sample_copy / ".lintrunner.toml").write_text(LINTRUNNER, encoding="utf-8")
    out = tmp_path / "series"
    monkeypatch.chdir(sample_copy)
    assert main(["--vendor", "exir", "backends", "-q", "-j", "1", "--patches", str(out)]) == 0
    names = _series(out)
    [lint] = [n for n in names if "-lint-module-loggers/" in n]
    assert "-torch-logs-hook/" in names[-1] and names.index(lint) == len(names) - 2
    subprocess.run(["git", "init", "-q"], cwd=sample_copy, check=True)
    for name in names:  # the hook's edit of the same file applies after the lint's
        done = subprocess.run(
            ["git", "apply", str(out / name)], cwd=sample_copy, capture_output=True, text=True
        )
        assert done.returncode == 0, f"{name}: {done.stderr}"
    linters = {
        linter["code"]: linter
        for linter in tomllib.loads((sample_copy / ".lintrunner.toml").read_text())["linter"]
    }
    assert {"MYPY", "TORCH_AO_IMPORT", "NEWLINE", "ROOTLOGGING", "GETLOGGER"} <= set(linters)

    def findings(rule) -> list[str]:
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

    assert [findings(rule) for rule in GREP_RULES] == [[], []]
    excluded = linters[ROOT_LOGGING.code]["exclude_patterns"]
    assert any(p.endswith(".py") and "*" not in p for p in excluded), "nothing left: vacuous"
    new = sample_copy / "exir" / "new_pass.py"
    new.write_text('import logging\n\nlogging.info("new")\n', encoding="utf-8")
    assert findings(ROOT_LOGGING) == ["exir/new_pass.py"]
