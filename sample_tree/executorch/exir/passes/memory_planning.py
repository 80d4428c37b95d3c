# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import itertools
import logging
from dataclasses import dataclass
from typing import Dict, List

logger: logging.Logger = logging.getLogger(__name__)


@dataclass
class Buffer:
    name: str
    size: int
    lifetime: tuple[int, int]


def overlaps(a: Buffer, b: Buffer) -> bool:
    return not (a.lifetime[1] < b.lifetime[0] or b.lifetime[1] < a.lifetime[0])


def greedy_plan(buffers: List[Buffer]) -> Dict[str, int]:
    """Place each buffer at the lowest offset that does not clash with a live one."""
    offsets: Dict[str, int] = {}
    for buf in sorted(buffers, key=lambda b: -b.size):
        offset = 0
        for other in buffers:
            if other.name in offsets and overlaps(buf, other):
                offset = max(offset, offsets[other.name] + other.size)
        offsets[buf.name] = offset
        logging.debug("placed %s at %d (%d bytes)", buf.name, offset, buf.size)
    if logging.getLogger().isEnabledFor(logging.DEBUG):
        pairs = sum(1 for a, b in itertools.combinations(buffers, 2) if not overlaps(a, b))
        logging.info(f"greedy: {pairs} pairs of buffers may share storage")
    total = max((offsets[b.name] + b.size for b in buffers), default=0)
    logger.info("planned %d buffers into %d bytes", len(buffers), total)
    if logging.DEBUG >= logging.root.level:
        logger.debug("offsets: %s", offsets)
    return offsets
