"""The partition-report recipes: the core's scope around every partitioner run and each backend's
rejection site, on the sample tree's shapes (libcst, the whole migration) and, when
``ET_LOG_EXECUTORCH_SRC`` names an ExecuTorch tree, on ExecuTorch's own files."""

from __future__ import annotations

import ast
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import pytest
from codemod_support import SAMPLE, every_recipe

from codemods.pipeline import migrate_source
from codemods.recipes import RECIPES, Recipe

# recipe -> the sample file it edits (its output: snapshots/recipes_partition_report/)
FILES = {
    "partition-report": "exir/backend/backend_api.py",
    "arm-reporter-rejections": "exir/backend/utils.py",
    "config-partitioner-no-config": "exir/backend/canonical_partitioners/config_partitioner.py",
    "vulkan-log-skip": "backends/vulkan/partitioner/vulkan_partitioner.py",
    "coreml-rejections": "backends/apple/coreml/partition/coreml_partitioner.py",
    "openvino-rejections": "backends/openvino/partitioner.py",
    "qualcomm-rejections": "backends/qualcomm/partition/qnn_partitioner.py",
    "mediatek-rejections": "backends/mediatek/partitioner.py",
    "mlx-rejections": "backends/mlx/partitioner.py",
    "coreai-rejections": "backends/apple/coreai/partition/partitioner.py",
    "nxp-rejections": "backends/nxp/neutron_partitioner.py",
    "samsung-rejections": "backends/samsung/partition/enn_partitioner.py",
}


def _recipe(name: str) -> Recipe:
    return next(r for r in RECIPES if r.name == name)


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_recipe_applies_to_its_shape_once(config, snapshot, name) -> None:
    rel = FILES[name]
    path = f"executorch/{rel}"
    recipes = [_recipe(name)]
    result = migrate_source((SAMPLE / rel).read_text(), path, config, recipes=recipes)
    assert result.error is None and [n for n, _ in result.recipes] == [name], result
    snapshot(result.new_text)
    compile(result.new_text, rel, "exec")
    again = migrate_source(result.new_text, path, config, recipes=recipes)
    assert (again.new_text, again.recipes, again.refused_recipes) == (result.new_text, [], [])


def test_the_core_wraps_both_partitioner_calls(config) -> None:
    rel = "exir/backend/backend_api.py"
    path = f"executorch/{rel}"
    result = migrate_source((SAMPLE / rel).read_text(), path, config, recipes=every_recipe(path))
    one = "= run_partitioner(partitioner_instance, fake_edge_program)\n"
    each = "    partitioner_instance, fake_edge_program, method=method_name\n"
    assert (result.new_text.count(one), result.new_text.count(each)) == (1, 1), result.new_text
    assert "partitioner_instance(fake_edge_program)\n" not in result.new_text
    # the multi-method twin's call is the one in the loop over method_name
    loop = result.new_text.index("for method_name, partitioner_instance in")
    assert loop < result.new_text.index(each), result.new_text


def test_a_third_partitioner_call_is_refused(config) -> None:
    rel = "exir/backend/backend_api.py"
    text = (SAMPLE / rel).read_text() + (
        "\n\ndef again(partitioner_instance, fake_edge_program):\n"
        "    partitioner_result = partitioner_instance(fake_edge_program)\n"
        "    return partitioner_result\n"
    )
    path = f"executorch/{rel}"
    result = migrate_source(text, path, config, recipes=[_recipe("partition-report")])
    assert result.recipes == [] and result.new_text == text
    ((name, review),) = result.refused_recipes
    assert name == "partition-report" and "expected 2 partitioner calls" in review.reason, review


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("vulkan-log-skip", "[Vulkan Partitioner] Due to", "[Vulkan] Due to"),
        ("coreml-rejections", "                return False\n", "                return None\n"),
        ("config-partitioner-no-config", "                continue\n", "                pass\n"),
        ("qualcomm-rejections", "logger.info(", "logger.log(logging.INFO, "),
        ("nxp-rejections", "        return (\n", "        return bool(\n"),
        ("samsung-rejections", "        return supported\n", "        return bool(supported)\n"),
        ("openvino-rejections", '"Op not supported: "', '"Unsupported op: "'),
        ("openvino-rejections", "is skipped.", "is left out."),
    ],
)
def test_a_changed_rejection_site_is_refused_and_left_as_the_site_kinds_wrote_it(
    config, name, old, new
) -> None:
    rel = FILES[name]
    text = (SAMPLE / rel).read_text().replace(old, new)
    path = f"executorch/{rel}"
    result = migrate_source(text, path, config, recipes=[_recipe(name)])
    plain = migrate_source(text, path, config, recipes=[])
    assert result.recipes == [] and result.new_text == plain.new_text
    ((refused, review),) = result.refused_recipes
    assert refused == name and review.reason, review


def test_a_reported_call_is_laid_out_as_black_would(config) -> None:
    rel = FILES["qualcomm-rejections"]
    path = f"executorch/{rel}"
    result = migrate_source((SAMPLE / rel).read_text(), path, config, recipes=every_recipe(path))
    assert max(len(line) for line in result.new_text.splitlines()) <= 88
    assert "                logger,\n                node,\n" in result.new_text


UPSTREAM = os.environ.get("ET_LOG_EXECUTORCH_SRC")


