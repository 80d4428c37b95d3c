"""ExecuTorch recipes: named, upstream-aware rewrites of specific code, applied after the generic
site kinds (`--no-recipes` turns them off). Each refuses, with a reason, when upstream moved.

| recipe | file | what the user gets |
|---|---|---|
| why-no-partition-info | exir/backend/utils.py | `TORCH_LOGS=xnnpack` tells why a node was not partitioned |
| partition-report | exir/backend/backend_api.py | every partitioner run: `TORCH_LOGS=partition_report`, why-not at INFO |
| arm-reporter-rejections | exir/backend/utils.py | Arm's rejections reach the partition run |
| xnnpack-no-config | exir/backend/canonical_partitioners/config_partitioner.py | "no XnnpackPartitioner config for …" |
| vulkan-log-skip | backends/vulkan/partitioner/vulkan_partitioner.py | Vulkan's (and WebGPU's) skips reach the run |
| coreml-rejections | backends/apple/coreml/partition/coreml_partitioner.py | Core ML's rejections reach the run |
| openvino-rejections | backends/openvino/partitioner.py | OpenVINO's "Op not supported" reaches the run |
| nxp-rejections | backends/nxp/neutron_partitioner.py | Neutron's decisions (no converter, ...) reach the run |
| samsung-rejections | backends/samsung/partition/enn_partitioner.py | ENN's rejection reaches the run |
| qualcomm-, mediatek-, mlx-, coreai-rejections | their partitioner | `log; return False` in is_node_supported |
| xnnpack-graph-artifact | backends/xnnpack/serialization/xnnpack_graph_serialize.py | `TORCH_LOGS=xnnpack_graph` |
| override-logger | exir/common.py | `DebugPass(log_filename=...)` still writes its file |
| vela-report-to-log | backends/arm/arm_vela.py | Vela's summary on `arm` (INFO), not on stdout |
| vela-verbose-at-debug | backends/arm/ethosu/backend.py | Vela's verbose mode only at `+arm` |
| coreml-log-level-default | backends/apple/coreml/logging.py | `coreml` decides unless `ET_COREML_LOG_LEVEL` |
"""

from __future__ import annotations

from codemods.recipes import backend_rejections, rejection_sites
from codemods.recipes.base import Edit, Recipe, RecipePlan
from codemods.recipes.coreml_log_level import RECIPE as COREML_LOG_LEVEL
from codemods.recipes.override_logger import RECIPE as OVERRIDE_LOGGER
from codemods.recipes.partition_report import RECIPE as PARTITION_REPORT
from codemods.recipes.vela_report import RECIPE as VELA_REPORT
from codemods.recipes.vela_verbose import RECIPE as VELA_VERBOSE
from codemods.recipes.why_no_partition import RECIPE as WHY_NO_PARTITION
from codemods.recipes.xnnpack_graph import RECIPE as XNNPACK_GRAPH

RECIPES: list[Recipe] = [
    WHY_NO_PARTITION,
    PARTITION_REPORT,
    backend_rejections.ARM_REPORTER,
    backend_rejections.XNNPACK_NO_CONFIG,
    backend_rejections.VULKAN_LOG_SKIP,
    backend_rejections.COREML,
    backend_rejections.OPENVINO,
    backend_rejections.NXP,
    backend_rejections.SAMSUNG,
    rejection_sites.QUALCOMM,
    rejection_sites.MEDIATEK,
    rejection_sites.MLX,
    rejection_sites.COREAI,
    XNNPACK_GRAPH,
    OVERRIDE_LOGGER,
    VELA_REPORT,
    VELA_VERBOSE,
    COREML_LOG_LEVEL,
]

__all__ = ["RECIPES", "Edit", "Recipe", "RecipePlan"]
