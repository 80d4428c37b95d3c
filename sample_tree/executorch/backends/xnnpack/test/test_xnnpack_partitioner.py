# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

# A sample shape of XNNPACK's partitioner tests: a unittest class the recipes add to.

import io
import logging
import unittest

from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner


class TestXnnpackPartitioner(unittest.TestCase):
    def test_the_deprecation_is_logged(self):
        said = io.StringIO()
        logger = logging.getLogger(XnnpackPartitioner.__module__)
        logger.addHandler(logging.StreamHandler(said))
        self.addCleanup(logger.handlers.clear)
        XnnpackPartitioner()
        self.assertEqual(said.getvalue(), "")
