"""ExecuTorch recipes: named, upstream-aware rewrites of specific code, applied after the generic
site kinds (`--no-recipes` turns them off). Each refuses, with a reason, when upstream moved.

Each recipe declares its name, file, change, effect and whether it changes behaviour by design
(`Recipe` in base.py); the report, the patch messages, `--help` and docs/codemod.md's table
(`python -m codemods.recipes.docs`) read them from `RECIPES`. Adding one is one module plus one
line here.
"""

from __future__ import annotations

from dataclasses import replace

from codemods.recipes import (
    arm_reporter,
    backend_rejections,
    coreml_log_level,
    critical_operators,
    openvino_rejections,
    reason_codes,
    rejection_sites,
)
from codemods.recipes.base import Edit, Recipe, RecipePlan
from codemods.recipes.partition_report import RECIPE as PARTITION_REPORT
from codemods.recipes.vela_verbose import RECIPE as VELA_VERBOSE
from codemods.recipes.why_no_partition import RECIPE as WHY_NO_PARTITION
from codemods.recipes.xnnpack_graph import RECIPE as XNNPACK_GRAPH
from codemods.recipes.xnnpack_verbose import RECIPE as XNNPACK_VERBOSE
from codemods.recipes.xnnpack_verbose_tests import RECIPE as XNNPACK_VERBOSE_TESTS

# ExecuTorch's logging: applied unless told otherwise, each in its owner's commit
LOGGING: list[Recipe] = [
    XNNPACK_GRAPH,
    XNNPACK_VERBOSE,
    XNNPACK_VERBOSE_TESTS,
    VELA_VERBOSE,
    coreml_log_level.PARTITIONER,
    coreml_log_level.PREPROCESS,
]
# et-log's delegation record, only when named (`--recipes delegation-record`: et-log-try)
DELEGATION: list[Recipe] = [
    replace(recipe, delegation=True)
    for recipe in [
        PARTITION_REPORT,  # first: the recipes whose reasons its run says work with it (THE_RUN)
        WHY_NO_PARTITION,
        arm_reporter.ARM_REPORTER,
        backend_rejections.CONFIG_PARTITIONER_NO_CONFIG,
        backend_rejections.VULKAN_LOG_SKIP,
        backend_rejections.COREML,
        openvino_rejections.RECIPE,
        backend_rejections.NXP,
        backend_rejections.SAMSUNG,
        rejection_sites.QUALCOMM,
        rejection_sites.MEDIATEK,
        rejection_sites.MLX,
        rejection_sites.COREAI,
        *reason_codes.XNNPACK,
        reason_codes.ARM,
        arm_reporter.ARM_USER_CHECKS,
        *critical_operators.RECIPES,
    ]
]
RECIPES: list[Recipe] = [*LOGGING, *DELEGATION]

RECIPE_NAMED: dict[str, Recipe] = {recipe.name: recipe for recipe in RECIPES}

__all__ = ["RECIPES", "RECIPE_NAMED", "Edit", "Recipe", "RecipePlan"]
