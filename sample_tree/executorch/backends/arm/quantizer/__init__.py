# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Expose quantizer APIs; try to load the optional quantized kernels."""

from .config import QuantizationConfig  # noqa

# Load quantized ops library.
try:
    import executorch.kernels.quantized  # noqa
except ImportError:
    import logging

    logging.info("quantized kernels not available: build with pybindings to run them AOT")
