# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Arm's support checks: the user's own checks join the backend's, each reporting why."""

from typing import Optional, Sequence

from executorch.exir.backend.utils import WhyNoPartitionReporter
from torch.fx.passes.operator_support import OperatorSupportBase


def _wrapped_additional_checks(
    additional_checks: Optional[Sequence[OperatorSupportBase]],
    reporter: WhyNoPartitionReporter,
) -> list[OperatorSupportBase]:
    if not additional_checks:
        return []
    return [
        reporter.wrap_check(check, f"Rejected by {check.__class__.__name__}")
        for check in additional_checks
    ]
