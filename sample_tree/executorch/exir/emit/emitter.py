"""Emit a serialisable program from a lowered graph (sample code)."""

from __future__ import annotations

import logging
from logging import getLogger as _get
from typing import TYPE_CHECKING, Any, List

if TYPE_CHECKING:
    from executorch.exir.program.program import Program

log = _get(__name__)


class Emitter:
    def __init__(self, program: "Program") -> None:
        self.program = program
        self.instructions: List[Any] = []

    def emit_node(self, node: Any) -> None:
        if node is None:
            logging.warning("skipping an empty node (100% of its users are dead)")
            return
        try:
            self.instructions.append(("call", node))
        except TypeError:
            logging.exception("cannot emit %r", node)
            raise
        log.debug("emitted %s", node)

    def summary(self) -> str:
        logging.log(logging.INFO, "emitted %d instructions", len(self.instructions))
        return f"{len(self.instructions)} instructions"
