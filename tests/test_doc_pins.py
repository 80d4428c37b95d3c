"""The commit the docs pin et-log at (pre-commit's `rev:`, the pip and lintrunner lines) is the last
commit that changed what the hook runs: checked on this repository's own history, and on made-up
histories where a pin goes stale, `scripts/update_pins.py` rewrites it, and a docs-only commit
keeps it right."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import update_pins  # noqa: E402  (a maintainer's script, not a package)

DOC = """# Installing

pip install "et-log @ git+<et-log repository URL>@{commit}"

```yaml
  - repo: <et-log repository URL>
    rev: {commit}  # a commit of main
```
"""


def _git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    done = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _commit(repo: Path, files: dict[str, str], message: str) -> str:
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", message)
    return _git(repo, "rev-parse", "HEAD")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """An et-log-shaped repository whose docs pin the commit that added the lint."""
    repo = tmp_path / "et-log"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    lint = _commit(repo, {"lint_rules/cli.py": "v1\n", "pyproject.toml": "[project]\n"}, "the lint")
    _commit(repo, {"docs/lint.md": DOC.format(commit=lint), "README.md": "hi\n"}, "docs: pin it")
    return repo


def test_this_repository_pins_the_last_commit_that_changed_the_hook() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no history to check the docs' pins against")
    pins = update_pins.find_pins(ROOT)
    assert {"docs/lint.md", "docs/MIGRATION.md"} <= {pin.path for pin in pins}, pins
    assert len({pin.commit for pin in pins}) == 1, "the docs must pin one commit everywhere"
    try:
        found = update_pins.problems(ROOT)
    except update_pins.HistoryMissing as missing:
        pytest.skip(f"{missing}: a shallow clone lacks the history (clone without --depth)")
    assert found == [], "\n".join([*found, "fix: scripts/update_pins.py, commit the docs"])


def test_a_pin_older_than_the_last_lint_change_fails(repo: Path) -> None:
    assert update_pins.problems(repo) == []
    _commit(repo, {"README.md": "docs only\n"}, "docs: words")  # changes nothing the hook runs
    assert update_pins.problems(repo) == []
    _commit(repo, {"lint_rules/cli.py": "v2\n"}, "lint: a new rule")
    found = update_pins.problems(repo)
    assert len(found) == 2 and all("later commit(s) changed what the hook runs" in p for p in found)
    assert found[0].startswith("docs/lint.md:3: ") and "lint: a new rule" in found[0], found
    assert found[1].startswith("docs/lint.md:7: "), found
    assert update_pins.main(["--check"], root=repo) == 1


def test_each_hook_input_moves_the_pin(repo: Path) -> None:
    for rel in update_pins.HOOK_INPUTS:
        target = f"{rel}/x.py" if "." not in rel else rel
        _commit(repo, {target: f"changed {rel}\n"}, f"change {rel}")
        assert update_pins.problems(repo), f"a change to {rel} must make the pin stale"
        assert update_pins.main([], root=repo) == 0
        _git(repo, "commit", "-qam", "docs: pin")
        assert update_pins.problems(repo) == []


def test_the_script_pins_the_last_input_commit_and_a_docs_commit_keeps_it(repo: Path) -> None:
    new = _commit(repo, {"lint_rules/cli.py": "v2\n"}, "lint: a new rule")
    assert update_pins.main([], root=repo) == 0
    assert {pin.commit for pin in update_pins.find_pins(repo)} == {new}
    _git(repo, "commit", "-qam", "docs: pin et-log at the new rule")  # a commit cannot pin itself
    assert update_pins.problems(repo) == []
    assert update_pins.main(["--check"], root=repo) == 0
    assert update_pins.main([], root=repo) == 0 and _git(repo, "status", "--porcelain") == ""


def test_the_script_refuses_uncommitted_lint_changes(repo: Path) -> None:
    (repo / "lint_rules" / "cli.py").write_text("v3, not committed\n", encoding="utf-8")
    before = (repo / "docs" / "lint.md").read_text(encoding="utf-8")
    assert update_pins.main([], root=repo) == 1
    assert (repo / "docs" / "lint.md").read_text(encoding="utf-8") == before


def test_a_pin_outside_the_history_or_abbreviated_is_stale(repo: Path) -> None:
    text = (repo / "docs" / "lint.md").read_text(encoding="utf-8")
    lint = update_pins.find_pins(repo)[0].commit
    _git(repo, "checkout", "-qb", "side")
    side = _commit(repo, {"lint_rules/cli.py": "side\n"}, "a branch never merged")
    _git(repo, "checkout", "-q", "main")
    for pin, why in (
        ("f" * 40, "is not a commit of this repository"),
        (side, "is not in the history of HEAD"),
        (lint[:12], "is not a full commit hash"),
    ):
        (repo / "docs" / "lint.md").write_text(text.replace(lint, pin), encoding="utf-8")
        found = update_pins.problems(repo)
        assert found and all(why in problem for problem in found), (pin, found)


def test_a_shallow_clone_without_the_pinned_commit_says_so(repo: Path, tmp_path: Path) -> None:
    _commit(repo, {"README.md": "a later docs commit\n"}, "docs: more")
    shallow = tmp_path / "shallow"
    _git(tmp_path, "clone", "-q", "--depth", "1", repo.as_uri(), str(shallow))
    with pytest.raises(update_pins.HistoryMissing, match="not in this shallow clone"):
        update_pins.problems(shallow)
