# Sample package: ExecuTorch-shaped, synthetic.
from executorch.backends.xnnpack.partition.config.generic_node_configs import PowConfig

ALL_PARTITIONER_CONFIGS = [PowConfig]
