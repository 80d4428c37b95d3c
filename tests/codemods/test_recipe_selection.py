"""A backend owner takes or leaves each recipe: `--recipes`, `--skip-recipes`, `[tool.et-log]
skip-recipes` (kept, so a later `--check` agrees) and `behaviour-changes`; the report lists what
was left out, and the recipes' own declarations feed `--help`, the report and codemod.md."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from codemods.migrate import main
from codemods.recipes import RECIPE_NAMED, RECIPES
from codemods.recipes.docs import CODEMOD_MD, render, table
from codemods.recipes.docs import main as docs_main
from codemods.recipes.selection import BEHAVIOUR_CHANGES, select

# a behaviour change left out, and the other behaviour changes of its component (executorch)
SKIPPED = "partition-report"
SIBLINGS = ("why-no-partition-info",)
BEHAVIOUR = {r.name for r in RECIPES if r.behaviour_change}


def _run(root: Path, tmp_path: Path, *flags: str) -> dict[str, str]:
    report = tmp_path / "report.json"
    argv = [str(root / "exir"), str(root / "backends"), "-q", "-j", "1", "--report", str(report)]
    assert main([*argv, *flags]) == 0
    return {r["recipe"]: r["status"] for r in json.loads(report.read_text())["recipes"]}


def test_the_behaviour_changes_are_the_recipes_the_issue_names() -> None:
    assert {
        "coreml-log-level-default-partitioner",
        "coreml-log-level-default-preprocess",
        "vela-verbose-at-debug",
        "partition-report",
    } <= BEHAVIOUR
    # a reason's level or visibility changes: DEBUG -> INFO, or a printed line -> INFO
    assert {"why-no-partition-info", "openvino-rejections", "mediatek-rejections"} <= BEHAVIOUR
    # INFO before; after, a DEBUG record while nothing of ExecuTorch's is named: an application
    # at INFO (or Vulkan's own basicConfig) no longer shows it
    assert "vulkan-log-skip" in BEHAVIOUR
    # a reason for the record, nothing printed less; an artifact beside the dump it keeps
    assert "config-partitioner-no-config" not in BEHAVIOUR
    assert "xnnpack-graph-artifact" not in BEHAVIOUR
    assert len(RECIPE_NAMED) == len(RECIPES), "two recipes share a name"
    for recipe in RECIPES:
        assert recipe.change and recipe.effect, recipe.name
        assert set(recipe.needs) <= set(RECIPE_NAMED) - {recipe.name}, recipe.name
        assert "|" not in recipe.change + recipe.effect, recipe.name  # a Markdown table cell


def test_skip_one_recipe_leaves_its_file_as_the_site_kinds_wrote_it(
    sample_copy: Path, tmp_path: Path
) -> None:
    assert {SKIPPED, *SIBLINGS} <= BEHAVIOUR
    path = RECIPE_NAMED[SKIPPED].path
    kinds_only = tmp_path / "kinds-only"
    shutil.copytree(sample_copy, kinds_only)
    paths = [str(kinds_only / "exir"), str(kinds_only / "backends"), "-q"]
    assert main([*paths, "--no-recipes"]) == 0
    report = tmp_path / "report.md"
    argv = [str(sample_copy / "exir"), str(sample_copy / "backends"), "-q", "--report", str(report)]
    assert main([*argv, "--recipes", "all", "--skip-recipes", SKIPPED]) == 0
    assert (sample_copy / path).read_bytes() == (kinds_only / path).read_bytes()
    body = report.read_text()
    rows = {
        line.split(" | ")[0][2:]: line.split(" | ")[2]
        for line in body.splitlines()
        if line.startswith("| ") and line.split(" | ")[0][2:] in (SKIPPED, *SIBLINGS)
    }
    assert rows == {SKIPPED: "left out", **dict.fromkeys(SIBLINGS, "applied")}, rows
    section = body.split("### Behaviour changes left out (")[1].split("\n\n")[1]
    (left,) = [line for line in section.splitlines() if line.startswith(f"- {SKIPPED} ")]
    assert left.startswith(f"- {SKIPPED} (executorch, `") and f"{path}`): left out" in left
    changes = body.split("\n## Changes to look at")[1].split("\n## ")[0].split("\n### ")
    taken = "".join(block for block in changes if block.startswith("exir"))  # the core's units
    assert SKIPPED not in taken
    assert all(f"- {name} (executorch" in taken for name in SIBLINGS), taken


def test_skip_every_behaviour_change(sample_copy: Path, tmp_path: Path) -> None:
    """The behaviour changes are left out, and with them the recipes that need one of them
    (`Recipe.needs`: XNNPACK's codes call the parameter why-no-partition-info adds)."""
    needing = {r.name for r in RECIPES if set(r.needs) & BEHAVIOUR}
    assert needing == {f"xnnpack-codes-{f}" for f in ("common", "gemm", "nodes", "generic")}
    report = tmp_path / "report.json"
    statuses = _run(sample_copy, tmp_path, "--recipes", "all", "--skip-recipes", BEHAVIOUR_CHANGES)
    applied = {name for name, status in statuses.items() if status == "applied"}
    assert applied and not applied & (BEHAVIOUR | needing)
    assert {name for name, status in statuses.items() if status == "left out"} == (
        BEHAVIOUR | needing
    )
    rows = {r["recipe"]: r for r in json.loads(report.read_text())["recipes"]}
    assert rows["xnnpack-codes-gemm"]["detail"] == (
        "left out with `why-no-partition-info`, which it needs"
    )
    assert rows[SKIPPED]["detail"].startswith("left out (`--skip-recipes`")


def test_only_the_recipes_named(sample_copy: Path, tmp_path: Path) -> None:
    statuses = _run(
        sample_copy, tmp_path, "--recipes", "why-no-partition-info,config-partitioner-no-config"
    )
    applied = {name for name, status in statuses.items() if status == "applied"}
    assert applied == {"why-no-partition-info", "config-partitioner-no-config"}
    chosen = select(["config-partitioner-no-config"], [BEHAVIOUR_CHANGES])
    assert chosen == [RECIPE_NAMED["config-partitioner-no-config"]]
    assert select(["why-no-partition-info"], [BEHAVIOUR_CHANGES]) == []


def test_the_decision_is_kept_in_the_config(sample_copy: Path, tmp_path: Path) -> None:
    pyproject = sample_copy / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + '\nskip-recipes = ["coreml-log-level-default"]\n')
    assert "[tool.et-log]" in pyproject.read_text().split("skip-recipes")[0]
    callers = [sample_copy / "backends/apple/coreml" / f for f in ("partition", "compiler")]
    before = [
        b"default_level=logging.NOTSET" in p.read_bytes() for c in callers for p in c.glob("*.py")
    ]
    statuses = _run(sample_copy, tmp_path)
    family = {k: v for k, v in statuses.items() if k.startswith("coreml-log-level-default")}
    assert family == {  # the family's name leaves out both of its members
        "coreml-log-level-default-partitioner": "left out",
        "coreml-log-level-default-preprocess": "left out",
    }
    after = [
        b"default_level=logging.NOTSET" in p.read_bytes() for c in callers for p in c.glob("*.py")
    ]
    assert after == before and not any(after)
    paths = [str(sample_copy / "exir"), str(sample_copy / "backends"), "-q"]
    assert main([*paths, "--check"]) == 0  # the owner's decision is not "work left"


