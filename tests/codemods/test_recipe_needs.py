"""A recipe that needs another's change (`Recipe.needs`) is applied only where that change is:
XNNPACK's `why(..., code=...)` and Arm's `WhyNoPartitionReporter(code=...)` call parameters that
the core's recipes add in exir/backend/utils.py. When the run refuses those, or the core is not in
the run and was not migrated before, the backends' recipes are refused too, saying why, and their
files keep calls that work."""

from __future__ import annotations

import json
from pathlib import Path

from codemods.migrate import main
from codemods.recipes import RECIPE_NAMED
from codemods.recipes.reason_codes import ARM, XNNPACK

UTILS = "exir/backend/utils.py"
CODED = {recipe.name: recipe.path for recipe in (*XNNPACK, ARM)}


def _run(root: Path, tmp_path: Path, *folders: str) -> dict[str, dict[str, str]]:
    report = tmp_path / "report.json"
    paths = [str(root / folder) for folder in folders or ("exir", "backends")]
    argv = [*paths, "-q", "-j", "1", "--recipes", "delegation-record", "--report", str(report)]
    assert main(argv) == 0  # the coded recipes are the delegation record's, opt-in
    return {row["recipe"]: row for row in json.loads(report.read_text())["recipes"]}


def _coded(root: Path) -> dict[str, bool]:
    """Whether each coded recipe's file passes a code (XNNPACK's `XNN.*`, Arm's)."""
    said = {name: 'code="XNN.' for name, _ in CODED.items()}
    said[ARM.name] = 'WhyNoPartitionReporter(code="ARM.UNSUPPORTED")'
    return {name: said[name] in (root / path).read_text() for name, path in CODED.items()}


def test_the_needs_are_the_core_recipes_in_utils() -> None:
    assert {name: RECIPE_NAMED[name].needs for name in CODED} == {
        **{recipe.name: ("why-no-partition-info",) for recipe in XNNPACK},
        ARM.name: ("arm-reporter-rejections",),
    }
    assert all(
        RECIPE_NAMED[need].path == UTILS for name in CODED for need in RECIPE_NAMED[name].needs
    )


def test_a_refused_needed_recipe_refuses_the_recipes_that_need_it(
    sample_copy: Path, tmp_path: Path
) -> None:
    utils = sample_copy / UTILS
    changed = utils.read_text().replace("self.logger.debug(self)", "self.logger.warning(self)")
    assert changed != utils.read_text()
    utils.write_text(changed)  # upstream moved WhyNoPartition.__call__'s line
    rows = _run(sample_copy, tmp_path)
    assert rows["why-no-partition-info"]["status"] == "refused"
    assert rows["arm-reporter-rejections"]["status"] == "applied"  # the same file, untouched
    for recipe in XNNPACK:
        row = rows[recipe.name]
        assert row["status"] == "refused", row
        assert row["detail"].startswith(
            "not applied: it needs `why-no-partition-info`, which is refused on "
            f"{UTILS} (WhyNoPartition.__call__(): `self.logger.debug(self)` is not there any more"
        ), row["detail"]
    assert rows[ARM.name]["status"] == "applied"
    assert _coded(sample_copy) == {name: name == ARM.name for name in CODED}


def test_a_needed_recipe_outside_the_run_must_be_applied_before(
    sample_copy: Path, tmp_path: Path
) -> None:
    rows = _run(sample_copy, tmp_path, "backends")  # the core is not in the run, nor migrated
    for name, need in [(r.name, "why-no-partition-info") for r in XNNPACK] + [
        (ARM.name, "arm-reporter-rejections")
    ]:
        assert rows[name]["status"] == "refused", rows[name]
        assert rows[name]["detail"] == (
            f"not applied: it needs `{need}`, which is not applied to {UTILS}, which is not in "
            "this run; its edit would call what that recipe adds (apply both in one run, or "
            "that one first)"
        )
    assert not any(_coded(sample_copy).values())
    _run(sample_copy, tmp_path, "exir")  # the core first, then the backends
    rows = _run(sample_copy, tmp_path, "backends")
    assert {name: rows[name]["status"] for name in CODED} == dict.fromkeys(CODED, "applied")
    assert all(_coded(sample_copy).values())
