"""`--patches DIR`: the series in landing order, class A (mechanical, one patch per component, the
core first), class B's site rewrites (one patch per component, the core first), then one patch per
recipe (a family's together) and component, the core first. Applied in order with `git apply` they give exactly the tree a writing run gives; the class
A patches alone give the tree `--mechanical` gives; each message lists every file its patch
touches and every class B site with the line before and after; the tree is not touched."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from codemods.fixes import FIXES
from codemods.migrate import main
from codemods.recipes import RECIPES
from codemods.report.series import (
    MECHANICAL,
    OUTPUT,
    RECIPE_STAGES,
    ROOT_SETUP_CODES,
    SETUP,
    SETUP_CODES,
    SITE_STAGES,
    STAGES,
    Unit,
    landing_order,
    recipe_stage,
)
from codemods.shared.owners import read_owners
from codemods.write.worker import byte_diff, line_map, unified_diff

FOLDERS = ("exir", "backends")
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".git" not in p.parts
    }


def _git_apply(root: Path, patch: Path) -> None:
    done = subprocess.run(
        ["git", "apply", "--whitespace=nowarn", str(patch)],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"{patch.name}: {done.stderr}"


def _written(sample_copy: Path, tmp_path: Path, monkeypatch, *flags: str) -> dict[str, bytes]:
    reference = tmp_path / f"reference{''.join(flags)}" / "executorch"
    shutil.copytree(sample_copy, reference)
    monkeypatch.chdir(reference)
    assert main([*FOLDERS, "-q", "-j", "1", *flags]) == 0
    return _tree(reference)


def _series(sample_copy: Path, out: Path, monkeypatch, *flags: str) -> list[str]:
    monkeypatch.chdir(sample_copy)
    assert main([*FOLDERS, "-q", "-j", "1", "--patches", str(out), *flags]) == 0
    return (out / "series").read_text().split()


def _split(name: str) -> tuple[str, str]:
    """(unit, stage) of a patch's file name: `0003-arm-mechanical.patch`,
    `0016-executorch-exir-backend-partition-report.patch` (the core's files under one
    CODEOWNERS entry), or a recipe that names its component already, `0020-vulkan-log-skip.patch`."""
    rest = name.split("-", 1)[1].removesuffix(".patch")
    if rest in STAGES:
        return rest.split("-")[0], rest
    stage = max((s for s in STAGES if rest.endswith(f"-{s}")), key=len)
    return rest.removesuffix(f"-{stage}"), stage


def _unit_name(component: str, owner: str, names: list[str]) -> str:
    """The name the series gives the files of `component` under CODEOWNERS entry `owner`."""
    split = f"{component}-{(owner or 'unowned').replace('/', '-')}"
    return split if split in {_split(n)[0] for n in names} else component


ROOT_SETUP = " ETL005: removed "  # a change item removing the root's set-up (Fix.setup "process")


def _named(names: list[str], unit: str, stage: str) -> str:
    """The patch of `unit` at `stage`."""
    return next(n for n in names if _split(n) == (unit, stage))


def _touched(patch: Path) -> list[str]:
    return sorted(set(re.findall(r"^diff --git a/(\S+) ", patch.read_text("latin-1"), re.M)))


def _message(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace").split("\ndiff --git")[0]


@needs_git
def test_the_series_gives_the_written_tree_and_its_class_a_part_the_mechanical_tree(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    full = _written(sample_copy, tmp_path, monkeypatch)
    mechanical = _written(sample_copy, tmp_path, monkeypatch, "--mechanical")
    pristine = _tree(sample_copy)
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    assert _tree(sample_copy) == pristine  # nothing written to the tree
    order = [_split(name) for name in names]
    assert [STAGES.index(s) for _, s in order] == sorted(STAGES.index(s) for _, s in order)
    by_stage = {stage: [u for u, s in order if s == stage] for stage in STAGES}
    for units in by_stage.values():  # the core's first, each part by name
        core = sorted(u for u in units if u.split("-")[0] == "executorch")
        assert units == core + sorted(set(units) - set(core))
    assert all(by_stage[s] for s in SITE_STAGES)
    assert by_stage[MECHANICAL][0].startswith("executorch-")  # the core, cut by its owners
    assert by_stage["critical-operators"][0].startswith("executorch-")
    assert {stage for _, stage in order} - set(SITE_STAGES) <= set(RECIPE_STAGES)
    assert sorted(p.name for p in out.glob("*.patch")) == sorted(names) == names
    a = len(by_stage[MECHANICAL])
    for name in names[:a]:
        _git_apply(sample_copy, out / name)
    assert _tree(sample_copy) == mechanical
    for name in names[a:]:
        _git_apply(sample_copy, out / name)
        # each root call a message lists is on its line as this commit leaves the file (review
        # 13, N1: a later commit's lines above it no longer shift what the message names)
        for path, line in re.findall(r"^- `([^`]+):(\d+)` ETL002:", _message(out / name), re.M):
            text = (sample_copy / path).read_text(encoding="latin-1").splitlines()[int(line) - 1]
            assert "logger." in text or "log." in text, (name, path, line, text)
    assert _tree(sample_copy) == full


@needs_git
def test_a_backends_patches_apply_alone_on_its_own_files(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    full = _written(sample_copy, tmp_path, monkeypatch)
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    component = _split(names[-1])[0]
    own = [name for name in names if _split(name)[0] == component]
    pristine = _tree(sample_copy)
    for name in own:
        _git_apply(sample_copy, out / name)
    changed = {k for k, v in _tree(sample_copy).items() if pristine[k] != v}
    assert changed and all(f"backends/{component}/" in f"/{k}" for k in changed)
    assert all(_tree(sample_copy)[k] == full[k] for k in changed)


def test_rerun_replaces_the_series(sample_copy: Path, tmp_path: Path, monkeypatch) -> None:
    """Without a CODEOWNERS file a component's files are one unit: one commit per step."""
    out = tmp_path / "series"
    out.mkdir()
    (out / "0099-gone.patch").write_text("stale")
    (sample_copy / "CODEOWNERS").unlink()
    monkeypatch.chdir(sample_copy)
    assert main(["exir", "-q", "-j", "1", "--patches", str(out), "--mechanical"]) == 0
    assert (out / "series").read_text().split() == ["0001-executorch-mechanical.patch"]
    assert not (out / "0099-gone.patch").exists()


