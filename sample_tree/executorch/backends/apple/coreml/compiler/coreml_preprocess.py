# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Core ML's preprocess (the shape the coreml-log-level-default-preprocess recipe knows): its
logger forced to WARNING unless ET_COREML_LOG_LEVEL says otherwise."""

import logging

from executorch.backends.apple.coreml.logging import get_coreml_log_level

logger = logging.getLogger(__name__)
logger.setLevel(get_coreml_log_level(default_level=logging.WARNING))


def preprocess(program, compile_specs):
    logger.debug("compile specs: %s", compile_specs)
    edge_program = program
    logger.info(f"Edge program: {edge_program}")
    return program
