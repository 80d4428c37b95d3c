# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Core ML's level helper (the shape of ExecuTorch's backends/apple/coreml/logging.py the
coreml-log-level-default recipes call): modules call it with the level they want by default."""

import logging
import os

_LEVELS = {"DEBUG": logging.DEBUG, "INFO": logging.INFO, "WARNING": logging.WARNING}


def get_coreml_log_level(default_level: int) -> int:
    """ET_COREML_LOG_LEVEL when set, else ``default_level``."""
    level_str = os.environ.get("ET_COREML_LOG_LEVEL", "").upper()
    if level_str == "":
        return default_level
    if level_str not in _LEVELS:
        raise ValueError(f"Invalid ET_COREML_LOG_LEVEL: {level_str}")
    return _LEVELS[level_str]