@pytest.mark.skipif(not UPSTREAM, reason="ET_LOG_EXECUTORCH_SRC (an ExecuTorch tree) is not set")
def test_every_recipe_applies_to_executorch_main(config, tmp_path: Path) -> None:
    from test_recipe_outputs import WHOLE_FILE_ON_MAIN

    root = Path(UPSTREAM or "")
    applied: dict[str, str] = {}
    for recipe in RECIPES:
        source = root / recipe.path
        if not source.is_file():
            applied[recipe.name] = "not in the tree"
            continue
        copy = tmp_path / "executorch" / recipe.path
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, copy)
        result = migrate_source(copy.read_text(), str(copy), config, recipes=[recipe])
        assert result.error is None, (recipe.name, result.error)
        ast.parse(result.new_text)
        refused = [review.reason for _, review in result.refused_recipes]
        whole = refused and refused[0].startswith("the file waits for review as a whole")
        applied[recipe.name] = (
            "applied" if result.recipes else "whole file" if whole else str(refused)
        )
    wanted = {r.name: "applied" for r in RECIPES}
    wanted |= {name: "whole file" for name in WHOLE_FILE_ON_MAIN}
    wanted["coreai-rejections"] = "not in the tree"  # Core AI's partitioner left main after 1.5.1
    assert applied == wanted


def test_a_rejection_print_the_site_kinds_make_a_warning_is_reported(config) -> None:
    """ExecuTorch main's MediaTek check prints "... is skipped."; ETL008 makes that a WARNING
    (something did not happen), and the recipe still takes the line over."""
    rel = FILES["mediatek-rejections"]
    text = (SAMPLE / rel).read_text().replace("logger.info(", "print(")
    path = f"executorch/{rel}"
    plain = migrate_source(text, path, config, recipes=[])
    assert "logger.warning(" in plain.new_text, plain.new_text
    result = migrate_source(text, path, config, recipes=[_recipe("mediatek-rejections")])
    assert [n for n, _ in result.recipes] == ["mediatek-rejections"], result.refused_recipes
    assert "report_rejection(" in result.new_text and "warning(" not in result.new_text


def test_the_reporter_takes_the_code_its_backend_passes(config) -> None:
    """`WhyNoPartitionReporter(code=...)` (arm-codes passes Arm's, `ARM.UNSUPPORTED`): the
    constructor takes it, `UNSPECIFIED` by default, and each rejection is reported with it;
    once however often the recipe runs. Run on the migrated class with a stand-in runtime."""
    rel = FILES["arm-reporter-rejections"]
    path = f"executorch/{rel}"
    recipes = [_recipe("arm-reporter-rejections")]
    result = migrate_source((SAMPLE / rel).read_text(), path, config, recipes=recipes)
    again = migrate_source(result.new_text, path, config, recipes=recipes)
    assert (again.new_text, again.recipes) == (result.new_text, [])
    tree = ast.parse(result.new_text)
    (cls,) = [s for s in tree.body if isinstance(s, ast.ClassDef) and s.name.endswith("Reporter")]
    reported: list[tuple[object, ...]] = []
    namespace = {
        "OrderedDict": dict,
        "torch": type("torch", (), {"fx": type("fx", (), {"Node": object})}),
        "report_rejection": lambda *args: reported.append(args),
    }
    exec(compile(ast.Module([cls], []), rel, "exec"), namespace)
    reporter = namespace["WhyNoPartitionReporter"]
    arm = reporter(code="ARM.UNSUPPORTED")
    arm.report_reject("conv", "kernel too large")
    arm.report_reject("conv", "reported once")
    reporter().report_reject("add", "no code given")
    assert reported == [
        (None, "conv", "kernel too large", "ARM.UNSUPPORTED"),
        (None, "add", "no code given", "UNSPECIFIED"),
    ]


def test_a_user_s_own_check_rejects_with_the_user_s_code(config) -> None:
    """Review 17, H1: Arm wraps the user's `additional_checks` (`DontPartition(...)`) with
    `wrap_check`; with `arm-user-checks` each carries `ARM.USER_EXCLUDED`, which the
    critical-operator WARNING spares, while the backend's own checks keep the reporter's code.
    Run on the migrated classes with a stand-in runtime."""
    core, arm = (
        FILES["arm-reporter-rejections"],
        "backends/arm/operator_support/tosa_supported_operators.py",
    )
    migrated = {}
    for rel, name in ((core, "arm-reporter-rejections"), (arm, "arm-user-checks")):
        result = migrate_source(
            (SAMPLE / rel).read_text(), f"executorch/{rel}", config, recipes=[_recipe(name)]
        )
        assert [n for n, _ in result.recipes] == [name], result.refused_recipes
        migrated[rel] = ast.parse(result.new_text)
    classes = [s for s in migrated[core].body if isinstance(s, ast.ClassDef) and "Report" in s.name]
    (wrapping,) = [s for s in migrated[arm].body if isinstance(s, ast.FunctionDef)]
    reported: list[tuple[object, ...]] = []

    class Check:  # the stand-in for torch's OperatorSupportBase and the user's DontPartition
        def __init__(self, *args: object) -> None:
            pass

        def is_node_supported(self, submodules: object, node: object) -> bool:
            return False

    namespace = {
        "OrderedDict": dict,
        "Optional": Optional,
        "Sequence": Sequence,
        "OperatorSupportBase": Check,
        "torch": type("torch", (), {"fx": type("fx", (), {"Node": object})}),
        "report_rejection": lambda *args: reported.append(args),
    }
    exec(compile(ast.Module([*classes, wrapping], []), core, "exec"), namespace)
    reporter = namespace["WhyNoPartitionReporter"](code="ARM.UNSUPPORTED")
    (user,) = namespace["_wrapped_additional_checks"]([Check()], reporter)
    user.is_node_supported({}, "linear")
    reporter.wrap_check(Check(), "not in TOSA's operator set").is_node_supported({}, "sort")
    assert reported == [
        (None, "linear", "Rejected by Check", "ARM.USER_EXCLUDED"),
        (None, "sort", "not in TOSA's operator set", "ARM.UNSUPPORTED"),
    ]
