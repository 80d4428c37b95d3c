# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import logging
import warnings

# This module already uses the names `logger` and `get_logger` for something else.
from executorch.backends.xnnpack.utils.registry import get_logger, logger


def is_per_channel(node) -> bool:
    scheme = getattr(node, "qscheme", None)
    if scheme is None:
        logging.warning("node %s has no quantization scheme", node)
        return False
    if scheme == "per_channel_symmetric":
        warnings.warn("symmetric per-channel weights are emulated", UserWarning)
    logger.record(node, get_logger)
    return scheme.startswith("per_channel")
