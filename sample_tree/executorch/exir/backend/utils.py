# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Helpers backends share (the part of ExecuTorch's exir/backend/utils.py the recipes know)."""

import logging
from collections import OrderedDict
from typing import Optional

import torch
from torch.fx.passes.operator_support import OperatorSupportBase


def is_shape_dynamic(node) -> bool:
    """True if a dimension of the node's output is symbolic."""
    return not all(isinstance(d, int) for d in node.meta["val"].shape)


class WhyNoPartition:
    """Partitioners call `why(node, reason)` for every node they reject."""

    def __init__(self, logger: logging.Logger):
        self.logger = logger
        self.node: Optional[torch.fx.Node] = None
        self.reason: str = ""

    def __call__(self, node: torch.fx.Node, reason: str) -> None:
        self.node = node
        self.reason = reason
        self.logger.debug(self)

    def __str__(self) -> str:
        return f"WhyNoPartition: Node {self.node} was not partitioned because {self.reason}."


class WhyNoPartitionReporter:
    """Gathers why nodes were rejected, for one table (Arm's reporter)."""

    def __init__(self):
        self._rejected_nodes: OrderedDict[torch.fx.Node, str] = (
            OrderedDict()
        )  # {Rejected node: reason}

    def report_reject(self, node: torch.fx.Node, reason: str):
        """Report a node that was rejected from a partition, along with a reason for why."""
        if node not in self._rejected_nodes:
            self._rejected_nodes[node] = reason

    def wrap_check(
        self, operator_support: OperatorSupportBase, message: str
    ) -> OperatorSupportBase:
        """Wrap the operator_support, reporting rejects with the specified message."""
        return ReportRejected(operator_support, self, message)


class ReportRejected(OperatorSupportBase):
    """A check whose rejections the reporter records with one message."""

    def __init__(
        self,
        operator_support: OperatorSupportBase,
        reporter: WhyNoPartitionReporter,
        message,
    ):
        self.operator_support = operator_support
        self.reporter = reporter
        self.message = message

    def is_node_supported(self, submodules, node: torch.fx.Node) -> bool:
        is_supported = self.operator_support.is_node_supported(submodules, node)
        if not is_supported:
            self.reporter.report_reject(node, self.message)
        return is_supported
