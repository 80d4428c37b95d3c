# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Arm's TOSA partitioner gathers its rejections in one reporter per partition call."""

import logging

from executorch.exir.backend.utils import WhyNoPartitionReporter

logger = logging.getLogger(__name__)


class TOSAPartitioner:
    def partition(self, exported_program):
        reporter = WhyNoPartitionReporter()
        tags = self.tag_module(exported_program.graph_module, reporter)
        logger.info(reporter.get_table_report())
        return tags

    def tag_module(self, module, reporter) -> set:
        tags = set()
        for node in module.graph.nodes:
            if node.target in self.supported:
                tags.add("tag0")
            else:
                reporter.report_reject(node, f"{node.target} is not in TOSA's operator set")
        return tags