def test_each_patch_holds_one_owners_files(sample_copy: Path, tmp_path: Path, monkeypatch) -> None:
    """The series is cut along CODEOWNERS: every patch's files share one entry (`/exir/backend`
    after `/exir` in the sample's file: its files have their own commits), so an owner takes
    or leaves its commits without another owner's files riding in them."""
    owner_of = read_owners(sample_copy).of
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    owners = {name: {owner_of(path) for path in _touched(out / name)} for name in names}
    assert all(len(found) == 1 for found in owners.values()), owners
    core = {_split(n)[0]: owners[n].pop() for n in names if n.split("-")[1] == "executorch"}
    assert core == {"executorch-exir": "exir", "executorch-exir-backend": "exir/backend"}
    message = _message(out / next(n for n in names if "executorch-exir-backend-" in n))
    assert message.startswith("executorch (exir/backend): ")


def test_diff_marks_a_last_line_without_newline() -> None:
    diff = unified_diff("a = 1\nprint('x')", "a = 1\nlogger.info('x')", "m.py")
    assert diff.endswith("+logger.info('x')\n\\ No newline at end of file\n")
    assert "-print('x')\n\\ No newline at end of file\n" in diff


def test_patch_sections_are_the_files_bytes() -> None:
    old = "# -*- coding: latin-1 -*-\r\nauthor = 'Andr\xe9'\r\nprint('x')".encode("latin-1")
    new = old.replace(b"print('x')", b"logger.info('x')")
    patch = byte_diff(old, new, "exir/capture.py")
    assert patch.startswith(b"diff --git a/exir/capture.py b/exir/capture.py\n--- a/exir/")
    assert b" author = 'Andr\xe9'\r\n" in patch  # latin-1 byte and CRLF as on disk
    assert patch.endswith(b"+logger.info('x')\n\\ No newline at end of file\n")


