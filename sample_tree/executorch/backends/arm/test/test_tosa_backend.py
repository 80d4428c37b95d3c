# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Tests are not library code: their logging and prints stay as they are."""

import logging
import sys

logging.basicConfig(level=logging.DEBUG)


def test_preprocess_empty_graph():
    from executorch.backends.arm.tosa.backend import preprocess

    print("running", file=sys.stderr)
    assert preprocess([]) == []
