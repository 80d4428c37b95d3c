"""ExecuTorch recipes: named, upstream-aware rewrites of specific code, applied after the generic
site kinds (`--no-recipes` turns them off). Each refuses, with a reason, when upstream moved.

| recipe | file | what the user gets |
|---|---|---|
| why-no-partition-info | exir/backend/utils.py | `TORCH_LOGS=xnnpack` tells why a node was not partitioned |
| partition-report | exir/backend/canonical_partitioners/config_partitioner.py | `TORCH_LOGS=partition_report` |
| xnnpack-graph-artifact | backends/xnnpack/serialization/xnnpack_graph_serialize.py | `TORCH_LOGS=xnnpack_graph` |
| override-logger | exir/common.py | `DebugPass(log_filename=...)` still writes its file |
| vela-report-to-log | backends/arm/arm_vela.py | Vela's summary on `arm` (INFO), not on stdout |
| vela-verbose-at-debug | backends/arm/ethosu/backend.py | Vela's verbose mode only at `+arm` |
| coreml-log-level-default | backends/apple/coreml/logging.py | `coreml` decides unless `ET_COREML_LOG_LEVEL` |
"""

from __future__ import annotations

from codemods.recipes.base import Edit, Recipe, RecipePlan
from codemods.recipes.coreml_log_level import RECIPE as COREML_LOG_LEVEL
from codemods.recipes.override_logger import RECIPE as OVERRIDE_LOGGER
from codemods.recipes.partition_report import RECIPE as PARTITION_REPORT
from codemods.recipes.vela_report import RECIPE as VELA_REPORT
from codemods.recipes.vela_verbose import RECIPE as VELA_VERBOSE
from codemods.recipes.why_no_partition import RECIPE as WHY_NO_PARTITION
from codemods.recipes.xnnpack_graph import RECIPE as XNNPACK_GRAPH

RECIPES: list[Recipe] = [WHY_NO_PARTITION, PARTITION_REPORT, XNNPACK_GRAPH, OVERRIDE_LOGGER]
RECIPES.append(VELA_REPORT)
RECIPES.append(VELA_VERBOSE)
RECIPES.append(COREML_LOG_LEVEL)

__all__ = ["RECIPES", "Edit", "Recipe", "RecipePlan"]