@pytest.mark.parametrize(
    "flags",
    [
        ["--skip-recipes", "vela-report"],
        ["--recipes", "nonsense"],
        ["--no-recipes", "--recipes", "vulkan-log-skip"],
    ],
)
def test_a_bad_selection_is_a_usage_error(sample_copy: Path, capsys, flags: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([str(sample_copy / "exir"), *flags])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "unknown recipe" in err or "not allowed with" in err, err


def test_an_unknown_name_in_the_config_names_the_file(sample_copy: Path, capsys) -> None:
    pyproject = sample_copy / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + '\nskip-recipes = ["vela"]\n')
    with pytest.raises(SystemExit) as exit_:
        main([str(sample_copy / "exir"), "-q"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "unknown recipe 'vela'" in err and "pyproject.toml" in err


def test_help_lists_every_recipe_and_marks_the_behaviour_changes(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for recipe in RECIPES:
        marked = f"{recipe.name} (behaviour change)"
        assert (marked in out) == recipe.behaviour_change, recipe.name
        opt_in = f"{marked if recipe.behaviour_change else recipe.name} (delegation record"
        assert (opt_in in out) == recipe.delegation, recipe.name
        assert f"): {recipe.path}" in out or f" {recipe.path}" in out


def test_codemod_md_lists_each_recipe_as_declared() -> None:
    assert docs_main(["--check"]) == 0, "run python -m codemods.recipes.docs"
    text = CODEMOD_MD.read_text(encoding="utf-8")
    for recipe in RECIPES:
        assert f"| `{recipe.name}` | `{recipe.path}` | {recipe.change} | {recipe.effect} |" in text
    stale = text.replace(table(), table().replace("**yes**", "yes", 1))
    assert render(stale) == text
