# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
import logging
import os
from dataclasses import dataclass

logger = logging.getLogger(__name__)
# A backend-private variable decides this module's level: TORCH_LOGS cannot reach it.
logger.setLevel(os.environ.get("ARM_QUANTIZER_LOG_LEVEL", "WARNING"))


@dataclass
class QuantizationConfig:
    symmetric: bool = True

    def __post_init__(self) -> None:
        logger.debug("quantization config: symmetric=%s", self.symmetric)
