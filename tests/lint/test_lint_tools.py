"""The lint with the real tools, set up word for word as the docs say: pre-commit and lintrunner
against a fresh clone of this repository (no tags: et-log publishes none) at the commit of main
the docs pin, on a small ExecuTorch-shaped repository and (marker e2e, with
`ET_LOG_EXECUTORCH_SRC`) on a clone of ExecuTorch main; SARIF output against the SARIF 2.1.0 JSON
schema, and libcst's own CLI with each command docs/codemod.md shows.

pip installs et-log's hook from the wheel folder `scripts/bootstrap.sh` fills (`PIP_NO_INDEX`),
never from an index: the same variables docs/lint.md gives for offline installs. Only ExecuTorch's
`lintrunner init` (its whole requirements-lintrunner.txt) uses the configured index."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urljoin

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
WHEELS = Path(sys.prefix) / "wheelhouse"
SCHEMA = ROOT / "tests" / "data" / "sarif" / "sarif-schema-2.1.0.json"
# The commit docs/lint.md pins: a full hash in the first install line.
PINNED = re.compile(r"et-log @ git\+<et-log repository URL>@([0-9a-f]{40})\b")
OLD_SITE = "import logging\n\n\ndef f():\n    logging.info('old')\n"
NEW_SITE = "\n\ndef g():\n    logging.warning('new')\n"
EXECUTORCH = os.environ.get("ET_LOG_EXECUTORCH_SRC")


def doc_block(doc: str, heading: str, lang: str, index: int = 0) -> str:
    """The `index`-th ```lang block of the section `heading` of docs/`doc`."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    section = text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(rf"```{lang}\n(.*?)```", section, re.S)[index]


def offline_env(**extra: str) -> dict[str, str]:
    """The environment with pip pointed at the wheel folder only (no index, no config file)."""
    assert (WHEELS / ".complete").is_file(), f"{WHEELS} missing: run scripts/bootstrap.sh"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "VIRTUALENV_"))}
    env.update(
        PIP_NO_INDEX="1",
        PIP_FIND_LINKS=str(WHEELS),
        PIP_CONFIG_FILE=os.devnull,
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        VIRTUALENV_NO_PERIODIC_UPDATE="1",
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.com",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.com",
        PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    env.update(extra)
    return env


def index_env() -> dict[str, str]:
    """The environment with pip's own configuration (its index), for what the wheel folder lacks;
    the wheel folder still first."""
    env = offline_env()
    del env["PIP_NO_INDEX"], env["PIP_CONFIG_FILE"]
    env.update({k: v for k, v in os.environ.items() if k.startswith("PIP_")})
    env["PIP_FIND_LINKS"] = " ".join(filter(None, [str(WHEELS), os.environ.get("PIP_FIND_LINKS")]))
    return env


def run(
    cmd: list[str] | str, cwd: Path, env: dict[str, str], timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    args = shlex.split(cmd) if isinstance(cmd, str) else cmd
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def git(cwd: Path, *args: str) -> None:
    done = run(["git", *args], cwd, offline_env())
    assert done.returncode == 0, done.stderr


def pinned_commit() -> str:
    """The commit docs/lint.md's install lines pin."""
    found = PINNED.search((ROOT / "docs" / "lint.md").read_text(encoding="utf-8"))
    assert found, "docs/lint.md: no install line pinning a full commit hash"
    return found.group(1)


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """A fresh clone of this repository, as a user makes one (`git clone`), without any tag;
    the commit the docs pin must be in its history."""
    dest = tmp_path_factory.mktemp("clone") / "et-log"
    done = run(["git", "clone", "-q", "--no-tags", str(ROOT), str(dest)], ROOT, offline_env())
    assert done.returncode == 0, done.stderr
    tags = run(["git", "tag", "--list"], dest, offline_env())
    assert tags.stdout == "", f"the clone has tags: {tags.stdout}"
    commit = pinned_commit()
    ancestor = run(["git", "merge-base", "--is-ancestor", commit, "HEAD"], dest, offline_env())
    assert ancestor.returncode == 0, (
        f"docs/lint.md pins {commit}, which is not in this repository's history: pin a commit "
        "of main instead (docs/lint.md, 'Installing et-log', says how to pick one)"
    )
    return dest


def target(where: Path) -> Path:
    """A git repository laid out like ExecuTorch: grandfathered sites in the baseline's four
    folders, one in a folder outside them; no pyproject.toml at the top."""
    for rel in (
        "exir/common.py",
        "backends/xnnpack/partition.py",
        "extension/export.py",
        "devtools/inspector.py",
        "examples/tool.py",
    ):
        (where / rel).parent.mkdir(parents=True, exist_ok=True)
        (where / rel).write_text(OLD_SITE, encoding="utf-8")
    git(where, "init", "-q")
    git(where, "add", "-A")
    git(where, "commit", "-qm", "the tree as it is")
    return where


def shift_lines(path: Path) -> None:
    path.write_text("# a comment\n\n" + path.read_text(encoding="utf-8"), encoding="utf-8")


def executorch_main(where: Path) -> Path:
    """A fresh clone of ExecuTorch main (ET_LOG_EXECUTORCH_SRC), its branch named main."""
    assert EXECUTORCH
    source = Path(EXECUTORCH)
    if (source / ".git").exists():
        done = run(["git", "clone", "-q", str(source), str(where)], where.parent, offline_env())
        assert done.returncode == 0, done.stderr
    else:
        shutil.copytree(source, where, symlinks=True)
        git(where, "init", "-q")
        git(where, "add", "-A")
        git(where, "commit", "-qm", "ExecuTorch main")
    git(where, "checkout", "-q", "-B", "main")  # its .lintrunner.toml merges base with main
    return where


def commit_all(repo: Path, env: dict[str, str], message: str) -> tuple[int, str]:
    done = run(["git", "commit", "-qam", message], repo, env)
    return done.returncode, done.stdout + done.stderr  # git shows the hooks on stderr


def follow_pre_commit_doc(repo: Path, clone: Path, tmp_path: Path) -> dict[str, str]:
    """docs/lint.md's pre-commit set-up in `repo`, each command asserted to exit 0; the env."""
    config = yaml.safe_load(doc_block("lint.md", "## pre-commit", "yaml"))
    config["repos"][0]["repo"] = str(clone)  # "the path of a local clone"
    assert config["repos"][0]["rev"] == pinned_commit()  # the docs pin one commit everywhere
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    env = offline_env(PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"))
    for line in doc_block("lint.md", "## pre-commit", "bash").splitlines():
        command = line.split("#")[0].strip().replace("python ", f"{sys.executable} ", 1)
        for part in command.split(" && "):
            command = part.replace("pre-commit ", f"{BIN / 'pre-commit'} ", 1)
            done = run(command, repo, env, timeout=900)  # the whole of ExecuTorch, too
            assert done.returncode == 0, (part, done.stdout[-3000:], done.stderr[-3000:])
    assert (repo / ".git" / "hooks" / "pre-commit").is_file()  # `pre-commit install` ran
    return env


def test_pre_commit_as_documented(clone: Path, tmp_path: Path) -> None:
    repo = target(tmp_path / "executorch")
    env = follow_pre_commit_doc(repo, clone, tmp_path)

    shift_lines(repo / "exir" / "common.py")  # line shift: passes, and says nothing
    code, out = commit_all(repo, env, "shift")
    assert code == 0 and "Passed" in out and "fixed" not in out, out

    shift_lines(repo / "examples" / "tool.py")  # outside `files:`: not checked
    code, out = commit_all(repo, env, "examples")
    assert code == 0 and "no files to check" in out, out

    with (repo / "backends" / "xnnpack" / "partition.py").open("a", encoding="utf-8") as f:
        f.write(NEW_SITE)
    code, out = commit_all(repo, env, "new site")
    assert code == 1 and "Failed" in out, out
    assert re.search(r"^backends/xnnpack/partition\.py:9:5: ETL002 ", out, re.M), out
    assert "exir/common.py" not in out and "fixed" not in out


def follow_lintrunner_doc(repo: Path, clone: Path, tmp_path: Path, env: dict[str, str]) -> str:
    """docs/lint.md's lintrunner set-up in `repo` (its requirements file and .lintrunner.toml
    extended, as ExecuTorch's are), `lintrunner init` and the baseline committed; `env` gets the
    developer's venv on PATH. Returns the lintrunner command."""
    venv = tmp_path / "venv"  # the developer's environment: python on PATH, adapters installed
    for cmd in (
        [sys.executable, "-m", "virtualenv", "-q", str(venv)],
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "lintrunner-adapters"],
    ):
        done = run(cmd, tmp_path, env)
        assert done.returncode == 0, done.stderr
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    env["VIRTUAL_ENV"] = str(venv)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")  # lintrunner's state, per repository: not ~/
    offline_line = doc_block("lint.md", "## lintrunner (ExecuTorch)", "text", 1).strip()
    requirement = offline_line.replace("/ABSOLUTE/PATH/TO/et-log", str(clone))
    assert requirement.endswith(f"@{pinned_commit()}") and requirement != offline_line
    stanza = doc_block("lint.md", "## lintrunner (ExecuTorch)", "toml")
    for name, added in (("requirements-lintrunner.txt", requirement), (".lintrunner.toml", stanza)):
        path = repo / name
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        path.write_text(old + ("\n" if old else "") + added + "\n", encoding="utf-8")
    lintrunner = str(BIN / "lintrunner")
    done = run([lintrunner, "init"], repo, env, timeout=1800)  # ExecuTorch's: every lint tool
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    done = run(["python", "-c", "import lint_rules; print(lint_rules.__file__)"], repo, env)
    assert done.stdout.startswith(str(venv)), done.stdout + done.stderr  # installed there
    generate = doc_block("lint.md", "## pre-commit", "bash").splitlines()[0]
    done = run(generate, repo, env)
    assert done.returncode == 0, done.stderr
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "lintrunner")
    return lintrunner


def test_lintrunner_as_documented(clone: Path, tmp_path: Path) -> None:
    repo = target(tmp_path / "executorch")
    env = offline_env()
    lintrunner = follow_lintrunner_doc(repo, clone, tmp_path, env)

    done = run([lintrunner, "--all-files", "--output=oneline"], repo, env)
    assert done.returncode == 0 and "ETLOG" not in done.stdout, done.stdout + done.stderr
    shift_lines(repo / "exir" / "common.py")
    shift_lines(repo / "examples" / "tool.py")
    done = run([lintrunner, "--output=oneline"], repo, env)
    assert done.returncode == 0 and "ETLOG" not in done.stdout, done.stdout + done.stderr
    with (repo / "exir" / "common.py").open("a", encoding="utf-8") as f:
        f.write(NEW_SITE)
    done = run([lintrunner, "--output=oneline"], repo, env)
    assert done.returncode == 1, done.stdout + done.stderr
    (message,) = [line for line in done.stdout.splitlines() if "ETLOG" in line]
    assert "exir/common.py:11:5" in message and "ETL002" in message


def add_new_site(repo: Path) -> str:
    """A new module with a root-logger call in `exir/`, staged; its root-relative path."""
    rel = "exir/et_log_new_site.py"
    (repo / rel).write_text(OLD_SITE, encoding="utf-8")
    git(repo, "add", rel)
    return rel


@pytest.mark.e2e
@pytest.mark.skipif(not EXECUTORCH, reason="ET_LOG_EXECUTORCH_SRC (an ExecuTorch tree) not set")
def test_pre_commit_as_documented_on_executorch_main(clone: Path, tmp_path: Path) -> None:
    """The snippet, the baseline and `pre-commit run et-log-lint --all-files` pass on ExecuTorch's
    whole tree; a commit adding a site fails, naming it."""
    repo = executorch_main(tmp_path / "executorch")
    env = follow_pre_commit_doc(repo, clone, tmp_path)
    rel = add_new_site(repo)
    code, out = commit_all(repo, env, "a new site")
    assert code == 1 and "Failed" in out, out[-3000:]
    assert re.search(rf"^{re.escape(rel)}:5:5: ETL002 ", out, re.M), out[-3000:]


@pytest.mark.e2e
@pytest.mark.skipif(not EXECUTORCH, reason="ET_LOG_EXECUTORCH_SRC (an ExecuTorch tree) not set")
def test_lintrunner_as_documented_on_executorch_main(clone: Path, tmp_path: Path) -> None:
    """ExecuTorch's own requirements file and .lintrunner.toml extended as the docs say;
    `lintrunner init` (its whole requirements file, from the configured index), then ETLOG over
    every file passes and a change adding a site fails, naming it."""
    repo = executorch_main(tmp_path / "executorch")
    env = index_env()
    lintrunner = follow_lintrunner_doc(repo, clone, tmp_path, env)
    done = run([lintrunner, "--take", "ETLOG", "--all-files", "--output=oneline"], repo, env)
    assert done.returncode == 0 and "ETLOG" not in done.stdout, done.stdout[-3000:] + done.stderr
    rel = add_new_site(repo)
    done = run([lintrunner, "--take", "ETLOG", "--output=oneline"], repo, env)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    (message,) = [line for line in done.stdout.splitlines() if "ETLOG" in line]
    assert f"{rel}:5:5" in message and "ETL002" in message, message


def test_sarif_validates_against_the_2_1_0_schema(tmp_path: Path, monkeypatch, capsys) -> None:
    from lint_rules.cli import main

    (tmp_path / ".git").mkdir()
    odd = tmp_path / "exir" / "a dir, 100%"
    odd.mkdir(parents=True)
    (odd / "my file.py").write_text(OLD_SITE + "x = 'é'; logging.debug(x)\n", encoding="utf-8")
    (tmp_path / "exir" / "broken.py").write_text("import logging\n\ndef f(:\n    logging.info(1)\n")
    monkeypatch.chdir(tmp_path / "exir")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    for severity in ("warning", "error", "note"):
        assert main([".", "--format", "sarif", "--severity", severity]) == 2
        doc = json.loads(capsys.readouterr().out)
        jsonschema.validate(doc, schema, cls=jsonschema.Draft4Validator)
        (sarif_run,) = doc["runs"]
        assert sarif_run["columnKind"] == "unicodeCodePoints"
        base = sarif_run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        assert base == tmp_path.as_uri() + "/"
        results = sarif_run["results"]
        assert {r["level"] for r in results} == {severity} and len(results) == 2
        for result in results:
            location = result["locations"][0]["physicalLocation"]["artifactLocation"]
            assert location["uriBaseId"] == "%SRCROOT%"
            assert location["uri"] == "exir/a%20dir%2C%20100%25/my%20file.py"
            assert Path(unquote(urljoin(base, location["uri"])[len("file://") :])).is_file()
        # The second site's column counts characters: `é` is one (in bytes it would be 11).
        assert results[1]["locations"][0]["physicalLocation"]["region"]["startColumn"] == 10
        (note,) = sarif_run["invocations"][0]["toolExecutionNotifications"]
        assert note["locations"][0]["physicalLocation"]["region"] == {"startLine": 3}
        assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
            "exir/broken.py"
        )


def test_the_schema_rejects_what_we_fixed() -> None:
    """The vendored schema is strict enough to catch a bad log (so the test above can fail)."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "columnKind": "x"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema, cls=jsonschema.Draft4Validator)


def test_libcst_cli_runs_each_documented_command(tmp_path: Path) -> None:
    block = doc_block("codemod.md", "## As libcst codemod commands", "")
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert len(commands) >= 2 and all(c.startswith("python -m libcst.tool ") for c in commands)
    source = {
        "exir/a.py": "import logging\nimport warnings\n\n\ndef f():\n"
        "    logging.info('x')\n    warnings.warn('careful')\n",
        "backends/xnnpack/b.py": "import logging\n\nlogger = logging.getLogger(__name__)\n",
    }
    env = offline_env(PYTHONPATH=str(ROOT))
    for i, command in enumerate(commands):
        tree = tmp_path / str(i)
        for rel, text in source.items():
            (tree / rel).parent.mkdir(parents=True, exist_ok=True)
            (tree / rel).write_text(text, encoding="utf-8")
        done = run(command.replace("python ", f"{sys.executable} ", 1), tree, env)
        assert done.returncode == 0, (command, done.stdout, done.stderr)
        assert "Failed to codemod 0 files." in done.stderr, done.stderr
        migrated = (tree / "exir" / "a.py").read_text()
        assert "logger.info('x')" in migrated, command  # the root call, on the module's logger
        assert "    warnings.warn('careful')\n" in migrated, command  # a warning stays one
