"""`--patches DIR`: the migration as pull requests. Each applies with `git am` on the tree once
the pull requests it is stacked on have (runtime, then the owner's own mechanical one, never
another owner's); all of them give exactly the tree a writing run gives, the mechanical ones the
tree `--mechanical` gives; each commit lists every file it touches and names no tool flag, patch
file or rule code; the tree itself is not touched."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from codemods.migrate import main

FOLDERS = ("exir", "backends")
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
GIT_ENV = {
    "GIT_AUTHOR_NAME": "A Maintainer",
    "GIT_AUTHOR_EMAIL": "maintainer@example.com",
    "GIT_COMMITTER_NAME": "A Maintainer",
    "GIT_COMMITTER_EMAIL": "maintainer@example.com",
}


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".git" not in p.parts
    }


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, env={**os.environ, **GIT_ENV}
    )


def _repo(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "main"]):
        assert _git(target, *args).returncode == 0
    return target


def _written(sample_copy: Path, tmp_path: Path, monkeypatch, *flags: str) -> dict[str, bytes]:
    reference = tmp_path / f"reference{''.join(flags)}" / "executorch"
    shutil.copytree(sample_copy, reference)
    monkeypatch.chdir(reference)
    assert main([*FOLDERS, "-q", "-j", "1", *flags]) == 0
    return _tree(reference)


def _pull_requests(sample_copy: Path, out: Path, monkeypatch) -> list[str]:
    monkeypatch.chdir(sample_copy)
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    assert main([*FOLDERS, "-q", "-j", "1", "--patches", str(out)]) == 0
    return [
        line.split("`")[1]
        for line in (out / "README.md").read_text().splitlines()
        if line.startswith("- `")
    ]


def _patch_texts(sample_copy: Path, out: Path, monkeypatch) -> list[str]:
    """Every patch of the series written for `sample_copy`, as text."""
    folders = _pull_requests(sample_copy, out, monkeypatch)
    return [p.read_text("latin-1") for f in folders for p in (out / f).glob("*.patch")]


def _stacked_on(out: Path, folder: str) -> list[str]:
    text = (out / folder / "description.md").read_text(encoding="utf-8")
    found = re.search(r"^Stacked on: (.*)\.$", text, re.M)
    return re.findall(r"\(`([^`]+)`\)", found.group(1)) if found else []


def _am(root: Path, out: Path, folder: str) -> None:
    patches = sorted(str(p) for p in (out / folder).glob("*.patch"))
    done = _git(root, "am", "-q", "--keep-cr", "--whitespace=nowarn", *patches)
    assert done.returncode == 0, f"{folder}: {done.stderr}{done.stdout}"


@needs_git
def test_the_pull_requests_give_the_written_tree_and_each_lands_on_its_own_stack(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    full = _written(sample_copy, tmp_path, monkeypatch)
    mechanical = _written(sample_copy, tmp_path, monkeypatch, "--mechanical")
    pristine = _tree(sample_copy)
    out = tmp_path / "prs"
    folders = _pull_requests(sample_copy, out, monkeypatch)
    assert _tree(sample_copy) == pristine  # nothing written to the tree
    loggers = [f for f in folders if f.endswith("-loggers")]
    owners = [f for f in folders if f.endswith("-logging")]
    assert loggers and owners and folders == [*loggers, *owners]  # mechanical ones first
    every = _repo(sample_copy, tmp_path / "every")
    for folder in folders:
        _am(every, out, folder)
    assert _tree(every) == full
    only = _repo(sample_copy, tmp_path / "mechanical")
    for folder in loggers:
        _am(only, out, folder)
    assert _tree(only) == mechanical
    for folder in owners:  # on main, with only what it is stacked on
        stack = _stacked_on(out, folder)
        unit = folder.split("-", 1)[1].removesuffix("-logging")
        assert all(f.endswith(f"-{unit}-loggers") for f in stack), (folder, stack)
        alone = _repo(sample_copy, tmp_path / f"alone-{folder}")
        for each in [*stack, folder]:
            _am(alone, out, each)
        log = _git(alone, "log", "--format=%an <%ae>").stdout.split("\n")
        assert log[0] == "A Maintainer <maintainer@example.com>"  # the user's identity


def _commits(out: Path) -> list[Path]:
    return [out / line for line in (out / "series").read_text().split()]


def test_each_message_lists_its_files_and_names_no_tool(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "prs"
    _pull_requests(sample_copy, out, monkeypatch)
    patches = _commits(out)
    assert patches
    for patch in patches:
        text = patch.read_text(encoding="utf-8", errors="replace")
        message, _, diff = text.partition("\n---\n")
        touched = set(re.findall(r"^diff --git a/(\S+) ", diff, re.M))
        listed = set(re.findall(r"^- (\S+)$", message.split("\nFiles:\n")[1], re.M))
        assert listed == touched, patch.name
        assert not re.search(r"(?<![\w`])--[a-z]", message), patch.name  # no flag of ours
        assert ".patch" not in message and "ETL0" not in message, patch.name
        assert "et-log" not in message and "[tool." not in text, patch.name
        subject = re.search(r"^Subject: \[PATCH\] (.*)$", message, re.M)
        assert subject and len(subject.group(1)) <= 100, patch.name


def test_the_levels_commit_moves_the_muted_module_s_info_lines_to_debug(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """XNNPACK's preprocess shape: `setLevel(WARNING)` goes and `Visiting:` becomes DEBUG in the
    same commit, which says so."""
    module = sample_copy / "backends" / "xnnpack" / "xnnpack_preprocess_example.py"
    module.write_text(
        "import logging\n\nlogger = logging.getLogger(__name__)\n"
        "logger.setLevel(logging.WARNING)\n\n\ndef preprocess(nodes):\n    for node in nodes:\n"
        '        logger.info(f"Visiting: {node}")\n',
        encoding="utf-8",
    )
    out = tmp_path / "prs"
    _pull_requests(sample_copy, out, monkeypatch)
    levels = [p for p in _commits(out) if "leave module log levels" in p.read_text("latin-1")]
    assert len(levels) == 1, [p.name for p in _commits(out)]
    text = levels[0].read_text(encoding="latin-1")
    assert '-        logger.info(f"Visiting: {node}")' in text
    assert '+        logger.debug(f"Visiting: {node}")' in text
    assert "-logger.setLevel(logging.WARNING)" in text
    assert "an application at INFO sees what it saw" in " ".join(text.split())


def test_a_mechanical_message_names_the_modules_whose_own_level_stays(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """A module that sets a level on its own logger is not moved by its component's level:
    the mechanical commit says which keep theirs (the owner's commit decides), and promises the
    component's switch only for the others; its description points at the owner's PR."""
    out = tmp_path / "prs"
    folders = _pull_requests(sample_copy, out, monkeypatch)
    [xnnpack] = [f for f in folders if f.endswith("xnnpack-loggers")]
    [patch] = sorted((out / xnnpack).glob("*.patch"))
    message = patch.read_text(encoding="utf-8").partition("\n---\n")[0]
    joined = " ".join(message.split())
    assert "that set a level on their own logger" in joined
    assert "backends/xnnpack/partition/config/generic_node_configs.py" in joined
    assert "backends/xnnpack/partition/xnnpack_partitioner.py," not in joined  # verbose= only
    about = (out / xnnpack / "description.md").read_text(encoding="utf-8")
    assert "is the area's own pull request" in about and "logging that users see change" in about


def test_a_description_names_each_site_left_for_review(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """A reviewer sees the pull request alone: the sites its area leaves as written are named in
    its description with their file, line and reason, not only in the inventory beside it, and
    split by whether the pull request's diff has their file (review r04b)."""
    out = tmp_path / "prs"
    folders = _pull_requests(sample_copy, out, monkeypatch)
    named, outside = 0, 0
    for folder in folders:
        about = (out / folder / "description.md").read_text(encoding="utf-8")
        said = re.search(r"^(\d+) sites? in \S+ (?:is|are) left as written", about, re.M)
        if said is None or "inventory.md`, beside" in about.split(said.group(0))[1].split("\n")[0]:
            continue
        listed = "\n".join(line for line in about.splitlines() if line.startswith("- "))
        items = re.findall(r"`([\w/.]+\.py):\d+`", listed)  # one item per reason
        assert len(items) == int(said.group(1)), about
        named += len(items)
        diffed = set()
        for patch in (out / folder).glob("*.patch"):
            diffed |= set(re.findall(r"^diff --git a/(\S+) ", patch.read_text("latin-1"), re.M))
        parts = re.split(
            r"^In files this pull request (changes|leaves as they are):$", about, flags=re.M
        )
        for heading, body in zip(parts[1::2], parts[2::2]):
            for path in re.findall(r"`([\w/.]+\.py):\d+`", body):
                assert (path in diffed) == (heading == "changes"), (folder, heading, path)
                outside += heading != "changes"
    assert named, "no description named a site left for review: the test could not tell"
    assert outside, "no site outside a pull request's files: the split was not tested"


def test_an_owner_pr_says_how_far_its_root_set_up_removal_reaches_and_when_the_format_changes(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """XNNPACK's partitioner configures the root logger at import and other backends import it:
    its description names them (review r35d); its first commit, which moves root calls, says the
    format stays until the commit removing that set-up."""
    user = sample_copy / "backends" / "vulkan" / "uses_xnnpack.py"
    user.write_text(
        "from executorch.backends.xnnpack.partition.xnnpack_partitioner import "
        "XnnpackPartitioner\n",
        encoding="utf-8",
    )
    out = tmp_path / "prs"
    folders = _pull_requests(sample_copy, out, monkeypatch)
    [xnnpack] = [f for f in folders if f.endswith("xnnpack-logging")]
    about = " ".join((out / xnnpack / "description.md").read_text(encoding="utf-8").split())
    assert "reaches further than this area: modules of backends/vulkan" in about, about
    first = sorted((out / xnnpack).glob("*.patch"))[0].read_text(encoding="utf-8")
    message = " ".join(first.partition("\n---\n")[0].split())
    assert "log on module loggers, not the root logger" in message, message
    assert (
        "Here the format stays until this pull request's commit that stops configuring the root "
        "logger at import: importing backends/xnnpack/partition/xnnpack_partitioner.py"
    ) in message, message


def test_a_level_check_that_guards_code_is_named_with_what_it_now_follows(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """exir's memory planning runs `verify_storage_reuse` only when the root is at DEBUG: the
    commit moving that check onto the module's logger says so line by line (review r19b)."""
    module = sample_copy / "exir" / "passes" / "memory_planning_example.py"
    module.write_text(
        "import logging\n\n\ndef run(verifier):\n"
        "    if logging.getLogger().isEnabledFor(logging.DEBUG):\n"
        "        pairs = verifier.verify_storage_reuse()\n"
        '        logging.debug(f"{pairs} pairs")\n',
        encoding="utf-8",
    )
    texts = _patch_texts(sample_copy, tmp_path / "prs", monkeypatch)
    [message] = [t.partition("\n---\n")[0] for t in texts if "memory_planning_example.py" in t]
    joined = " ".join(message.split())
    assert "Level checks that guard code (" in joined, joined
    assert "memory_planning_example.py:" in joined.split("Level checks that guard code")[1]
    assert "code as well as lines" in joined, joined


def test_a_levels_commit_that_moves_no_call_says_so(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """exir's group_partitioner: a mute over a logger that writes nothing below WARNING; its
    commit must not claim that INFO calls moved to DEBUG (review r19c, m1)."""
    module = sample_copy / "exir" / "backend" / "group_partitioner.py"
    module.parent.mkdir(parents=True, exist_ok=True)
    module.write_text(
        "import logging\n\nlogger = logging.getLogger(__name__)\n"
        "logger.setLevel(logging.WARNING)\n\n\ndef group(nodes):\n"
        '    if not nodes:\n        logger.warning("nothing to group")\n',
        encoding="utf-8",
    )
    texts = _patch_texts(sample_copy, tmp_path / "prs", monkeypatch)
    [message] = [
        t.partition("\n---\n")[0]
        for t in texts
        if "group_partitioner.py" in t and "leave module log levels" in t
    ]
    joined = " ".join(message.split())
    assert "No call moves" in joined and "those calls move to DEBUG" not in joined, joined