def test_line_map_follows_inserted_and_replaced_lines() -> None:
    old = "import a\nx = 1\nprint('p')\ny = 2\n"
    new = "import a\nfrom rt import get_logger\n\nlogger = get_logger(__name__)\nx = 1\n"
    new += "logger.info('p')\ny = 2\n"
    moved = line_map(old, new)
    assert [moved(line) for line in (1, 2, 3, 4)] == [1, 5, 6, 7]


def test_line_map_names_the_first_line_of_a_call_rewritten_over_several() -> None:
    """Arm's quantizer `__init__`: `import logging` dropped and `logging.info(...)` rewritten over
    three lines, a block of the same length: the site is the call's first line, not `)`."""
    old = "try:\n    import k\nexcept ImportError:\n    import logging\n\n    logging.info('x')\n"
    new = "try:\n    import k\nexcept ImportError:\n    _logger.info(\n        'x'\n    )\n"
    moved = line_map(old, new)
    assert [moved(line) for line in (3, 4, 6)] == [3, 4, 4]


COUNTS = re.compile(r"(\d+) files? changed, (\d+) sites? rewritten, (\d+) left for review\.")


def test_each_message_counts_and_lists_what_the_report_has(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """The messages take their figures and items from the report's records: a component's
    patches together count its rewritten sites; its last patch lists its review items (a review
    item in a file no patch touches counts too); every message lists the files its patch
    touches."""
    (sample_copy / "backends/arm/_passes/warns_only.py").write_text(
        "class LoweringWarning(UserWarning):\n    pass\n\n\n"
        "def check(node):\n    raise LoweringWarning(f'{node} cannot be lowered')\n"
    )
    out, report = tmp_path / "series", tmp_path / "report.json"
    names = _series(sample_copy, out, monkeypatch, "--report", str(report))
    data = json.loads(report.read_text())
    assert any(r["path"] == "backends/arm/_passes/warns_only.py" for r in data["review"])
    sites: dict[str, int] = {}
    listed_in: dict[str, str] = {}  # review item -> the patch listing it
    for name in names:
        unit, _ = _split(name)
        message = _message(out / name)
        found = COUNTS.search(message)
        assert found, message
        component = unit.split("-")[0]
        sites[component] = sites.get(component, 0) + int(found.group(2))
        touched = _touched(out / name)
        listed = message.split("\nFiles:\n")[1].splitlines()
        assert listed == [f"- {path}" for path in touched], name
        assert int(found.group(1)) == len(touched), name
        items = [
            line
            for line in message.split("Left for review in ")[-1].splitlines()
            if re.match(r"- \S+:\d+ ETL\d{3}:", line) and "Left for review in " in message
        ]
        assert int(found.group(3)) == len(items), (name, items)
        assert not items or name == [n for n in names if _split(n)[0] == unit][-1], name
        listed_in.update((item, name) for item in items)
    for component, row in data["components"].items():
        assert sites.get(component, 0) == sum(row["rewritten"].values()), component
    for item in data["review"]:  # each once, in its owner's commits (else its component's)
        name = listed_in.pop(f"- {item['path']}:{item['line']} {item['code']}: {item['reason']}")
        unit = _unit_name(item["component"], item["owner"], names)
        if unit in {_split(n)[0] for n in names}:
            assert _split(name)[0] == unit, item
        else:  # a file of an owner with no commit: its component's last commit
            own = [n for n in names if _split(n)[0].split("-")[0] == item["component"]]
            assert name == own[-1], item
    assert not listed_in
    arm = [n for n in names if _split(n)[0] == "arm"][-1]
    assert "warns_only.py:6 ETL007" in _message(out / arm)


def test_class_b_messages_show_each_change_before_and_after(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    out, report = tmp_path / "series", tmp_path / "report.json"
    names = _series(sample_copy, out, monkeypatch, "--report", str(report))
    noted = [r for r in json.loads(report.read_text())["rewritten"] if r["reason"]]
    assert SETUP_CODES == {"ETL005", "ETL006"}  # basicConfig / handlers, a module's setLevel
    assert ROOT_SETUP_CODES == {"ETL005"}  # the root's (the core's class B lands before it)
    assert {s["code"] for s in noted} & SETUP_CODES and {s["code"] for s in noted} - SETUP_CODES
    messages = {_split(n): _message(out / n) for n in names if _split(n)[1] in (OUTPUT, SETUP)}
    applied = json.loads(report.read_text())["recipes"]
    for recipe in [r for r in applied if r["status"] == "applied"]:
        # one commit of its own (its family's, of its component), and in no other message
        listed = [n for n in names if f"- {recipe['recipe']} (" in _message(out / n)]
        unit = _unit_name(recipe["component"], recipe["owner"], names)
        assert [_split(n) for n in listed] == [(unit, recipe_stage(recipe["recipe"]))], listed
        hint = _message(out / listed[0]).split("--skip-recipes ")[1].split()[0]
        assert recipe["recipe"] in hint.split(","), hint
    for site in noted:
        # the removal of a library's logging set-up in a commit of its own (review 9, m1)
        stage = site["stage"] or (SETUP if site["code"] in SETUP_CODES else OUTPUT)
        unit = _unit_name(site["component"], site["owner"], names)
        message = messages.get((unit, stage)) or _message(out / _named(names, unit, stage))
        line = site["commit_line"] or site["new_line"]  # as its commit leaves the file
        item = f"- `{site['path']}:{line}` {site['code']}: {site['reason']}"
        assert item in message.splitlines(), item
        change = FIXES[site["code"]].change
        if change:
            assert message.count(f"- every {site['code']} rewrite: {change}") == 1
    for name in names:
        if _split(name)[1] == MECHANICAL:
            assert "Changes users will see" not in _message(out / name), name
            assert "output unchanged" in _message(out / name).splitlines()[0]


@needs_git
def test_a_recipe_takes_the_set_up_removal_its_gate_needs(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """XNNPACK's serializer: its `setLevel(WARNING)` keeps the DEBUG gate that writes
    `./xnnpack_delegate_graph_N.json` closed. Removed in the set-up commit alone, an application
    logging at DEBUG would get the files (review 10, M2): the removal lands in the commit of
    `xnnpack-graph-artifact`, which rewrites the gate (`Recipe.takes`), and is listed there."""
    serializer = "backends/xnnpack/serialization/xnnpack_graph_serialize.py"
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    artifact = _named(names, "xnnpack", "xnnpack-graph-artifact")
    assert serializer not in _touched(out / _named(names, "xnnpack", SETUP))
    assert "ETL006: removed `logger.setLevel(logging.WARNING)`" in _message(out / artifact)
    for name in names[: names.index(artifact)]:  # up to the recipe: the level and the gate stay
        _git_apply(sample_copy, out / name)
    text = (sample_copy / serializer).read_text()
    assert "logger.setLevel(logging.WARNING)" in text and "getEffectiveLevel()" in text
    _git_apply(sample_copy, out / artifact)
    text = (sample_copy / serializer).read_text()
    assert "setLevel" not in text and "getEffectiveLevel()" not in text


DEBUG_PASS = """import logging

from executorch.exir.common import override_logger


class DebugPass:
    def __init__(self, log_filename=None):
        self.log_filename = log_filename

    def __call__(self, graph_module):
        with override_logger(filename=self.log_filename):
            logging.debug("Enter debug_pass")
            logging.debug(f"Code is:\\n{graph_module.code}")
"""


def test_a_recipe_takes_another_file_s_rewrites_its_edit_goes_with(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """ExecuTorch's DebugPass (`exir/passes/__init__.py`) logs on the root under
    `override_logger` (`exir/common.py`), which put the root at DEBUG: its lines printed through
    the handler the root's first call made. Moved to the module's logger they print only
    through the `override-logger` recipe's `override_logs`, so both land in its commit, and no
    commit leaves DebugPass silent (review 11, B2)."""
    (sample_copy / "exir" / "passes" / "__init__.py").write_text(DEBUG_PASS, encoding="utf-8")
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    holding = [name for name in names if "exir/passes/__init__.py" in _touched(out / name)]
    assert [_split(name)[1] for name in holding] == ["override-logger"], holding
    assert "exir/common.py" in _touched(out / holding[0])
    listed = re.findall(
        r"^- `exir/passes/__init__\.py:\d+` ETL002: ", _message(out / holding[0]), re.M
    )
    assert len(listed) == 2, _message(out / holding[0])


def test_a_site_a_recipe_rewrites_again_lands_with_the_recipe(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """OpenVINO's `print("Op not supported: ", ...)`: ETL008 would make it a WARNING, then
    `openvino-rejections` a rejection. The site's rewrite waits for the recipe's commit, so no
    commit leaves a per-node WARNING its message does not describe (review 11, M4)."""
    rel = "backends/openvino/partitioner.py"
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    holding = [_split(name) for name in names if rel in _touched(out / name)]
    assert holding[0] == ("openvino", "openvino-rejections"), holding
    assert ("openvino", OUTPUT) not in holding


VULKAN_ROOT = """import logging

logger = logging.getLogger("")
logger.setLevel(logging.INFO)


def tag(node):
    logger.info(f"tagging {node}")
"""


def test_a_root_getter_lands_with_the_removal_of_the_root_s_level(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """Vulkan's `logger = logging.getLogger("")` then `logger.setLevel(logging.INFO)`: renamed
    alone (class B), the getter would move the level from the root to the module's logger, a
    change of the process's set-up no message states; both land in the set-up commit (review
    11, M1)."""
    rel = "backends/vulkan/_passes/tag_memory_meta_pass.py"
    (sample_copy / rel).parent.mkdir(parents=True, exist_ok=True)
    (sample_copy / rel).write_text(VULKAN_ROOT, encoding="utf-8")
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    holding = [_split(name) for name in names if rel in _touched(out / name)]
    assert ("vulkan", OUTPUT) not in holding and ("vulkan", SETUP) in holding, holding
    message = _message(out / _named(names, "vulkan", SETUP))
    assert f"`{rel}:" in message and "ETL001: the logger was the root logger" in message


# ExecuTorch main's extension/llm/export/builder.py: its own root set-up shows its INFO lines
LLM_BUILDER = """\
import logging

FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
logging.basicConfig(level=logging.INFO, format=FORMAT)


def to_dtype(model, dtype):
    logging.info(f"model.to {dtype}")
    return model.to(dtype=dtype)
"""


@needs_git
def test_a_line_its_module_s_own_set_up_shows_lands_with_that_set_up_s_removal(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """The llm builder's `logging.info(f"model.to {dtype}")` keeps printing, through the
    module's own basicConfig, after its rewrite; it stops when the basicConfig goes, so the
    item saying "after: nothing" is the set-up commit's, with the rewrite (review 17, T1)."""
    rel = "exir/llm_builder.py"
    (sample_copy / rel).write_text(LLM_BUILDER, encoding="utf-8")
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    holding = [_split(name) for name in names if rel in _touched(out / name)]
    assert all(stage != OUTPUT for _, stage in holding) and any(
        stage == SETUP for _, stage in holding
    ), holding
    setup = next(n for n in names if _split(n)[1] == SETUP and rel in _touched(out / n))
    message = _message(out / setup)
    assert "model.to {dtype}" in message and "this module's own `basicConfig`" in message
    text = (out / setup).read_text(encoding="utf-8")
    assert '+    logger.info(f"model.to {dtype}")' in text and "-logging.basicConfig(" in text


COREML_LOG_ONCE = """\


class CoreMLPartitioner:
    def log_once(self, msg: str) -> None:
        logging.info(msg)
"""


def test_a_root_call_moved_onto_a_logger_forced_to_info_lands_with_the_level_s_change(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """Core ML's `CoreMLPartitioner.log_once`: `logging.info(msg)` onto the module's logger,
    which `setLevel(get_coreml_log_level(default_level=logging.INFO))` forces to INFO, would
    print under any root handler (XNNPACK's basicConfig) in the output commit; it lands with
    the recipe that makes that default NOTSET (review 13, M1)."""
    rel = "backends/apple/coreml/partition/coreml_partitioner.py"
    with open(sample_copy / rel, "a", encoding="utf-8") as handle:
        handle.write(COREML_LOG_ONCE)
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    holding = [_split(name) for name in names if rel in _touched(out / name)]
    assert ("coreml", OUTPUT) not in holding, holding
    recipe = next(name for name in names if name.endswith("-coreml-log-level-default.patch"))
    text = (out / recipe).read_text(encoding="utf-8")
    assert "+        logger.info(msg)" in text and "-        logging.info(msg)" in text
    assert f"`{rel}:" in _message(out / recipe) and "ETL002" in _message(out / recipe)


def test_the_series_requires_what_must_land_first(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    # a second library basicConfig at import (Arm's, beside XNNPACK's): removing either alone
    # lets the other configure the process, so the later removal requires the earlier one
    (sample_copy / "backends/arm/util/setup.py").write_text(
        "import logging\n\nlogging.basicConfig(level=logging.INFO)\n"
        "logger = logging.getLogger(__name__)\n\n\ndef f():\n    logger.info('x')\n"
    )
    out = tmp_path / "series"
    names = _series(sample_copy, out, monkeypatch)
    roots = [n for n in names if _split(n)[1] == SETUP and ROOT_SETUP in _message(out / n)]
    assert len(roots) == 2 and roots[0] in _message(out / roots[1]), roots
    core, exir_backend = Unit("executorch", "exir"), Unit("executorch", "exir/backend")
    units = [Unit("xnnpack", "backends/xnnpack"), exir_backend, Unit("arm"), core]
    assert landing_order(units) == [core, exir_backend, Unit("arm"), units[0]]
    assert landing_order([Unit("vulkan"), Unit("arm")]) == [Unit("arm"), Unit("vulkan")]
    touched = {
        n: set(re.findall(r"^diff --git a/(\S+) ", (out / n).read_text("latin-1"), re.M))
        for n in names
    }
    required_by: dict[str, set[str]] = {}
    for name in names:
        component, stage = _split(name)
        said = re.findall(r"^Requires (.+?): land (?:it|them) first", _message(out / name), re.M)
        required = {patch for line in said for patch in line.split(", ")}
        before = names[: names.index(name)]
        # for each of its files, the latest earlier patch that touched it
        expected = {
            next(n for n in reversed(before) if path in touched[n])
            for path in touched[name]
            if any(path in touched[n] for n in before)
        }
        cores = [n for n in before if n.split("-")[1] == "executorch"]  # each owner's
        if stage == SETUP and ROOT_SETUP in _message(out / name):  # the root's set-up removed:
            expected |= {n for n in cores if _split(n)[1] == OUTPUT}  # the core's lines off it
            # and every earlier removal of one: the next basicConfig imported would win (review
            # 11, M3)
            expected |= {
                n for n in before if _split(n)[1] == SETUP and ROOT_SETUP in _message(out / n)
            }
        elif stage not in SITE_STAGES and component.split("-")[0] != "executorch":
            expected |= {n for n in cores if _split(n)[1] == stage}  # the core's recipe
        # the commits of the recipes its recipes need (XNNPACK's codes: why-no-partition-info)
        needed = {
            recipe_stage(n)
            for r in RECIPES
            if r.commit == stage and r.path in touched[name]  # the recipes of its files
            for n in (*r.needs, *r.works_with)  # review 15, M1: critical ops need the run
        }
        expected |= {n for n in before if _split(n)[1] in needed}
        # and what each of those requires: a patch with only the ones its message names
        # applies (review 14, F3)
        expected |= {earlier for n in expected for earlier in required_by[n]}
        assert required == expected, name
        assert all(names.index(r) < names.index(name) for r in required)
        required_by[name] = required
