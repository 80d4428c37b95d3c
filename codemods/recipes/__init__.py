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
| qualcomm-, mediatek-, mlx-, coreai-rejections | their partitioner | `log; return False` in is_node_supported |
| xnnpack-graph-artifact | backends/xnnpack/serialization/xnnpack_graph_serialize.py | `TORCH_LOGS=xnnpack_graph` |
| override-logger | exir/common.py | `DebugPass(log_filename=...)` still writes its file |
"""

from __future__ import annotations

from codemods.recipes import backend_rejections, rejection_sites
from codemods.recipes.base import Edit, Recipe, RecipePlan
from codemods.recipes.override_logger import RECIPE as OVERRIDE_LOGGER
from codemods.recipes.partition_report import RECIPE as PARTITION_REPORT
from codemods.recipes.why_no_partition import RECIPE as WHY_NO_PARTITION
from codemods.recipes.xnnpack_graph import RECIPE as XNNPACK_GRAPH

RECIPES: list[Recipe] = [WHY_NO_PARTITION, PARTITION_REPORT, XNNPACK_GRAPH, OVERRIDE_LOGGER]
RECIPES += [backend_rejections.ARM_REPORTER, backend_rejections.XNNPACK_NO_CONFIG]
RECIPES += [backend_rejections.VULKAN_LOG_SKIP, backend_rejections.COREML]
RECIPES += [backend_rejections.OPENVINO, rejection_sites.QUALCOMM, rejection_sites.MEDIATEK]
RECIPES += [rejection_sites.MLX, rejection_sites.COREAI]

__all__ = ["RECIPES", "Edit", "Recipe", "RecipePlan"]
